// A table's export (sync to a target database): the `export_configuration` document, read and
// written (PUT …/configurations/export) under the same names except the data connection (by name here).
import { z } from 'zod';
import { withRules } from '../../core/field-policy.js';
import { secret } from '../shared/fields.js';
import { emptyIsAValue } from '../shared/spec-projection.js';

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
    additional_params: emptyIsAValue(z.string().describe('Extra JDBC parameters.')).optional(),
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
    natural_key: withRules(z.array(text).optional().describe('Columns identifying a row (MERGE).'), {
      impact: 'reload',
    }),
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
    sync_type: withRules(
      z.enum(['DISABLED', 'OVERWRITE', 'APPEND', 'MERGE']).describe('How rows reach the target.'),
      { impact: 'reload' },
    ),
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

/** Where the data connection reference sits in a Table spec (a ref, so its id is known at write time). */
export const EXPORT_DATA_CONNECTION = '/export/connection/data_connection';
