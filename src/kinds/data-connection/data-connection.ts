// DataConnection: a target data connection (type TARGET) in the real v3 model: `sub_type` plus a
// `properties` document with a write-only password. Created with POST, updated with a full PUT.
import { defineKind, type WriteContext } from '../kind.js';
import { crudWrites } from '../shared/crud-writes.js';
import { auditMarker } from '../shared/ownership.js';
import { projectLive, projectToSchema } from '../shared/spec-projection.js';
import { connectionObject, type DataConnectionSpec, dataConnectionSpec } from './schema.js';

export type { DataConnectionSpec } from './schema.js';

export const DataConnection = defineKind<DataConnectionSpec>({
  kind: 'DataConnection',
  description: 'A target data connection that pipelines and table exports write to.',
  metadataKey: 'data_connection',
  spec: dataConnectionSpec,
  ownership: auditMarker('no tags; its properties are the connection settings'),
  refs: () => [],
  read: { list: '/admin/data-connections' },
  fromApi: ({ item }) => normalizeConnection(projectLive(item, connectionObject)),
  normalize: normalizeConnection,
  // Real clients update with a full PUT; the password is in that document, so it is always re-sent.
  ...crudWrites<DataConnectionSpec>({ collection: '/admin/data-connections', body, updateMethod: 'PUT' }),
});

function body(s: DataConnectionSpec, ctx: WriteContext): Record<string, unknown> {
  return { name: ctx.name, type: 'TARGET', ...s };
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
