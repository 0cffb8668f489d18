// A table's ingestion configuration (the ingestion keys of its configuration document): manifest
// schema and cross-field rules. Its fields are read back and written under the same names, so a new
// field is declared here and nowhere else in kinds/.
import { z } from 'zod';
import { withRules } from '../../core/field-policy.js';
import { forbids, requires, whenEquals } from '../shared/json-schema-rules.js';
import { emptyIsAValue } from '../shared/spec-projection.js';
import { partitionKey, splitByKey } from './partitioning-schema.js';

/** Real tenants use full-load/incremental; the spec's cdc-* values are accepted too. */
const SYNC_TYPES = [
  'full-load',
  'incremental',
  'cdc-ogg',
  'cdc-timestamp-column',
  'cdc-query',
  'cdc-batch-id',
  'cdc-log',
] as const;
const STORAGE_FORMATS = ['delta', 'parquet', 'orc', 'avro', 'csv', 'delimited_text_files'] as const;
const TARGET_TABLE_TYPES = [
  'infoworks_managed_table',
  'user_managed_table_without_data',
  'user_managed_table_with_data',
] as const;

const name = z.string().min(1);
const columns = (what: string) => z.array(name).min(1).describe(what);
const engines = (what: string) =>
  z.array(name).min(1).describe(`${what} (e.g. [SPARK, SNOWFLAKE]; upper-cased).`);

const crawlFilterCondition = z
  .object({
    filter_column: name.describe('Column the condition tests.'),
    filter_operator: name.describe('Comparison operator, e.g. `=`, `>`, `like`.'),
    filter_value: emptyIsAValue(z.string().describe('Value compared against.')),
    combine_condition: name.describe('How it joins the previous condition (AND/OR; `-` for the first).'),
    filter_value_disabled: z.boolean().optional().describe('Whether filter_value is ignored.'),
  })
  .strict();

const lowerBoundOffset = z
  .object({
    sql_type: z.number().int().optional().describe('java.sql.Types code of the watermark column.'),
    days: z.number().optional().describe('Days subtracted from the last watermark.'),
    hours: z.number().optional().describe('Hours subtracted from the last watermark.'),
    minutes: z.number().optional().describe('Minutes subtracted from the last watermark.'),
    offset_operation: name.optional().describe('How the offset applies to the watermark.'),
  })
  .strict();

const ingestionObject = z
  .object({
    sync_type: withRules(
      z
        .enum(SYNC_TYPES)
        .describe(
          'full-load (reload everything) or incremental (needs update_strategy); cdc-* as in the spec.',
        ),
      { impact: 'reload' },
    ),
    update_strategy: withRules(
      z
        .enum(['append', 'merge'])
        .optional()
        .describe('incremental only: append new rows, or merge on natural_keys.'),
      { impact: 'next-run' },
    ),
    watermark_columns: withRules(
      columns('incremental: the columns whose increase marks new rows.').optional(),
      { impact: 'unknown' },
    ),
    natural_keys: withRules(
      columns('Columns identifying a row; required for update_strategy merge.').optional(),
      { impact: 'reload' },
    ),
    partition_keys: withRules(
      z.array(partitionKey).optional().describe('Partitioning of the target table.'),
      { impact: 'reload' },
    ),
    split_by_key: withRules(splitByKey.optional(), { impact: 'next-run' }),
    storage_format: withRules(
      z.enum(STORAGE_FORMATS).optional().describe('File format of the target table.'),
      { impact: 'reload' },
    ),
    target_table_name: withRules(
      name.optional().describe('Table name in the target (data lake / warehouse).'),
      { impact: 'reload' },
    ),
    target_schema_name: withRules(name.optional().describe('Schema of the target table.'), {
      impact: 'reload',
    }),
    target_database_name: withRules(name.optional().describe('Database of the target table (Snowflake).'), {
      impact: 'reload',
    }),
    target_catalog_name: withRules(name.optional().describe('Catalog of the target table.'), {
      impact: 'reload',
    }),
    staging_schema_name: withRules(name.optional().describe('Schema of the staging table.'), {
      impact: 'unknown',
    }),
    staging_catalog_name: withRules(name.optional().describe('Catalog of the staging table.'), {
      impact: 'unknown',
    }),
    is_table_case_sensitive: withRules(
      z.boolean().optional().describe('Keep the target table name case as written.'),
      { impact: 'unknown' },
    ),
    is_schema_case_sensitive: withRules(
      z.boolean().optional().describe('Keep the target schema name case as written.'),
      { impact: 'unknown' },
    ),
    is_database_case_sensitive: withRules(
      z.boolean().optional().describe('Keep the target database name case as written.'),
      { impact: 'unknown' },
    ),
    exclude_legacy_audit_columns: withRules(
      z.boolean().optional().describe('Leave out the legacy audit columns.'),
      { impact: 'unknown' },
    ),
    is_scd2_table: withRules(
      z.boolean().optional().describe('Keep history as a slowly changing dimension type 2.'),
      { impact: 'history' },
    ),
    scd_type: withRules(name.optional().describe('Slowly changing dimension type, e.g. SCD_1.'), {
      impact: 'history',
    }),
    generate_history_view: withRules(z.boolean().optional().describe('Also create a history view.'), {
      impact: 'unknown',
    }),
    target_table_type: withRules(
      z.enum(TARGET_TABLE_TYPES).optional().describe('Who manages the target table.'),
      { impact: 'reload' },
    ),
    data_fetch_type: withRules(
      z.enum(['jdbc', 'tpt', 'skip_iw_processing']).optional().describe('How rows are fetched.'),
      { impact: 'next-run' },
    ),
    crawl_data_filter_enabled: withRules(
      z.boolean().optional().describe('Apply crawl_filter_conditions when reading.'),
      { impact: 'next-run' },
    ),
    crawl_filter_conditions: withRules(
      z.array(crawlFilterCondition).optional().describe('Row filter applied at the source.'),
      { impact: 'next-run' },
    ),
    sorting_columns: withRules(
      z.array(name).optional().describe('Columns the target is sorted by, in order (Snowflake).'),
      { impact: 'unknown' },
    ),
    read_supported_engines: withRules(engines('Engines that may read the table').optional(), {
      impact: 'unknown',
    }),
    write_supported_engines: withRules(engines('Engines that may write the table').optional(), {
      impact: 'unknown',
    }),
    enable_lower_bound_watermark_offset: withRules(
      z
        .boolean()
        .optional()
        .describe('Re-read a window before the last watermark (lower_bound_watermark_offset).'),
      { impact: 'next-run' },
    ),
    lower_bound_watermark_offset: withRules(
      lowerBoundOffset.optional().describe('The window re-read before the last watermark.'),
      { impact: 'next-run' },
    ),
  })
  .strict();

export type IngestionSpec = z.infer<typeof ingestionObject>;

export const ingestionSpec = ingestionObject
  .superRefine(checkIngestion)
  .describe('Ingestion configuration (written with PUT …/configurations/ingestion).')
  .meta({
    // checkIngestion's rules, for editors.
    allOf: [
      whenEquals('sync_type', 'incremental', requires('update_strategy', 'watermark_columns')),
      whenEquals('sync_type', 'full-load', forbids('update_strategy')),
      whenEquals('update_strategy', 'merge', requires('natural_keys')),
      whenEquals('enable_lower_bound_watermark_offset', true, requires('lower_bound_watermark_offset')),
    ],
  });

function checkIngestion(s: IngestionSpec, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (s.sync_type === 'incremental') {
    if (s.update_strategy === undefined) {
      issue('update_strategy', 'sync_type incremental needs update_strategy: append or merge');
    }
    if (s.watermark_columns === undefined) {
      issue('watermark_columns', 'sync_type incremental needs watermark_columns (e.g. [modified_at])');
    }
  } else if (s.sync_type === 'full-load' && s.update_strategy !== undefined) {
    issue(
      'update_strategy',
      'update_strategy applies only to sync_type incremental; remove it for full-load',
    );
  }
  if (s.update_strategy === 'merge' && s.natural_keys === undefined) {
    issue('natural_keys', 'update_strategy merge needs natural_keys (the columns that identify a row)');
  }
  if (s.enable_lower_bound_watermark_offset === true && s.lower_bound_watermark_offset === undefined) {
    issue(
      'lower_bound_watermark_offset',
      'enable_lower_bound_watermark_offset needs lower_bound_watermark_offset',
    );
  }
}
