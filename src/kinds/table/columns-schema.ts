// Column overrides of a table (`schema.columns`): the listed columns' target types and flags,
// read from the table's `columns` and written with PATCH …/configurations/schema under the same names;
// their descriptions (data-catalog text) are written with PATCH /tables/{id}/metadata.
import { z } from 'zod';
import { withRules } from '../../core/field-policy.js';

const columnOverride = z
  .object({
    name: z.string().min(1).describe('Target name of the column (the key of the override).'),
    original_name: z.string().min(1).optional().describe('Name of the column at the source.'),
    target_sql_type: z
      .number()
      .int()
      .optional()
      .describe('java.sql.Types code of the target type (12 varchar, 93 timestamp...).'),
    target_precision: z.number().int().nonnegative().optional().describe('Precision of the target type.'),
    target_scale: z.number().int().nonnegative().optional().describe('Scale of the target type.'),
    is_excluded_column: z.boolean().optional().describe('Leave the column out of the target.'),
    format: z.string().min(1).optional().describe('Date/timestamp format, e.g. yyyy-MM-dd.'),
    description: withRules(
      z
        .string()
        .nullable()
        .optional()
        .describe(
          'Data-catalog description of the column; an empty string (or null) clears it, leaving it out leaves it alone.',
        ),
      { impact: 'metadata' },
    ),
  })
  .strict();

export const tableSchema = z
  .object({
    columns: withRules(
      z
        .array(columnOverride)
        .min(1)
        .describe(
          'Overrides and descriptions for the listed columns, by name; columns not listed keep what the platform crawled.',
        ),
      { keyedBy: 'name' },
    ).optional(),
    column_order: withRules(
      z
        .array(z.string().min(1))
        .min(1)
        .describe(
          'Target names of the leading columns, in order: they take positions 1, 2, …; the columns not listed follow in their current order.',
        ),
      { prefix: true, impact: 'metadata' },
    ).optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.columns === undefined && s.column_order === undefined) {
      ctx.addIssue({ code: 'custom', path: [], message: 'give columns, column_order or both' });
    }
    for (const [list, names] of [
      ['columns', (s.columns ?? []).map((c) => c.name)],
      ['column_order', s.column_order ?? []],
    ] as const) {
      const seen = new Set<string>();
      names.forEach((name, i) => {
        if (seen.has(name)) {
          ctx.addIssue({
            code: 'custom',
            path: list === 'columns' ? [list, i, 'name'] : [list, i],
            message: `column ${name} is listed twice`,
          });
        }
        seen.add(name);
      });
    }
  })
  .describe(
    'Column overrides (PATCH …/configurations/schema), descriptions (PATCH /tables/{id}/metadata) and order (PATCH …/column-order).',
  );

export type TableSchema = z.infer<typeof tableSchema>;
