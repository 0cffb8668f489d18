// Column overrides of a table (`schema.columns`): the listed columns' target types and flags,
// read from the table's `columns` and written with PATCH …/configurations/schema under the same names;
// their descriptions (data-catalog text) are written with PATCH /tables/{id}/metadata.
import { z } from 'zod';

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
    description: z
      .string()
      .nullable()
      .optional()
      .describe(
        'Data-catalog description of the column; an empty string (or null) clears it, leaving it out leaves it alone.',
      ),
  })
  .strict();

export const tableSchema = z
  .object({
    columns: z
      .array(columnOverride)
      .min(1)
      .describe(
        'Overrides and descriptions for the listed columns, by name; columns not listed keep what the platform crawled.',
      ),
  })
  .strict()
  .superRefine((s, ctx) => {
    const seen = new Set<string>();
    s.columns.forEach((c, i) => {
      if (seen.has(c.name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['columns', i, 'name'],
          message: `column ${c.name} is listed twice`,
        });
      }
      seen.add(c.name);
    });
  })
  .describe('Column overrides, written with PATCH …/configurations/schema.');

export type TableSchema = z.infer<typeof tableSchema>;
