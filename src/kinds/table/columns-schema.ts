// Column overrides of a table (`schema.columns`): the listed columns' target types and flags,
// written with PATCH …/configurations/schema; live columns projected without audit or deleted ones.
import { z } from 'zod';
import { asArray, asRecord, compact } from '../shared/fields.js';
import { liveBoolean, liveNumber, liveText } from '../shared/table-live-values.js';

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
  })
  .strict();

export const tableSchema = z
  .object({
    columns: z
      .array(columnOverride)
      .min(1)
      .describe(
        'Overrides for the listed columns, by name; columns not listed keep what the platform crawled.',
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

/** Canonical form: overrides sorted by column name. */
export function normalizeTableSchema(s: TableSchema): TableSchema {
  return { columns: [...s.columns].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) };
}

export function schemaBody(s: TableSchema): Record<string, unknown> {
  return { type: 'column', columns: s.columns.map((c) => compact({ ...c })) };
}

/**
 * Live columns → `schema`: every column the platform crawled, except its audit columns and
 * deleted ones, with only the keys an override may set. The diff compares the columns a manifest
 * lists (by name) — see the report: a manifest lists overrides, not the whole table.
 */
export function schemaFromApi(value: unknown): TableSchema | undefined {
  const columns = asArray(value)
    .map((c) => asRecord(c) ?? {})
    .filter((c) => liveBoolean(c.is_audit_column) !== true && liveBoolean(c.is_deleted) !== true)
    .filter((c) => liveText(c.name) !== undefined)
    .map((c) =>
      compact({
        name: liveText(c.name) ?? '',
        original_name: liveText(c.original_name),
        target_sql_type: liveNumber(c.target_sql_type),
        target_precision: liveNumber(c.target_precision),
        target_scale: liveNumber(c.target_scale),
        is_excluded_column: liveBoolean(c.is_excluded_column),
        format: liveText(c.format),
      }),
    );
  return columns.length > 0 ? normalizeTableSchema({ columns }) : undefined;
}
