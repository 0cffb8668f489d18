// DataConnection: a target data connection (type TARGET) in the real v3 model: `sub_type` plus a
// `properties` document with a write-only password. Created with POST, updated with a full PUT.
import { z } from 'zod';
import { defineKind, pathIds, renderPath } from '../kind.js';
import { omitPointers, projectToSchema } from '../shared/spec-projection.js';
import { storedSecret } from '../shared/stored-secret.js';

const SNOWFLAKE_KEYS = ['url', 'account', 'username', 'password', 'additional_params', 'warehouse'];

const properties = z
  .object({
    url: z.string().min(1).optional().describe('Connection URL (Snowflake: the account URL).'),
    account: z.string().min(1).optional().describe('Snowflake account name.'),
    username: z.string().min(1).optional().describe('User name.'),
    password: storedSecret('Password of the user.').optional(),
    additional_params: z.string().optional().describe('Extra parameters, e.g. `x=2&&y=4`.'),
    warehouse: z.string().min(1).optional().describe('Snowflake warehouse.'),
  })
  // Only Snowflake's keys are documented; other sub-types take their own scalar properties.
  .catchall(z.union([z.string(), z.number(), z.boolean()]))
  .describe('Connection properties; the keys depend on sub_type (Snowflake: url, account, username, ...).');

const connectionObject = z
  .object({
    sub_type: z
      .string()
      .regex(/^[A-Z][A-Z0-9_]*$/, 'use the upper-case sub-type, e.g. SNOWFLAKE, SQL_SERVER, POSTGRES')
      .describe('Target system: SNOWFLAKE, SQL_SERVER, POSTGRES, BIGQUERY, COSMOS_DB, ...'),
    description: z.string().optional().describe('Free text shown in the platform UI.'),
    properties,
  })
  .strict();

const spec = connectionObject
  .superRefine((s, ctx) => {
    if (s.sub_type !== 'SNOWFLAKE') return;
    for (const key of Object.keys(s.properties)) {
      if (!SNOWFLAKE_KEYS.includes(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['properties', key],
          message: `SNOWFLAKE connections take ${SNOWFLAKE_KEYS.join(', ')}; remove ${key} or fix its spelling.`,
        });
      }
    }
    for (const key of ['url', 'account', 'username', 'password'] as const) {
      if (s.properties[key] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['properties', key],
          message: `SNOWFLAKE connections need properties.${key}; add it.`,
        });
      }
    }
  })
  .describe('A target data connection that pipelines and table exports write to.');

export type DataConnectionSpec = z.infer<typeof spec>;

const SENSITIVE = ['/properties/password'] as const;
const ITEM = '/admin/data-connections/{id}';

export const DataConnection = defineKind<DataConnectionSpec>({
  kind: 'DataConnection',
  description: 'A target data connection that pipelines and table exports write to.',
  metadataKey: 'data_connection',
  spec,
  sensitive: SENSITIVE,
  immutable: [],
  refs: () => [],
  read: { list: '/admin/data-connections' },
  fromApi: ({ item }) => normalizeConnection(omitPointers(item, SENSITIVE) as DataConnectionSpec),
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

/** Declared keys only; the SDK's `user_name` spelling is folded into `username`. */
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
