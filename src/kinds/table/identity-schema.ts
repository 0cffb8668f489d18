// What a table is at its source: an RDBMS table (`source_table`, immutable) or a set of files
// (`file`, kept in the table's configuration document). Schemas, projections and API shapes.
import { z } from 'zod';
import { asRecord, compact, pick } from '../shared/fields.js';
import { liveBoolean, liveNumber, liveText } from '../shared/table-live-values.js';

const text = z.string().min(1);

export const sourceTable = z
  .object({
    table_name: text.describe('Name of the table at the source.'),
    schema_name: text.describe('Schema of the table at the source.'),
    catalog_name: text
      .optional()
      .describe('Catalog (database) of the table at the source (SQL Server, Snowflake).'),
    table_type: text.default('TABLE').describe('TABLE or VIEW (upper-cased). Default TABLE.'),
  })
  .strict()
  .describe('The RDBMS table this table ingests. Changing table/schema/catalog replaces the table.');

const columnWidth = z
  .object({ column_width: z.number().int().positive().describe('Width of the column in characters.') })
  .strict();

const fileProperties = z
  .object({
    column_separator: z.string().min(1).optional().describe('Field delimiter, e.g. `,` or `|`.'),
    column_enclosed_by: z.string().optional().describe('Quote character around fields, e.g. `"`.'),
    escape_character: z.string().optional().describe('Escape character, e.g. `\\`.'),
    encoding: z.string().min(1).optional().describe('Character encoding, e.g. UTF-8.'),
    header_rows_count: z.number().int().nonnegative().optional().describe('Header rows to skip.'),
    footer_rows_count: z.number().int().nonnegative().optional().describe('Footer rows to skip.'),
    enable_pk_chunk: z.boolean().optional().describe('Chunk reads by primary key.'),
    use_custom_record_separator: z.boolean().optional().describe('Use record_separator instead of newlines.'),
    record_width_type: z.string().min(1).optional().describe('fixed_width for fixed-width files.'),
    record_separator: z.string().min(1).optional().describe('Record separator, e.g. `\\n`.'),
    columns_configurations: z
      .array(columnWidth)
      .optional()
      .describe('Fixed width: the width of each column.'),
  })
  .strict()
  .describe('How the files are laid out.');

export const fileTable = z
  .object({
    source_relative_path: text.describe(
      'Folder of the files, relative to the source base path, e.g. /prices.',
    ),
    source_file_type: z.enum(['csv', 'fixedwidth', 'json', 'xml']).describe('Format of the files.'),
    source_file_properties: fileProperties.optional(),
    ingest_subdirectories: z.boolean().optional().describe('Also read files in subfolders.'),
    include_filename_regex: text.optional().describe('Only files whose name matches, e.g. `.*`.'),
    exclude_filename_regex: text.optional().describe('Skip files whose name matches.'),
    is_archive_enabled: z.boolean().optional().describe('Archive files once ingested.'),
    target_relative_path: text.optional().describe('Folder of the table in the data lake, e.g. /prices.'),
    deltaLake_table_name: text.optional().describe('Name of the Delta Lake table.'),
  })
  .strict()
  .describe('The files this table ingests (file sources).');

export type SourceTable = z.infer<typeof sourceTable>;
export type FileTable = z.infer<typeof fileTable>;

/** Canonical form: the platform upper-cases table types. */
export function normalizeSourceTable(s: SourceTable): SourceTable {
  return { ...s, table_type: s.table_type.toUpperCase() };
}

/** The `tables_to_add` item that adds this table (target names come from the ingestion spec). */
export function tableToAdd(s: SourceTable, targets: Record<string, unknown>): Record<string, unknown> {
  return compact({
    table_name: s.table_name,
    schema_name: s.schema_name,
    catalog_name: s.catalog_name,
    table_type: s.table_type.toUpperCase(),
    ...pick(targets, [
      'target_table_name',
      'target_schema_name',
      'target_database_name',
      'target_catalog_name',
      'staging_schema_name',
      'staging_catalog_name',
    ]),
  });
}

/** A live table is a file table when its configuration says where the files are. */
export function isFileConfiguration(config: Record<string, unknown>): boolean {
  return (
    liveText(config.source_file_type) !== undefined || liveText(config.source_relative_path) !== undefined
  );
}

/**
 * Live table → `source_table`. The list item does not echo the table type, so a live table
 * without one is read as the default TABLE rather than left out (which would diff forever).
 */
export function sourceTableFromApi(item: Record<string, unknown>): SourceTable {
  const config = asRecord(item.configuration) ?? {};
  return compact({
    table_name: liveText(item.original_table_name) ?? String(item.name ?? ''),
    schema_name: liveText(item.schema_name_at_source) ?? '',
    catalog_name: liveText(item.catalog_name),
    table_type: (liveText(item.table_type) ?? liveText(config.table_type) ?? 'TABLE').toUpperCase(),
  });
}

/** Live configuration → `file` (file keys only; the ingestion keys belong to `ingestion`). */
export function fileFromApi(config: Record<string, unknown>): FileTable {
  return compact({
    source_relative_path: liveText(config.source_relative_path) ?? '',
    source_file_type: liveText(config.source_file_type) as FileTable['source_file_type'],
    source_file_properties: filePropertiesFromApi(config.source_file_properties),
    // Mainframe payloads spell it include_subdirectories.
    ingest_subdirectories:
      liveBoolean(config.ingest_subdirectories) ?? liveBoolean(config.include_subdirectories),
    include_filename_regex: liveText(config.include_filename_regex),
    exclude_filename_regex: liveText(config.exclude_filename_regex),
    is_archive_enabled: liveBoolean(config.is_archive_enabled),
    target_relative_path: liveText(config.target_relative_path),
    deltaLake_table_name: liveText(config.deltaLake_table_name),
  });
}

function filePropertiesFromApi(value: unknown): FileTable['source_file_properties'] {
  const p = asRecord(value);
  if (!p) return undefined;
  // The file-mapping endpoint spells it columns_configuration; the configuration uses the plural.
  const widths = Array.isArray(p.columns_configurations) ? p.columns_configurations : p.columns_configuration;
  const out = compact({
    column_separator: liveText(p.column_separator),
    column_enclosed_by: typeof p.column_enclosed_by === 'string' ? p.column_enclosed_by : undefined,
    escape_character: typeof p.escape_character === 'string' ? p.escape_character : undefined,
    encoding: liveText(p.encoding),
    header_rows_count: liveNumber(p.header_rows_count),
    footer_rows_count: liveNumber(p.footer_rows_count),
    enable_pk_chunk: liveBoolean(p.enable_pk_chunk),
    use_custom_record_separator: liveBoolean(p.use_custom_record_separator),
    record_width_type: liveText(p.record_width_type),
    record_separator: liveText(p.record_separator),
    columns_configurations: Array.isArray(widths)
      ? widths.map((w) => ({ column_width: liveNumber(asRecord(w)?.column_width) ?? 0 }))
      : undefined,
  });
  return Object.keys(out).length > 0 ? out : undefined;
}
