// The API calls that create, update and delete a table group. The group document is replaced whole
// (PUT); the schedule is written through its own endpoints: user, enable with the timing, disable.
//
// Schedule user: `schedule.user` omitted → on create dpac makes the account it runs as the
// schedule user (`PUT …/schedules/user`, which always picks the caller) and leaves a live user
// alone afterwards; given → it needs `user_token` (that user's refresh token) and is set the way
// the SDK does it, by re-sending the group with `scheduler_username` + `scheduler_auth_token`.
import type { CallDraft } from '../../core/call.js';
import { pathIds, renderPath, type WriteContext } from '../kind.js';
import { compact, sortedBy } from '../shared/canonical.js';
import { normalizeSchedule, sameTiming } from './projection.js';
import type { ScheduleSpec } from './schedule-schema.js';
import type { TableGroupSpec } from './schema.js';

export const TABLE_GROUPS = '/sources/{Source}/table-groups';
export const TABLE_GROUP = '/sources/{Source}/table-groups/{id}';
/** What a freshly created group's schedule reads back as: none, which projects as disabled. */
const UNSCHEDULED: ScheduleSpec = { enabled: false };

export function createTableGroupCalls(s: TableGroupSpec, ctx: WriteContext): CallDraft[] {
  const calls: CallDraft[] = [
    { method: 'POST', path: renderPath(TABLE_GROUPS, pathIds(ctx)), body: groupBody(s, ctx), creates: true },
  ];
  if (s.schedule === undefined) return calls;
  if (s.schedule.user !== undefined) calls.push(putGroup(s, ctx));
  return [...calls, ...scheduleCalls(UNSCHEDULED, s.schedule, ctx)];
}

export function updateTableGroupCalls(
  before: TableGroupSpec,
  after: TableGroupSpec,
  changed: ReadonlySet<string>,
  ctx: WriteContext,
): CallDraft[] {
  const calls: CallDraft[] = [];
  const groupChanged = [...changed].some((key) => key !== 'schedule');
  const schedule = changed.has('schedule') ? after.schedule : undefined;
  const newUser = schedule?.user !== undefined && schedule.user !== before.schedule?.user;
  if (groupChanged || newUser) calls.push(putGroup(after, ctx, before));
  if (schedule !== undefined) calls.push(...scheduleCalls(before.schedule, schedule, ctx));
  return calls;
}

/** The group is only ever replaced whole: a rename is the PUT of the group under its new name. */
export function renameTableGroupCalls(
  before: TableGroupSpec,
  after: TableGroupSpec,
  ctx: WriteContext,
): CallDraft[] {
  return [putGroup(after, ctx, before)];
}

export function removeTableGroupCalls(ctx: WriteContext): CallDraft[] {
  return [{ method: 'DELETE', path: renderPath(TABLE_GROUP, pathIds(ctx)), note: 'table group' }];
}

/** Body of `PUT …/schedules/enable`: the canonical timing under the API's own field names. */
export function scheduleBody(s: ScheduleSpec): Record<string, unknown> {
  const { enabled: _enabled, user: _user, user_token: _token, ...timing } = normalizeSchedule(s);
  return { schedule_status: 'enabled', ...timing };
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
    tables: sortedBy(s.tables, 'table').map((t, i) =>
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
  return { method: 'PUT', path: renderPath(TABLE_GROUP, pathIds(ctx)), body, note: 'table group' };
}

/** Calls that take the live schedule (`before`) to `after`; a named user is set by putGroup. */
function scheduleCalls(
  before: ScheduleSpec | undefined,
  after: ScheduleSpec,
  ctx: WriteContext,
): CallDraft[] {
  const path = `${renderPath(TABLE_GROUP, pathIds(ctx))}/schedules`;
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
