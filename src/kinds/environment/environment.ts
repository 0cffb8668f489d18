// Environment: a platform + compute engine pairing with its connection, metastore and optional
// data warehouse. Written whole (POST, then PATCH of the full managed document), as real clients do.
import { defineKind, pathIds, renderPath } from '../kind.js';
import { noMarker } from '../shared/ownership.js';
import { renameByName } from '../shared/rename-call.js';
import { projectLive, projectToSchema } from '../shared/spec-projection.js';
import { ENVIRONMENT_SECRETS, type EnvironmentSpec, environmentObject, environmentSpec } from './schema.js';

export type { EnvironmentSpec } from './schema.js';

const ITEM = '/admin/environment/{id}';

export const Environment = defineKind<EnvironmentSpec>({
  kind: 'Environment',
  description: 'An environment: where data is stored and processed (platform, compute engine, metastore).',
  metadataKey: 'environment',
  spec: environmentSpec,
  sensitive: ENVIRONMENT_SECRETS,
  // The PATCH variants of the v3 API carry neither field.
  immutable: ['/platform', '/compute_engine'],
  ownership: noMarker('no tags or free-form properties'),
  refs: () => [],
  // With fetch_all the list holds full documents (connection, metastore), so no per-item GET.
  read: { list: '/admin/environment?fetch_all=true' },
  fromApi: ({ item }) => projectLive(item, environmentObject, ENVIRONMENT_SECRETS),
  // Desired specs are folded the same way, so an empty string declared is an empty string read.
  normalize: (s) => projectToSchema(s, environmentObject) as EnvironmentSpec,
  create: (s, ctx) => [
    { method: 'POST', path: '/admin/environment', body: { name: ctx.name, ...s }, creates: true },
  ],
  update: (_before, after, _changed, ctx) => {
    // Secrets live throughout the document, so the whole managed document is re-sent.
    const { platform: _platform, compute_engine: _engine, ...patch } = after;
    return [{ method: 'PATCH', path: renderPath(ITEM, pathIds(ctx)), body: { name: ctx.name, ...patch } }];
  },
  remove: (_before, ctx) => [{ method: 'DELETE', path: renderPath(ITEM, pathIds(ctx)) }],
  // The PATCH is partial: `{name}` alone renames without re-sending the secrets.
  rename: renameByName(ITEM),
});
