// The Table manifest spec: identity at the source, ingestion, export, columns, streaming, tags,
// description and advanced configurations. Each sub-document's schema lives in <part>-schema.ts.
import { z } from 'zod';
import { advancedConfigurations } from '../shared/advanced-configurations.js';
import { tags } from '../shared/fields.js';
import { tableSchema } from './columns-schema.js';
import { exportSpec } from './export-schema.js';
import { fileTable, sourceTable } from './identity-schema.js';
import { ingestionSpec } from './ingestion-schema.js';
import { streamingSpec } from './streaming-schema.js';

export const tableSpec = z
  .object({
    source_table: sourceTable.optional(),
    file: fileTable.optional(),
    description: z.string().optional().describe('Free text shown in the platform UI.'),
    tags: tags.optional(),
    ingestion: ingestionSpec.optional(),
    export: exportSpec.optional(),
    schema: tableSchema.optional(),
    streaming: streamingSpec.optional(),
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
