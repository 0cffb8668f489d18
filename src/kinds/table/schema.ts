// The Table manifest spec: identity at the source, ingestion, export, columns, streaming, tags,
// description and advanced configurations. Each sub-document's schema lives in <part>-schema.ts.
import { z } from 'zod';
import { withRules } from '../../core/field-policy.js';
import { advancedConfigurations } from '../shared/advanced-configurations.js';
import { tags } from '../shared/fields.js';
import { tableSchema } from './columns-schema.js';
import { exportSpec } from './export-schema.js';
import { fileTable, sourceTable } from './identity-schema.js';
import { ingestionSpec } from './ingestion-schema.js';
import { streamingSpec } from './streaming-schema.js';

// Field policy (docs/data-impact.md): ingestion settings take effect when the job next runs;
// a deleted table's data goes with its id.
export const tableSpec = withRules(
  z
    .object({
      source_table: withRules(sourceTable.optional(), { impact: 'unknown' }),
      file: withRules(fileTable.optional(), { impact: 'next-run' }),
      description: withRules(z.string().optional().describe('Free text shown in the platform UI.'), {
        impact: 'metadata',
      }),
      tags: tags.optional(),
      ingestion: ingestionSpec.optional(),
      export: withRules(exportSpec.optional(), { impact: 'next-run' }),
      schema: withRules(tableSchema.optional(), { impact: 'unknown' }),
      streaming: withRules(streamingSpec.optional(), { impact: 'next-run' }),
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
    .describe('A table of a source: what it reads at the source and how it is ingested.'),
  { impact: 'next-run', impactOnDelete: 'delete' },
);

export type TableSpec = z.infer<typeof tableSpec>;
