// A table group read back (the list item, plus its schedules document) and the canonical form both
// sides of a diff are folded into. The API names the compute and tables by id and nests the
// schedule's timing under `schedule_details`; everything else is projected onto the schema.
import { isDeepStrictEqual } from 'node:util';
import type { LiveRecord, NameLookup } from '../kind.js';
import { compact, sortedBy } from '../shared/canonical.js';
import { asArray, asRecord, liveId, liveText } from '../shared/live-values.js';
import { projectLive } from '../shared/spec-projection.js';
import { CUSTOM_JOB_UNITS, REPEAT_UNITS, type ScheduleSpec, scheduleSpec } from './schedule-schema.js';
import { type TableGroupSpec, tableGroupSpec } from './schema.js';

export function tableGroupFromApi({ item, docs }: LiveRecord, names: NameLookup): TableGroupSpec {
  const computeId = liveId(asRecord(item.environment_compute_template)?.environment_compute_template_id);
  const tables = asArray(item.tables).flatMap((entry) => {
    const e = asRecord(entry);
    const id = liveId(e?.table_id);
    return id === undefined ? [] : [{ ...e, table: names.nameOf('Table', id) ?? id }];
  });
  const compute =
    computeId &&
    (names.nameOf('ComputeTemplate', computeId) ??
      names.nameOf('InteractiveCluster', computeId) ??
      computeId);
  // Live may lack a field the type requires; it stays missing (not invented) so the diff names it.
  const live = { ...item, compute, tables, schedule: scheduleFromApi(docs.schedule) };
  return normalizeTableGroup(projectLive<TableGroupSpec>(live, tableGroupSpec));
}

export function normalizeTableGroup(s: TableGroupSpec): TableGroupSpec {
  return compact({
    ...s,
    tables: sortedBy(s.tables, 'table'),
    schedule: s.schedule === undefined ? undefined : normalizeSchedule(s.schedule),
  });
}

/**
 * The schedule as the manifest would say it, from the schedules document (wrapped in `result` or
 * not). A group whose document has no schedule details is reported as `{enabled: false}`: never
 * scheduled and paused look alike.
 */
export function scheduleFromApi(doc: unknown): ScheduleSpec | undefined {
  const outer = asRecord(doc);
  if (!outer) return undefined;
  const inner = asRecord(outer.result);
  const details = asRecord(outer.schedule_details) ?? asRecord(inner?.schedule_details);
  const user = liveText(outer.schedule_username) ?? liveText(inner?.schedule_username);
  if (details?.schedule_status !== 'enabled') return compact({ enabled: false, user });
  const custom = asRecord(details.custom_job_details);
  const live = {
    ...details,
    enabled: true,
    user,
    repeat_interval_unit: unitOf(details.repeat_interval_unit, REPEAT_UNITS),
    custom_job_details: custom && {
      ...custom,
      repeat_interval_unit: unitOf(custom.repeat_interval_unit, CUSTOM_JOB_UNITS),
    },
  };
  return normalizeSchedule(projectLive<ScheduleSpec>(live, scheduleSpec));
}

/** Folds the spellings real clients store (`minutes`, `Hour`) onto the enum; other values pass through. */
function unitOf<U extends string>(value: unknown, units: readonly U[]): U | undefined {
  if (typeof value !== 'string') return undefined;
  const upper = value.toUpperCase();
  const singular = upper.endsWith('S') ? upper.slice(0, -1) : upper;
  const known = units.find((u) => u === upper || u === singular);
  // An unknown unit stays as sent so the diff shows it instead of hiding it.
  return known ?? (upper as U);
}

/**
 * Canonical form: documented defaults filled in, fields the unit gives no meaning dropped, days a
 * sorted set. A disabled schedule keeps only `enabled` and the user: the API cannot store timing
 * without enabling the schedule, so timing is managed only while enabled.
 */
export function normalizeSchedule(s: ScheduleSpec): ScheduleSpec {
  const who = { user: s.user, user_token: s.user_token };
  if (!s.enabled) return compact({ enabled: false, ...who });
  const unit = s.repeat_interval_unit ?? 'NEVER';
  const ends = s.ends ?? false;
  const custom = s.is_custom_job ?? false;
  const days = unit === 'WEEK' || unit === 'MONTH' ? s.specified_days : undefined;
  return compact({
    enabled: true,
    ...who,
    start_date: s.start_date,
    start_hour: s.start_hour,
    start_min: s.start_min,
    repeat_interval_unit: unit,
    repeat_interval_measure: unit === 'NEVER' ? undefined : s.repeat_interval_measure,
    specified_days: days === undefined ? undefined : [...new Set(days)].sort((a, b) => a - b),
    repeat_on_last_day: unit === 'MONTH' ? (s.repeat_on_last_day ?? false) : false,
    ends,
    end_date: ends ? s.end_date : undefined,
    end_hour: ends ? s.end_hour : undefined,
    end_min: ends ? s.end_min : undefined,
    is_custom_job: custom,
    custom_job_details: custom ? s.custom_job_details : undefined,
  });
}

/** Whether two schedules agree on what `PUT …/schedules/enable|disable` writes (the user aside). */
export function sameTiming(a: ScheduleSpec | undefined, b: ScheduleSpec | undefined): boolean {
  const timing = (s: ScheduleSpec | undefined) => {
    if (s === undefined) return undefined;
    const { user: _user, user_token: _token, ...rest } = normalizeSchedule(s);
    return rest;
  };
  return isDeepStrictEqual(timing(a), timing(b));
}
