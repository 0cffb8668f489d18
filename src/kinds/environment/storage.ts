// EnvironmentStorage: a storage location of an environment (DBFS, ADLS, WASB, S3, GCS) with its
// credentials. Written whole (POST, then PATCH of the full managed document) since it holds secrets.
import { defineKind, type WriteContext } from '../kind.js';
import { crudWrites } from '../shared/crud-writes.js';
import { platformName } from '../shared/fields.js';
import { auditMarker } from '../shared/ownership.js';
import { projectLive, projectToSchema } from '../shared/spec-projection.js';
import { type EnvironmentStorageSpec, storageObject, storageSpec } from './storage-schema.js';

export type { EnvironmentStorageSpec } from './storage-schema.js';

const LIST = '/admin/environment/{Environment}/environment-storage';

export const EnvironmentStorage = defineKind<EnvironmentStorageSpec>({
  kind: 'EnvironmentStorage',
  description: 'A storage location of an environment, with the credentials to reach it.',
  parent: 'Environment',
  metadataKey: 'storage',
  name: platformName,
  spec: storageSpec,
  ownership: auditMarker('no tags or free-form properties'),
  refs: () => [],
  read: { list: LIST },
  fromApi: ({ item }) => projectLive(item, storageObject),
  // Desired specs are folded the same way; an empty storage_authentication (dbfs) is no setting.
  normalize: (s) => projectToSchema(s, storageObject) as EnvironmentStorageSpec,
  // The credentials sit in the same document, so every update re-sends it whole.
  // No reference documents DELETE of a storage (contract, seed and vendor SDK lack it).
  ...crudWrites<EnvironmentStorageSpec>({ collection: LIST, body, undocumentedDelete: true }),
});

function body(s: EnvironmentStorageSpec, ctx: WriteContext): Record<string, unknown> {
  // dbfs takes no credentials; the API expects an empty object there, as real clients send.
  return { name: ctx.name, ...s, storage_authentication: s.storage_authentication ?? {} };
}
