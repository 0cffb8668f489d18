// EnvironmentStorage: a storage location of an environment (DBFS, ADLS, WASB, S3, GCS) with its
// credentials. Written whole (POST, then PATCH of the full managed document) since it holds secrets.
import { defineKind, pathIds, renderPath } from '../kind.js';
import { projectLive, projectToSchema } from '../shared/spec-projection.js';
import {
  type EnvironmentStorageSpec,
  STORAGE_SECRETS,
  storageObject,
  storageSpec,
} from './storage-schema.js';

export type { EnvironmentStorageSpec } from './storage-schema.js';

const LIST = '/admin/environment/{Environment}/environment-storage';
const ITEM = `${LIST}/{id}`;

export const EnvironmentStorage = defineKind<EnvironmentStorageSpec>({
  kind: 'EnvironmentStorage',
  description: 'A storage location of an environment, with the credentials to reach it.',
  parent: 'Environment',
  metadataKey: 'storage',
  spec: storageSpec,
  sensitive: STORAGE_SECRETS,
  immutable: ['/storage_type'],
  refs: () => [],
  read: { list: LIST },
  fromApi: ({ item }) => projectLive(item, storageObject, STORAGE_SECRETS),
  // Desired specs are folded the same way; an empty storage_authentication (dbfs) is no setting.
  normalize: (s) => projectToSchema(s, storageObject) as EnvironmentStorageSpec,
  create: (s, ctx) => [
    { method: 'POST', path: renderPath(LIST, pathIds(ctx)), body: body(s, ctx.name), creates: true },
  ],
  // The credentials sit in the same document, so every update re-sends it whole.
  update: (_before, after, _changed, ctx) => [
    { method: 'PATCH', path: renderPath(ITEM, pathIds(ctx)), body: body(after, ctx.name) },
  ],
  remove: (_before, ctx) => [{ method: 'DELETE', path: renderPath(ITEM, pathIds(ctx)) }],
});

function body(s: EnvironmentStorageSpec, name: string): Record<string, unknown> {
  // dbfs takes no credentials; the API expects an empty object there, as real clients send.
  return { name, ...s, storage_authentication: s.storage_authentication ?? {} };
}
