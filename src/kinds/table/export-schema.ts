// A table's export (sync to a target database): schema, projection of the live `export_configuration`
// (secrets dropped, data connection id → name) and the body of PUT …/configurations/export.
import { z } from 'zod';
import type { NameLookup } from '../kind.js';
import { asArray, asRecord, compact, pick, secret } from '../shared/fields.js';
import { liveBoolean, liveNumber, liveStrings, liveText } from '../shared/table-live-values.js';

const text = z.string().min(1);
const TARGET_TYPES = [
  'BIG_QUERY',
  'AZURE_SQL_DW',
  'SNOWFLAKE',
  'COSMOS_DB',
  'DELIMITED',
  'POSTGRES',
  'TERADATA',
  'ORACLE',
  'SQLSERVER',
] as const;

const dataConnectionRef = z
  .object({ data_connection: text.describe('Name of the DataConnection to export to.') })
  .strict();

const INLINE_TEXT_KEYS = [
  'export_type',
  'auth_type',
  'connection_string',
  'database',
  'driver_name',
  'username',
  'schema',
  'table',
  'staging_schema',
  'query_tag',
  'warehouse',
  'additional_params',
  'server_name',
] as const;

const inlineConnection = z
  .object({
    export_type: z
      .enum(['full_load', 'cdc'])
      .optional()
      .describe('full_load or cdc (cdc adds staging_schema).'),
    auth_type: text.describe('Authentication type, e.g. SQL_SERVER_DEFAULT.'),
    connection_string: text.describe('JDBC URL of the target database.'),
    database: text.describe('Target database.'),
    driver_name: text.describe('JDBC driver class.'),
    username: text.describe('User the export connects as.'),
    password: secret('Password of that user.'),
    schema: text.describe('Target schema.'),
    table: text.describe('Target table.'),
    staging_schema: text.optional().describe('cdc: schema of the staging table.'),
    query_tag: text.optional().describe('Snowflake query tag.'),
    warehouse: text.optional().describe('Snowflake warehouse.'),
    additional_params: z.string().optional().describe('Extra JDBC parameters.'),
    server_name: text.optional().describe('Server name.'),
  })
  .strict();

const connection = z
  .union([dataConnectionRef, inlineConnection], {
    error:
      'give {data_connection: <name>} or an inline JDBC connection (connection_string, username, password…)',
  })
  .describe('Where to export: a DataConnection by name, or an inline JDBC connection.');

const targetConfiguration = z
  .object({
    schema_name: text.optional().describe('Target schema.'),
    table_name: text.optional().describe('Target table.'),
    database_name: text.optional().describe('Target database (Teradata).'),
    natural_key: z.array(text).optional().describe('Columns identifying a row (MERGE).'),
    sync_table_schema: z.boolean().optional().describe('Propagate schema changes to the target.'),
    is_existing_schema: z.boolean().optional().describe('The target schema exists already.'),
    is_existing_table: z.boolean().optional().describe('The target table exists already.'),
    target_table_type: text.optional().describe('Teradata table type, e.g. MULTISET.'),
    partition_type: text.optional().describe('Teradata partition type, e.g. NONE.'),
    indexing_column: z.array(text).optional().describe('Teradata index columns.'),
    is_unique_index: z.boolean().optional().describe('Teradata: the index is unique.'),
    distribution_details: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('e.g. {distribution_details: round_robin}.'),
    indexing_details: z.record(z.string(), z.unknown()).optional().describe('e.g. {indexing_type: heap}.'),
    partition_details: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('Partitioning of the target table.'),
  })
  .strict()
  .describe('The target table.');

const exportColumn = z
  .object({
    name: text.describe('Column name.'),
    original_name: text.optional().describe('Column name at the source.'),
    sql_type: z.number().int().optional().describe('java.sql.Types code.'),
    precision: z.number().int().optional().describe('Precision.'),
    scale: z.number().int().optional().describe('Scale.'),
  })
  .strict();

export const exportSpec = z
  .object({
    sync_type: z.enum(['DISABLED', 'OVERWRITE', 'APPEND', 'MERGE']).describe('How rows reach the target.'),
    target_type: z.enum(TARGET_TYPES).optional().describe('Kind of target database.'),
    connection: connection.optional(),
    target_configuration: targetConfiguration.optional(),
    columns: z.array(exportColumn).optional().describe('Columns exported (default: the API decides).'),
  })
  .strict()
  .superRefine((e, ctx) => {
    if (e.sync_type === 'DISABLED') return;
    for (const key of ['target_type', 'connection', 'target_configuration'] as const) {
      if (e[key] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `export sync_type ${e.sync_type} needs ${key}`,
        });
      }
    }
  })
  .describe('Export (sync to target), written with PUT …/configurations/export.');

export type ExportSpec = z.infer<typeof exportSpec>;

export const EXPORT_DATA_CONNECTION = '/export/connection/data_connection';

/** The export document; `connectionId` resolves the data connection reference. */
export function exportBody(e: ExportSpec, connectionId: () => string): Record<string, unknown> {
  const conn = e.connection;
  return compact({
    ...e,
    connection: conn && ('data_connection' in conn ? { data_connection_id: connectionId() } : conn),
  });
}

/** Live export_configuration → `export`; undefined when the table has no export (no sync_type). */
export function exportFromApi(value: unknown, nameOf: NameLookup['nameOf']): ExportSpec | undefined {
  const live = asRecord(value);
  const syncType = liveText(live?.sync_type);
  if (!live || syncType === undefined) return undefined;
  const columns = asArray(live.columns).map((c) => {
    const col = asRecord(c) ?? {};
    return compact({
      name: liveText(col.name) ?? '',
      original_name: liveText(col.original_name),
      sql_type: liveNumber(col.sql_type),
      precision: liveNumber(col.precision),
      scale: liveNumber(col.scale),
    });
  });
  return compact({
    sync_type: syncType as ExportSpec['sync_type'],
    target_type: liveText(live.target_type) as ExportSpec['target_type'],
    connection: connectionFromApi(live.connection, nameOf),
    target_configuration: targetFromApi(live.target_configuration),
    columns: columns.length > 0 ? columns : undefined,
  });
}

function connectionFromApi(value: unknown, nameOf: NameLookup['nameOf']): ExportSpec['connection'] {
  const conn = asRecord(value);
  if (!conn) return undefined;
  const id = liveText(conn.data_connection_id);
  if (id !== undefined) return { data_connection: nameOf('DataConnection', id) ?? id };
  // The password is write-only (it comes back as cipher text): never projected.
  const inline = pick(conn, INLINE_TEXT_KEYS);
  return Object.keys(inline).length > 0 ? (inline as ExportSpec['connection']) : undefined;
}

function targetFromApi(value: unknown): ExportSpec['target_configuration'] {
  const t = asRecord(value);
  if (!t) return undefined;
  const out: Record<string, unknown> = pick(t, [
    'distribution_details',
    'indexing_details',
    'partition_details',
  ]);
  for (const key of ['schema_name', 'table_name', 'database_name', 'target_table_type', 'partition_type']) {
    out[key] = liveText(t[key]);
  }
  for (const key of ['natural_key', 'indexing_column']) out[key] = liveStrings(t[key]);
  for (const key of ['sync_table_schema', 'is_existing_schema', 'is_existing_table', 'is_unique_index']) {
    out[key] = liveBoolean(t[key]);
  }
  const target = compact(out);
  return Object.keys(target).length > 0 ? target : undefined;
}
