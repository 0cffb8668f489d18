// DataConnection: a target data connection (type TARGET) in the real v3 model: `sub_type` plus a
// `properties` document with a write-only password. Created with POST, updated with a full PUT.
import { defineKind, pathIds, renderPath } from '../kind.js';
import { projectLive, projectToSchema } from '../shared/spec-projection.js';
import { connectionObject, type DataConnectionSpec, dataConnectionSpec } from './schema.js';

export type { DataConnectionSpec } from './schema.js';

const SENSITIVE = ['/properties/password'] as const;
const ITEM = '/admin/data-connections/{id}';

export const DataConnection = defineKind<DataConnectionSpec>({
  kind: 'DataConnection',
  description: 'A target data connection that pipelines and table exports write to.',
  metadataKey: 'data_connection',
  spec: dataConnectionSpec,
  sensitive: SENSITIVE,
  immutable: [],
  refs: () => [],
  read: { list: '/admin/data-connections' },
  fromApi: ({ item }) => normalizeConnection(projectLive(item, connectionObject, SENSITIVE)),
  normalize: normalizeConnection,
  create: (s, ctx) => [
    { method: 'POST', path: '/admin/data-connections', body: body(s, ctx.name), creates: true },
  ],
  // Real clients update with a full PUT; the password is in that document, so it is always re-sent.
  update: (_before, after, _changed, ctx) => [
    { method: 'PUT', path: renderPath(ITEM, pathIds(ctx)), body: body(after, ctx.name) },
  ],
  remove: (_before, ctx) => [{ method: 'DELETE', path: renderPath(ITEM, pathIds(ctx)) }],
});

function body(s: DataConnectionSpec, name: string): Record<string, unknown> {
  return { name, type: 'TARGET', ...s };
}

/**
 * Desired specs are folded like live ones (declared keys only, no empty strings); the SDK's
 * `user_name` spelling is folded into `username`.
 */
function normalizeConnection(s: DataConnectionSpec): DataConnectionSpec {
  const out = projectToSchema(s, connectionObject) as DataConnectionSpec;
  const props = out.properties as Record<string, unknown> | undefined;
  if (props && props.user_name !== undefined) {
    if (props.username === undefined) props.username = props.user_name;
    delete props.user_name;
  }
  if (typeof out.sub_type === 'string') out.sub_type = out.sub_type.toUpperCase();
  return out;
}
