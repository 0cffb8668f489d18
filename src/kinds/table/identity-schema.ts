// What a table is at its source: an RDBMS table (`source_table`, immutable) or a set of files
// (`file`, kept in the table's configuration document next to the ingestion keys).
import { z } from 'zod';
import { withRules } from '../../core/field-policy.js';
import { emptyIsAValue } from '../shared/spec-projection.js';

const text = z.string().min(1);

export const sourceTable = z
  .object({
    table_name: withRules(text.describe('Name of the table at the source.'), { immutable: true }),
    schema_name: withRules(text.describe('Schema of the table at the source.'), { immutable: true }),
    catalog_name: withRules(
      text.describe('Catalog (database) of the table at the source (SQL Server, Snowflake).'),
      { immutable: true },
    ).optional(),
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
    column_enclosed_by: emptyIsAValue(
      z.string().describe('Quote character around fields, e.g. `"`.'),
    ).optional(),
    escape_character: emptyIsAValue(z.string().describe('Escape character, e.g. `\\`.')).optional(),
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
