// The TableGroup manifest spec: the compute it runs on (by name), its connection limits, its tables
// (a set keyed by table name) and its schedule.
import { z } from 'zod';
import { withRules } from '../../core/field-policy.js';
import { platformName } from '../shared/fields.js';
import { scheduleSpec } from './schedule-schema.js';

const tableEntry = z
  .object({
    table: z.string().min(1).describe('Name of a table of this source.'),
    connection_quota: z
      .number()
      .int()
      .min(1)
      .max(100)
      .optional()
      .describe('Share of max_connections this table may use, in percent (1–100).'),
  })
  .strict();

// Field policy (docs/data-impact.md): a group schedules and bounds ingestion runs; its tables keep their data.
export const tableGroupSpec = withRules(
  z
    .object({
      compute: platformName.describe(
        'Name of the compute template or interactive cluster (in the source’s environment) the group runs on.',
      ),
      max_connections: z
        .number()
        .int()
        .min(1)
        .default(1)
        .describe('Most connections to the source at once. Default 1.'),
      max_parallel_entities: z
        .number()
        .int()
        .min(1)
        .default(1)
        .describe('Most tables ingested in parallel. Default 1.'),
      query_tag: z.string().optional().describe('Query tag set on the warehouse session (Snowflake).'),
      warehouse: z.string().optional().describe('Warehouse the group runs in (Snowflake).'),
      tables: z.array(tableEntry).describe('Tables of the group: a set keyed by table, each listed once.'),
      schedule: scheduleSpec.optional(),
    })
    .strict()
    .superRefine((s, ctx) => {
      const seen = new Set<string>();
      s.tables.forEach((t, i) => {
        if (seen.has(t.table))
          ctx.addIssue({
            code: 'custom',
            path: ['tables', i, 'table'],
            message: `table ${t.table} is listed twice in tables: list each table once`,
          });
        seen.add(t.table);
      });
    })
    .describe('A table group: tables of one source ingested together on one compute, optionally scheduled.'),
  { impact: 'next-run', impactOnDelete: 'next-run' },
);

export type TableGroupSpec = z.infer<typeof tableGroupSpec>;
