// The Table manifest spec: identity at the source, ingestion, export, column overrides, tags,
// description and advanced configurations; its canonical form. Sub-schemas live in table-*.ts.
import { z } from 'zod';
import { advancedConfigurations, compact, sortedSet, tags } from '../shared/fields.js';
import { sortAdvanced } from '../shared/table-advanced.js';
import { normalizeTableSchema, tableSchema } from './columns-schema.js';
import { exportSpec } from './export-schema.js';
import { fileTable, normalizeSourceTable, sourceTable } from './identity-schema.js';
import { ingestionSpec, normalizeIngestion } from './ingestion-schema.js';

export const tableSpec = z
  .object({
    source_table: sourceTable.optional(),
    file: fileTable.optional(),
    description: z.string().optional().describe('Free text shown in the platform UI.'),
    tags: tags.optional(),
    ingestion: ingestionSpec.optional(),
    export: exportSpec.optional(),
    schema: tableSchema.optional(),
    advanced_configurations: advancedConfigurations.optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    if ((s.source_table === undefined) === (s.file === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: s.source_table === undefined ? [] : ['file'],
        message:
          'give exactly one of source_table (a table of an RDBMS source) or file (files of a file source)',
      });
    }
  })
  .describe('A table of a source: what it reads at the source and how it is ingested.');

export type TableSpec = z.infer<typeof tableSpec>;

export function normalizeTable(s: TableSpec): TableSpec {
  return compact({
    ...s,
    source_table: s.source_table && normalizeSourceTable(s.source_table),
    tags: s.tags && sortedSet(s.tags),
    ingestion: s.ingestion && normalizeIngestion(s.ingestion),
    schema: s.schema && normalizeTableSchema(s.schema),
    advanced_configurations: s.advanced_configurations && sortAdvanced(s.advanced_configurations),
  });
}
