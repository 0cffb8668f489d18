// TableGroup: tables of one source ingested together on one compute, optionally on a schedule.
// Schedule user: `schedule.user` omitted → on create dpac makes the account it runs as the
// schedule user (`PUT …/schedules/user`, which always picks the caller) and leaves a live user
// alone afterwards; given → it needs `user_token` (that user's refresh token) and is set the way
// the SDK does it, by re-sending the group with `scheduler_username` + `scheduler_auth_token`.
import { z } from 'zod';
import type { CallDraft } from '../../core/call.js';
import { defineKind, pathIds, type Ref, type RefContext, renderPath, type WriteContext } from '../kind.js';
import { asArray, asRecord, asString, compact, platformName } from '../shared/fields.js';
import { idOf, numberOf } from '../shared/live-values.js';
import { scheduleBody, scheduleFromApi } from './schedule-api.js';
import { normalizeSchedule, type ScheduleSpec, sameTiming, scheduleSpec } from './schedule-schema.js';

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

const spec = z
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
  .describe('A table group: tables of one source ingested together on one compute, optionally scheduled.');

export type TableGroupSpec = z.infer<typeof spec>;

const LIST = '/sources/{Source}/table-groups';
const ITEM = '/sources/{Source}/table-groups/{id}';
/** What a freshly created group's schedule reads back as: none, which projects as disabled. */
const UNSCHEDULED: ScheduleSpec = { enabled: false };

export const TableGroup = defineKind<TableGroupSpec>({
  kind: 'TableGroup',
  description: 'A table group: tables of one source ingested together on one compute, optionally scheduled.',
  parent: 'Source',
  metadataKey: 'table_group',
  spec,
  sensitive: ['/schedule/user_token'],
  immutable: [],
  refs: (s, ctx) => {
    const source = ctx.ancestors[0];
    if (source === undefined) return [];
    const refs: Ref[] = [];
    const compute = computeAddress(s.compute, source, ctx);
    if (compute !== undefined) refs.push({ address: compute, path: '/compute' });
    // Paths follow the canonical (sorted) order, the order create() and update() write tables in.
    sortTables(s.tables).forEach((t, i) => {
      refs.push({ address: `Table/${source}/${t.table}`, path: `/tables/${i}/table` });
    });
    if (s.schedule?.user !== undefined)
      refs.push({ address: `User/${s.schedule.user}`, path: '/schedule/user' });
    return refs;
  },
  read: {
    list: LIST,
    documents: { schedule: `${ITEM}/schedules` },
    documentKeys: { schedule: ['schedule'] },
  },
  fromApi: ({ item, docs }, names) => {
    const computeId = idOf(asRecord(item.environment_compute_template)?.environment_compute_template_id);
    const tables = asArray(item.tables).flatMap((entry) => {
      const e = asRecord(entry);
      const id = idOf(e?.table_id);
      if (id === undefined) return [];
      return [
        compact({ table: names.nameOf('Table', id) ?? id, connection_quota: numberOf(e?.connection_quota) }),
      ];
    });
    // Live may lack a field the type requires; it stays missing (not invented) so the diff names it.
    const live = compact({
      compute:
        computeId === undefined
          ? undefined
          : (names.nameOf('ComputeTemplate', computeId) ??
            names.nameOf('InteractiveCluster', computeId) ??
            computeId),
      max_connections: numberOf(item.max_connections),
      max_parallel_entities: numberOf(item.max_parallel_entities),
      query_tag: nonEmpty(item.query_tag),
      warehouse: nonEmpty(item.warehouse),
      tables,
      schedule: scheduleFromApi(docs.schedule),
    }) as TableGroupSpec;
    return normalize(live);
  },
  normalize,
  create: (s, ctx) => {
    const calls: CallDraft[] = [
      { method: 'POST', path: renderPath(LIST, pathIds(ctx)), body: groupBody(s, ctx), creates: true },
    ];
    if (s.schedule === undefined) return calls;
    if (s.schedule.user !== undefined) calls.push(putGroup(s, ctx));
    return [...calls, ...scheduleCalls(UNSCHEDULED, s.schedule, ctx)];
  },
  update: (before, after, changed, ctx) => {
    const calls: CallDraft[] = [];
    const groupChanged = [...changed].some((key) => key !== 'schedule');
    const schedule = changed.has('schedule') ? after.schedule : undefined;
    const newUser = schedule?.user !== undefined && schedule.user !== before.schedule?.user;
    if (groupChanged || newUser) calls.push(putGroup(after, ctx, before));
    if (schedule !== undefined) calls.push(...scheduleCalls(before.schedule, schedule, ctx));
    return calls;
  },
  remove: (_before, ctx) => [{ method: 'DELETE', path: renderPath(ITEM, pathIds(ctx)), note: 'table group' }],
});

function normalize(s: TableGroupSpec): TableGroupSpec {
  return compact({
    ...s,
    tables: sortTables(s.tables),
    schedule: s.schedule === undefined ? undefined : normalizeSchedule(s.schedule),
  });
}

function sortTables<T extends { table: string }>(tables: readonly T[]): T[] {
  return [...tables].sort((a, b) => (a.table < b.table ? -1 : a.table > b.table ? 1 : 0));
}

/** A compute is named within the source's environment; templates win over clusters of the same name. */
function computeAddress(compute: string, source: string, ctx: RefContext): string | undefined {
  const env = asString(asRecord(ctx.declared(`Source/${source}`))?.environment);
  if (env === undefined) return undefined;
  const template = `ComputeTemplate/${env}/${compute}`;
  const cluster = `InteractiveCluster/${env}/${compute}`;
  if (ctx.declared(template) !== undefined) return template;
  return ctx.declared(cluster) !== undefined ? cluster : template;
}

/**
 * The group document. `keep` is the live group on update: the PUT replaces the whole group, so
 * optional fields the manifest leaves unmanaged are carried over rather than cleared.
 */
function groupBody(s: TableGroupSpec, ctx: WriteContext, keep?: TableGroupSpec): Record<string, unknown> {
  return compact({
    name: ctx.name,
    environment_compute_template: { environment_compute_template_id: ctx.idAt('/compute') },
    max_connections: s.max_connections,
    max_parallel_entities: s.max_parallel_entities,
    tables: sortTables(s.tables).map((t, i) =>
      compact({ table_id: ctx.idAt(`/tables/${i}/table`), connection_quota: t.connection_quota }),
    ),
    query_tag: s.query_tag ?? keep?.query_tag,
    warehouse: s.warehouse ?? keep?.warehouse,
  });
}

/** Full-replace PUT; with a schedule user it also (re)sets them, so it always carries their token. */
function putGroup(s: TableGroupSpec, ctx: WriteContext, keep?: TableGroupSpec): CallDraft {
  const user = s.schedule?.user;
  const body = compact({
    ...groupBody(s, ctx, keep),
    scheduler_username: user,
    scheduler_auth_token: user === undefined ? undefined : s.schedule?.user_token,
  });
  return { method: 'PUT', path: renderPath(ITEM, pathIds(ctx)), body, note: 'table group' };
}

/** Calls that take the live schedule (`before`) to `after`; a named user is set by putGroup. */
function scheduleCalls(
  before: ScheduleSpec | undefined,
  after: ScheduleSpec,
  ctx: WriteContext,
): CallDraft[] {
  const path = `${renderPath(ITEM, pathIds(ctx))}/schedules`;
  if (!after.enabled)
    return before?.enabled === false ? [] : [{ method: 'PUT', path: `${path}/disable`, note: 'schedule' }];
  const calls: CallDraft[] = [];
  // Enabling needs a schedule user; when the manifest names none and live has none, dpac's account it is.
  if (after.user === undefined && before?.user === undefined)
    calls.push({ method: 'PUT', path: `${path}/user`, note: 'schedule user' });
  if (!sameTiming(before, after))
    calls.push({ method: 'PUT', path: `${path}/enable`, body: scheduleBody(after), note: 'schedule' });
  return calls;
}

function nonEmpty(value: unknown): string | undefined {
  const text = asString(value);
  return text === '' ? undefined : text;
}
