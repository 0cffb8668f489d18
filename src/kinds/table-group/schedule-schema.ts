// The table-group schedule in manifests: its schema and the cross-field rules, each reported at its
// own path with the fix.
import { z } from 'zod';
import { secret } from '../shared/fields.js';
import {
  forbids,
  ifThen,
  isOneOf,
  requires,
  whenAbsent,
  whenEquals,
  whenGiven,
  whenNot,
} from '../shared/json-schema-rules.js';

export const REPEAT_UNITS = ['NEVER', 'MINUTE', 'HOUR', 'DAY', 'WEEK', 'MONTH'] as const;
type RepeatUnit = (typeof REPEAT_UNITS)[number];
export const CUSTOM_JOB_UNITS = ['MINUTE', 'HOUR'] as const;

const DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** True unless the value looks like MM/DD/YYYY but names no real day (02/30/2026). */
function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return true; // the format check reports it
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

const date = (what: string) =>
  z
    .string()
    .regex(DATE, 'use MM/DD/YYYY (month first), e.g. 01/05/2026')
    .refine(isCalendarDate, 'no such day: use MM/DD/YYYY with a real month (01–12) and day')
    .describe(`${what} as MM/DD/YYYY (month first).`);
const hour = (what: string) => z.number().int().min(0).max(23).describe(`${what}: hour 0–23.`);
const minute = (what: string) => z.number().int().min(0).max(59).describe(`${what}: minute 0–59.`);
const clock = (what: string) =>
  z.string().regex(CLOCK, 'use HH:MM on a 24-hour clock, e.g. 17:45').describe(`${what} as HH:MM (24-hour).`);

const customJobDetails = z
  .object({
    starts_daily_at: clock('First run of each day'),
    ends_daily_at: clock('Last run of each day'),
    repeat_interval_measure: z.number().int().min(1).describe('How many units between runs within a day.'),
    repeat_interval_unit: z.enum(CUSTOM_JOB_UNITS).describe('Unit of the within-day interval.'),
  })
  .strict()
  .describe('Runs repeated within each scheduled day (only with is_custom_job: true).');

export const scheduleSpec = z
  .object({
    enabled: z
      .boolean()
      .default(true)
      .describe('Whether the schedule runs. While false, the timing below is neither compared nor written.'),
    user: z
      .email('give the schedule user as an email address')
      .optional()
      .describe('Email of the User the schedule runs as. Omit it to run as the account dpac uses.'),
    user_token: secret('Refresh token of `user` (required with `user`), e.g. `${env.SCHEDULE_TOKEN}`.')
      .optional()
      .describe('Refresh token of `user`; required with `user`. Write-only.'),
    start_date: date('First day of the schedule').optional(),
    start_hour: hour('Start time').optional(),
    start_min: minute('Start time').optional(),
    repeat_interval_unit: z
      .enum(REPEAT_UNITS)
      .optional()
      .describe('How the schedule repeats. Default NEVER (runs once).'),
    repeat_interval_measure: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('How many units between runs; required unless repeat_interval_unit is NEVER.'),
    specified_days: z
      .array(z.number().int())
      .min(1, 'specified_days must not be empty; list at least one day or remove the field')
      .optional()
      .describe('WEEK: weekdays 0–6 (0 = Sunday); MONTH: days 1–31. A set.'),
    repeat_on_last_day: z
      .boolean()
      .optional()
      .describe('MONTH only: run on the last day of the month. Default false.'),
    ends: z.boolean().optional().describe('Whether the schedule stops at end_date. Default false.'),
    end_date: date('Last day of the schedule').optional(),
    end_hour: hour('End time').optional(),
    end_min: minute('End time').optional(),
    is_custom_job: z
      .boolean()
      .optional()
      .describe('DAY/WEEK/MONTH only: repeat within each scheduled day. Default false.'),
    custom_job_details: customJobDetails.optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    for (const issue of scheduleIssues(s)) ctx.addIssue({ code: 'custom', ...issue });
  })
  .describe('When the table group runs. The schedule user is set before the timing is written.')
  .meta({ allOf: scheduleRules() });

/** scheduleIssues' rules that JSON Schema can say, for editors (not the end-after-start order). */
function scheduleRules(): Record<string, unknown>[] {
  const unit = 'repeat_interval_unit';
  const REPEATING = REPEAT_UNITS.filter((u) => u !== 'NEVER');
  const days = (minimum: number, maximum: number) => ({
    properties: { specified_days: { items: { minimum, maximum } } },
  });
  const lastDay = { properties: { repeat_on_last_day: { const: true } }, required: ['repeat_on_last_day'] };
  return [
    whenGiven('user', requires('user_token')),
    whenAbsent('user', forbids('user_token')),
    whenNot('enabled', false, requires('start_date', 'start_hour', 'start_min')),
    ifThen({ not: isOneOf(unit, REPEATING) }, forbids('repeat_interval_measure')),
    ifThen(isOneOf(unit, REPEATING), requires('repeat_interval_measure')),
    whenEquals(unit, 'WEEK', { ...requires('specified_days'), ...days(0, 6) }),
    whenEquals(unit, 'MONTH', {
      ...days(1, 31),
      oneOf: [
        { ...requires('specified_days'), not: lastDay },
        { ...lastDay, ...forbids('specified_days') },
      ],
    }),
    ifThen({ not: isOneOf(unit, ['WEEK', 'MONTH']) }, forbids('specified_days')),
    whenEquals('repeat_on_last_day', true, isOneOf(unit, ['MONTH'])),
    whenNot('ends', true, forbids('end_date', 'end_hour', 'end_min')),
    whenEquals('ends', true, requires('end_date', 'end_hour', 'end_min')),
    whenEquals('is_custom_job', true, {
      ...isOneOf(unit, ['DAY', 'WEEK', 'MONTH']),
      required: ['custom_job_details', unit],
    }),
    whenNot('is_custom_job', true, forbids('custom_job_details')),
  ];
}

export type ScheduleSpec = z.infer<typeof scheduleSpec>;

interface Issue {
  path: (string | number)[];
  message: string;
}

/** Every cross-field rule the API states for a schedule body, as issues with their fix. */
function scheduleIssues(s: ScheduleSpec): Issue[] {
  const issues: Issue[] = [];
  const add = (path: (string | number)[], message: string) => issues.push({ path, message });
  const unit = s.repeat_interval_unit ?? 'NEVER';

  if (s.user !== undefined && s.user_token === undefined)
    add(
      ['user_token'],
      'user_token is required with user: give ${env.NAME} holding that user’s refresh token, or omit user to schedule as the account dpac runs as',
    );
  if (s.user === undefined && s.user_token !== undefined)
    add(['user_token'], 'user_token is used only with user: add user: <email> or remove user_token');

  if (s.enabled) {
    if (s.start_date === undefined) add(['start_date'], 'start_date (MM/DD/YYYY) is required when enabled');
    if (s.start_hour === undefined) add(['start_hour'], 'start_hour (0–23) is required when enabled');
    if (s.start_min === undefined) add(['start_min'], 'start_min (0–59) is required when enabled');
  }

  if (unit === 'NEVER' && s.repeat_interval_measure !== undefined)
    add(
      ['repeat_interval_measure'],
      'repeat_interval_measure applies only to a repeating schedule: remove it or set repeat_interval_unit',
    );
  if (unit !== 'NEVER' && s.repeat_interval_measure === undefined)
    add(
      ['repeat_interval_measure'],
      `repeat_interval_measure is required when repeat_interval_unit is ${unit}: give the number of ${unit.toLowerCase()}s between runs (≥ 1)`,
    );

  checkDays(s, unit, add);

  if (s.repeat_on_last_day === true && unit !== 'MONTH')
    add(
      ['repeat_on_last_day'],
      'repeat_on_last_day applies only when repeat_interval_unit is MONTH: remove it',
    );

  checkEnd(s, add);

  const custom = s.is_custom_job === true;
  if (custom && unit !== 'DAY' && unit !== 'WEEK' && unit !== 'MONTH')
    add(['is_custom_job'], 'is_custom_job applies only when repeat_interval_unit is DAY, WEEK or MONTH');
  if (custom && s.custom_job_details === undefined)
    add(
      ['custom_job_details'],
      'custom_job_details is required when is_custom_job is true: give starts_daily_at, ends_daily_at, repeat_interval_measure and repeat_interval_unit',
    );
  if (!custom && s.custom_job_details !== undefined)
    add(
      ['custom_job_details'],
      'custom_job_details is used only when is_custom_job is true: set it or remove the details',
    );
  const d = s.custom_job_details;
  if (
    d &&
    CLOCK.test(d.starts_daily_at) &&
    CLOCK.test(d.ends_daily_at) &&
    d.ends_daily_at <= d.starts_daily_at
  )
    add(['custom_job_details', 'ends_daily_at'], 'ends_daily_at must be later than starts_daily_at');
  return issues;
}

type Add = (path: (string | number)[], message: string) => void;

function checkDays(s: ScheduleSpec, unit: RepeatUnit, add: Add): void {
  const days = s.specified_days;
  if (unit === 'WEEK') {
    const msg = 'specified_days must list weekdays 0–6 (0 = Sunday) when repeat_interval_unit is WEEK';
    if (days === undefined) add(['specified_days'], msg);
    days?.forEach((day, i) => {
      if (day < 0 || day > 6) add(['specified_days', i], msg);
    });
  } else if (unit === 'MONTH') {
    const msg = 'specified_days must list days of the month 1–31 when repeat_interval_unit is MONTH';
    if (s.repeat_on_last_day === true && days !== undefined)
      add(['specified_days'], 'give either specified_days or repeat_on_last_day: true, not both');
    if (s.repeat_on_last_day !== true && days === undefined)
      add(['specified_days'], `${msg} (or set repeat_on_last_day: true)`);
    days?.forEach((day, i) => {
      if (day < 1 || day > 31) add(['specified_days', i], msg);
    });
  } else if (days !== undefined) {
    add(
      ['specified_days'],
      'specified_days applies only when repeat_interval_unit is WEEK or MONTH: remove it',
    );
  }
}

function checkEnd(s: ScheduleSpec, add: Add): void {
  const fields = ['end_date', 'end_hour', 'end_min'] as const;
  if (s.ends !== true) {
    for (const f of fields)
      if (s[f] !== undefined) add([f], `${f} is used only when ends is true: set ends: true or remove ${f}`);
    return;
  }
  const hints = { end_date: 'MM/DD/YYYY', end_hour: '0–23', end_min: '0–59' };
  for (const f of fields)
    if (s[f] === undefined) add([f], `${f} (${hints[f]}) is required when ends is true`);
  const start = instant(s.start_date, s.start_hour, s.start_min);
  const end = instant(s.end_date, s.end_hour, s.end_min);
  if (start !== undefined && end !== undefined && end <= start)
    add(
      ['end_date'],
      `the schedule must end after it starts (${s.start_date} ${pad(s.start_hour)}:${pad(s.start_min)}): move end_date/end_hour/end_min later`,
    );
}

/** A sortable number for a date and time, or undefined when a part is missing or malformed. */
function instant(dateText?: string, h?: number, m?: number): number | undefined {
  const parts = dateText === undefined ? null : DATE.exec(dateText);
  if (!parts || h === undefined || m === undefined) return undefined;
  return ((Number(parts[3]) * 100 + Number(parts[1])) * 100 + Number(parts[2])) * 10_000 + h * 100 + m;
}

function pad(n?: number): string {
  return String(n ?? 0).padStart(2, '0');
}
