// The schedule's API mapping: the body of `PUT …/schedules/enable`, and the projection of
// `GET …/schedules` (wrapped in `result` or not) back into the manifest's schedule shape.
import { asRecord, asString, compact } from '../shared/fields.js';
import { booleanOf, numberOf } from '../shared/live-values.js';
import { CUSTOM_JOB_UNITS, normalizeSchedule, REPEAT_UNITS, type ScheduleSpec } from './schedule-schema.js';

/** Body of `PUT …/schedules/enable`: the canonical timing under the API's own field names. */
export function scheduleBody(s: ScheduleSpec): Record<string, unknown> {
  const { enabled: _enabled, user: _user, user_token: _token, ...timing } = normalizeSchedule(s);
  return { schedule_status: 'enabled', ...timing };
}

/**
 * The schedule as the manifest would say it, from the schedules document. A group whose document
 * has no schedule details is reported as `{enabled: false}`: never scheduled and paused look alike.
 */
export function scheduleFromApi(doc: unknown): ScheduleSpec | undefined {
  const outer = asRecord(doc);
  if (!outer) return undefined;
  const inner = asRecord(outer.result);
  const details = asRecord(outer.schedule_details) ?? asRecord(inner?.schedule_details);
  const username = asString(outer.schedule_username) ?? asString(inner?.schedule_username);
  const user = username === '' ? undefined : username;
  if (details?.schedule_status !== 'enabled') return compact({ enabled: false, user });
  return normalizeSchedule(
    compact({
      enabled: true,
      user,
      start_date: asString(details.start_date),
      start_hour: numberOf(details.start_hour),
      start_min: numberOf(details.start_min),
      repeat_interval_unit: unitOf(details.repeat_interval_unit, REPEAT_UNITS),
      repeat_interval_measure: numberOf(details.repeat_interval_measure),
      specified_days: daysOf(details.specified_days),
      repeat_on_last_day: booleanOf(details.repeat_on_last_day),
      ends: booleanOf(details.ends),
      end_date: asString(details.end_date),
      end_hour: numberOf(details.end_hour),
      end_min: numberOf(details.end_min),
      is_custom_job: booleanOf(details.is_custom_job),
      custom_job_details: customJobOf(details.custom_job_details),
    }),
  );
}

function customJobOf(value: unknown): ScheduleSpec['custom_job_details'] {
  const d = asRecord(value);
  if (!d) return undefined;
  // Missing members stay missing (not invented) so the diff names them.
  return compact({
    starts_daily_at: asString(d.starts_daily_at),
    ends_daily_at: asString(d.ends_daily_at),
    repeat_interval_measure: numberOf(d.repeat_interval_measure),
    repeat_interval_unit: unitOf(d.repeat_interval_unit, CUSTOM_JOB_UNITS),
  }) as ScheduleSpec['custom_job_details'];
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

/** The SDK documents a scalar day where the server keeps an array; accept both. */
function daysOf(value: unknown): number[] | undefined {
  if (value === undefined || value === null) return undefined;
  const list = Array.isArray(value) ? value : [value];
  return list.map(numberOf).filter((d): d is number => d !== undefined);
}
