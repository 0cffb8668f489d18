// Table group schedule validation: returns the first violated rule as a precise message. Pure.
import { asRecord, type Body, isRecord } from './ingestion-lookup.js';

const REPEAT_UNITS = ['NEVER', 'MINUTE', 'HOUR', 'DAY', 'WEEK', 'MONTH'] as const;
const CUSTOM_JOB_UNITS = ['DAY', 'WEEK', 'MONTH'];
const CUSTOM_REPEAT_UNITS = ['MINUTE', 'HOUR'];
const DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since the epoch of an `MM/DD/YYYY` date at hour:minute (UTC), or undefined when invalid. */
function dateMinutes(text: unknown, hour = 0, minute = 0): number | undefined {
  if (typeof text !== 'string') return undefined;
  const match = DATE.exec(text);
  if (!match) return undefined;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return undefined;
  return date.getTime() / 60_000 + hour * 60 + minute;
}

function intIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** Utilities send some flags as the strings "true"/"false". */
function flag(value: unknown): boolean {
  return value === true || value === 'true';
}

function daysProblem(days: unknown, min: number, max: number, unit: string): string | undefined {
  if (!Array.isArray(days) || days.length === 0) {
    return `'specified_days' must be a non-empty array of integers for repeat_interval_unit ${unit}`;
  }
  const bad = days.find((day) => !intIn(day, min, max));
  return bad === undefined
    ? undefined
    : `'specified_days' values must be integers between ${min} and ${max} for ${unit} (got ${JSON.stringify(bad)})`;
}

function customJobProblem(details: unknown): string | undefined {
  if (!isRecord(details)) return "'custom_job_details' is required when 'is_custom_job' is true";
  const starts = TIME.exec(String(details.starts_daily_at));
  if (typeof details.starts_daily_at !== 'string' || !starts)
    return "'custom_job_details.starts_daily_at' must be HH:MM";
  const ends = TIME.exec(String(details.ends_daily_at));
  if (typeof details.ends_daily_at !== 'string' || !ends)
    return "'custom_job_details.ends_daily_at' must be HH:MM";
  if (details.ends_daily_at <= details.starts_daily_at) {
    return "'custom_job_details.ends_daily_at' must be after 'starts_daily_at'";
  }
  if (!intIn(details.repeat_interval_measure, 1, Number.MAX_SAFE_INTEGER)) {
    return "'custom_job_details.repeat_interval_measure' must be an integer greater than or equal to 1";
  }
  if (!CUSTOM_REPEAT_UNITS.includes(details.repeat_interval_unit as string)) {
    return `'custom_job_details.repeat_interval_unit' must be one of ${CUSTOM_REPEAT_UNITS.join(', ')}`;
  }
  return undefined;
}

/**
 * The first rule the schedule breaks, or undefined. A start_date in the past is deliberately
 * accepted: the live server wants a future date, but fixed test fixtures would rot with time.
 */
export function scheduleProblem(schedule: Body): string | undefined {
  const status = schedule.schedule_status;
  if (status !== undefined && status !== 'enabled' && status !== 'disabled') {
    return "'schedule_status' must be 'enabled' or 'disabled'";
  }
  if (dateMinutes(schedule.start_date) === undefined)
    return "'start_date' is required and must be a valid MM/DD/YYYY date";
  if (!intIn(schedule.start_hour, 0, 23)) return "'start_hour' must be an integer between 0 and 23";
  if (!intIn(schedule.start_min, 0, 59)) return "'start_min' must be an integer between 0 and 59";
  const unit = schedule.repeat_interval_unit ?? 'NEVER';
  if (typeof unit !== 'string' || !(REPEAT_UNITS as readonly string[]).includes(unit)) {
    return `'repeat_interval_unit' must be one of ${REPEAT_UNITS.join(', ')}`;
  }
  if (unit !== 'NEVER' && !intIn(schedule.repeat_interval_measure, 1, Number.MAX_SAFE_INTEGER)) {
    return "'repeat_interval_measure' must be an integer greater than or equal to 1";
  }
  if (unit === 'WEEK') {
    const problem = daysProblem(schedule.specified_days, 0, 6, unit);
    if (problem) return problem;
  }
  if (unit === 'MONTH' && !flag(schedule.repeat_on_last_day)) {
    const problem = daysProblem(schedule.specified_days, 1, 31, unit);
    if (problem) return problem;
  }
  if (flag(schedule.ends)) {
    if (dateMinutes(schedule.end_date) === undefined)
      return "'end_date' is required when 'ends' is true and must be MM/DD/YYYY";
    if (!intIn(schedule.end_hour, 0, 23))
      return "'end_hour' is required when 'ends' is true and must be between 0 and 23";
    if (!intIn(schedule.end_min, 0, 59))
      return "'end_min' is required when 'ends' is true and must be between 0 and 59";
    const start = dateMinutes(schedule.start_date, schedule.start_hour, schedule.start_min)!;
    const end = dateMinutes(schedule.end_date, schedule.end_hour, schedule.end_min)!;
    if (end <= start) return 'The schedule end (end_date, end_hour, end_min) must be after its start';
  }
  if (flag(schedule.is_custom_job)) {
    if (!CUSTOM_JOB_UNITS.includes(unit))
      return `'is_custom_job' is only allowed for repeat_interval_unit ${CUSTOM_JOB_UNITS.join(', ')}`;
    return customJobProblem(schedule.custom_job_details);
  }
  return undefined;
}

/** The schedule as stored: defaults filled, string flags turned into booleans. */
export function normalizeSchedule(schedule: Body): Body {
  const out: Body = {
    ...schedule,
    schedule_status: 'enabled',
    repeat_interval_unit: schedule.repeat_interval_unit ?? 'NEVER',
    repeat_on_last_day: flag(schedule.repeat_on_last_day),
    ends: flag(schedule.ends),
    is_custom_job: flag(schedule.is_custom_job),
  };
  if (!out.is_custom_job) delete out.custom_job_details;
  else out.custom_job_details = asRecord(schedule.custom_job_details);
  return out;
}
