import { describe, expect, it } from 'vitest';
import { normalizeSchedule, sameTiming } from '../../../src/kinds/table-group/projection.js';
import { scheduleSpec } from '../../../src/kinds/table-group/schedule-schema.js';

const weekly = {
  start_date: '01/05/2026',
  start_hour: 2,
  start_min: 30,
  repeat_interval_unit: 'WEEK',
  repeat_interval_measure: 1,
  specified_days: [1, 3, 5],
};

/** Issues as `path: message` lines, the way a diagnostic would locate them. */
function issues(input: unknown): string[] {
  const result = scheduleSpec.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((i) => `${i.path.join('/')}: ${i.message}`);
}

describe('schedule schema: accepted variants', () => {
  it.each([
    ['a one-off run (NEVER)', { start_date: '01/05/2026', start_hour: 0, start_min: 0 }],
    [
      'every 15 minutes',
      { ...weekly, repeat_interval_unit: 'MINUTE', repeat_interval_measure: 15, specified_days: undefined },
    ],
    [
      'every 2 hours',
      { ...weekly, repeat_interval_unit: 'HOUR', repeat_interval_measure: 2, specified_days: undefined },
    ],
    ['daily', { ...weekly, repeat_interval_unit: 'DAY', specified_days: undefined }],
    ['weekly on Mon/Wed/Fri', weekly],
    ['monthly on the 1st and 15th', { ...weekly, repeat_interval_unit: 'MONTH', specified_days: [1, 15] }],
    [
      'monthly on the last day',
      { ...weekly, repeat_interval_unit: 'MONTH', specified_days: undefined, repeat_on_last_day: true },
    ],
    ['weekly until a date', { ...weekly, ends: true, end_date: '12/31/2026', end_hour: 23, end_min: 59 }],
    [
      'daily with runs every 10 minutes during office hours',
      {
        ...weekly,
        repeat_interval_unit: 'DAY',
        specified_days: undefined,
        is_custom_job: true,
        custom_job_details: {
          starts_daily_at: '12:40',
          ends_daily_at: '17:45',
          repeat_interval_measure: 10,
          repeat_interval_unit: 'MINUTE',
        },
      },
    ],
    [
      'a named user with a token reference',
      { ...weekly, user: 'bob@example.com', user_token: '${env.BOB_TOKEN}' },
    ],
    ['a paused schedule without timing', { enabled: false }],
  ])('accepts %s', (_label, input) => {
    expect(issues(input)).toEqual([]);
  });

  it('defaults enabled to true', () => {
    expect(scheduleSpec.parse(weekly).enabled).toBe(true);
  });
});

describe('schedule schema: rejected with the path and the fix', () => {
  it('requires the start date and time when enabled', () => {
    expect(issues({})).toEqual([
      'start_date: start_date (MM/DD/YYYY) is required when enabled',
      'start_hour: start_hour (0–23) is required when enabled',
      'start_min: start_min (0–59) is required when enabled',
    ]);
  });

  it('refuses a date that is not MM/DD/YYYY', () => {
    expect(issues({ ...weekly, start_date: '2026-01-05' })).toEqual([
      'start_date: use MM/DD/YYYY (month first), e.g. 01/05/2026',
    ]);
  });

  it('refuses a day that does not exist', () => {
    expect(issues({ ...weekly, start_date: '02/30/2026' })).toEqual([
      'start_date: no such day: use MM/DD/YYYY with a real month (01–12) and day',
    ]);
  });

  it('refuses an hour outside 0–23 and a minute outside 0–59', () => {
    const found = issues({ ...weekly, start_hour: 24, start_min: 60 });
    expect(found.map((line) => line.split(':')[0])).toEqual(['start_hour', 'start_min']);
  });

  it('requires repeat_interval_measure for a repeating unit', () => {
    expect(issues({ ...weekly, repeat_interval_measure: undefined })).toEqual([
      'repeat_interval_measure: repeat_interval_measure is required when repeat_interval_unit is WEEK: give the number of weeks between runs (≥ 1)',
    ]);
  });

  it('refuses repeat_interval_measure on a one-off schedule', () => {
    expect(issues({ ...weekly, repeat_interval_unit: 'NEVER', specified_days: undefined })).toEqual([
      'repeat_interval_measure: repeat_interval_measure applies only to a repeating schedule: remove it or set repeat_interval_unit',
    ]);
  });

  it('refuses a repeat_interval_measure below 1', () => {
    expect(issues({ ...weekly, repeat_interval_measure: 0 })[0]).toMatch(/^repeat_interval_measure: /);
  });

  it('refuses an unknown unit, naming the allowed ones', () => {
    expect(issues({ ...weekly, repeat_interval_unit: 'YEAR' })[0]).toContain(
      '"NEVER"|"MINUTE"|"HOUR"|"DAY"|"WEEK"|"MONTH"',
    );
  });

  it('requires weekdays for a weekly schedule', () => {
    expect(issues({ ...weekly, specified_days: undefined })).toEqual([
      'specified_days: specified_days must list weekdays 0–6 (0 = Sunday) when repeat_interval_unit is WEEK',
    ]);
  });

  it('points at a weekday outside 0–6', () => {
    expect(issues({ ...weekly, specified_days: [1, 7] })).toEqual([
      'specified_days/1: specified_days must list weekdays 0–6 (0 = Sunday) when repeat_interval_unit is WEEK',
    ]);
  });

  it('refuses an empty list of days', () => {
    expect(issues({ ...weekly, specified_days: [] })).toEqual([
      'specified_days: specified_days must not be empty; list at least one day or remove the field',
    ]);
  });

  it('points at a day of the month outside 1–31', () => {
    expect(issues({ ...weekly, repeat_interval_unit: 'MONTH', specified_days: [0, 15, 32] })).toEqual([
      'specified_days/0: specified_days must list days of the month 1–31 when repeat_interval_unit is MONTH',
      'specified_days/2: specified_days must list days of the month 1–31 when repeat_interval_unit is MONTH',
    ]);
  });

  it('requires days or the last day for a monthly schedule', () => {
    expect(issues({ ...weekly, repeat_interval_unit: 'MONTH', specified_days: undefined })).toEqual([
      'specified_days: specified_days must list days of the month 1–31 when repeat_interval_unit is MONTH (or set repeat_on_last_day: true)',
    ]);
  });

  it('refuses days together with the last day of the month', () => {
    expect(issues({ ...weekly, repeat_interval_unit: 'MONTH', repeat_on_last_day: true })).toEqual([
      'specified_days: give either specified_days or repeat_on_last_day: true, not both',
    ]);
  });

  it('refuses days for a unit that has none', () => {
    expect(issues({ ...weekly, repeat_interval_unit: 'DAY' })).toEqual([
      'specified_days: specified_days applies only when repeat_interval_unit is WEEK or MONTH: remove it',
    ]);
  });

  it('refuses repeat_on_last_day outside a monthly schedule', () => {
    expect(issues({ ...weekly, repeat_on_last_day: true })).toEqual([
      'repeat_on_last_day: repeat_on_last_day applies only when repeat_interval_unit is MONTH: remove it',
    ]);
  });

  it('requires the end date and time when ends is true', () => {
    expect(issues({ ...weekly, ends: true })).toEqual([
      'end_date: end_date (MM/DD/YYYY) is required when ends is true',
      'end_hour: end_hour (0–23) is required when ends is true',
      'end_min: end_min (0–59) is required when ends is true',
    ]);
  });

  it('refuses an end without ends: true', () => {
    expect(issues({ ...weekly, end_date: '12/31/2026' })).toEqual([
      'end_date: end_date is used only when ends is true: set ends: true or remove end_date',
    ]);
  });

  it('refuses an end that is not after the start', () => {
    expect(issues({ ...weekly, ends: true, end_date: '01/05/2026', end_hour: 2, end_min: 30 })).toEqual([
      'end_date: the schedule must end after it starts (01/05/2026 02:30): move end_date/end_hour/end_min later',
    ]);
  });

  it('compares end and start across years, not as text', () => {
    expect(issues({ ...weekly, ends: true, end_date: '01/04/2027', end_hour: 0, end_min: 0 })).toEqual([]);
    expect(issues({ ...weekly, ends: true, end_date: '12/31/2025', end_hour: 0, end_min: 0 })).toHaveLength(
      1,
    );
  });

  it('refuses a custom job on a minute or hour schedule', () => {
    const custom = {
      is_custom_job: true,
      custom_job_details: {
        starts_daily_at: '08:00',
        ends_daily_at: '18:00',
        repeat_interval_measure: 1,
        repeat_interval_unit: 'HOUR',
      },
    };
    expect(issues({ ...weekly, ...custom, repeat_interval_unit: 'HOUR', specified_days: undefined })).toEqual(
      ['is_custom_job: is_custom_job applies only when repeat_interval_unit is DAY, WEEK or MONTH'],
    );
  });

  it('requires custom_job_details with is_custom_job', () => {
    expect(issues({ ...weekly, is_custom_job: true })).toEqual([
      'custom_job_details: custom_job_details is required when is_custom_job is true: give starts_daily_at, ends_daily_at, repeat_interval_measure and repeat_interval_unit',
    ]);
  });

  it('refuses custom_job_details without is_custom_job', () => {
    const details = {
      starts_daily_at: '08:00',
      ends_daily_at: '18:00',
      repeat_interval_measure: 1,
      repeat_interval_unit: 'HOUR',
    };
    expect(issues({ ...weekly, custom_job_details: details })).toEqual([
      'custom_job_details: custom_job_details is used only when is_custom_job is true: set it or remove the details',
    ]);
  });

  it('refuses a daily window that ends before it starts', () => {
    const details = {
      starts_daily_at: '18:00',
      ends_daily_at: '08:00',
      repeat_interval_measure: 1,
      repeat_interval_unit: 'HOUR',
    };
    expect(issues({ ...weekly, is_custom_job: true, custom_job_details: details })).toEqual([
      'custom_job_details/ends_daily_at: ends_daily_at must be later than starts_daily_at',
    ]);
  });

  it('refuses a malformed daily time and an unknown custom unit', () => {
    const details = {
      starts_daily_at: '8:00',
      ends_daily_at: '18:00',
      repeat_interval_measure: 1,
      repeat_interval_unit: 'DAY',
    };
    const found = issues({ ...weekly, is_custom_job: true, custom_job_details: details });
    expect(found[0]).toBe('custom_job_details/starts_daily_at: use HH:MM on a 24-hour clock, e.g. 17:45');
    expect(found[1]).toMatch(/^custom_job_details\/repeat_interval_unit: .*"MINUTE"\|"HOUR"/);
  });

  it('requires a token with a named schedule user', () => {
    expect(issues({ ...weekly, user: 'bob@example.com' })).toEqual([
      'user_token: user_token is required with user: give ${env.NAME} holding that user’s refresh token, or omit user to schedule as the account dpac runs as',
    ]);
  });

  it('refuses a token without a user', () => {
    expect(issues({ ...weekly, user_token: '${env.BOB_TOKEN}' })).toEqual([
      'user_token: user_token is used only with user: add user: <email> or remove user_token',
    ]);
  });

  it('refuses a user that is not an email address', () => {
    expect(issues({ ...weekly, user: 'bob', user_token: '${env.T}' })).toEqual([
      'user: give the schedule user as an email address',
    ]);
  });

  it('refuses an unknown field', () => {
    expect(issues({ ...weekly, repeat_every: 2 })[0]).toContain('repeat_every');
  });
});

describe('normalizeSchedule', () => {
  it('sorts the days as a set and fills the documented defaults', () => {
    const s = normalizeSchedule(scheduleSpec.parse({ ...weekly, specified_days: [5, 1, 3, 1] }));
    expect(s).toEqual({
      ...weekly,
      enabled: true,
      specified_days: [1, 3, 5],
      repeat_on_last_day: false,
      ends: false,
      is_custom_job: false,
    });
  });

  it('keeps only enabled and the user of a paused schedule', () => {
    const s = scheduleSpec.parse({
      ...weekly,
      enabled: false,
      user: 'bob@example.com',
      user_token: '${env.T}',
    });
    expect(normalizeSchedule(s)).toEqual({ enabled: false, user: 'bob@example.com', user_token: '${env.T}' });
  });

  it('drops what the unit gives no meaning (a measure on NEVER, days on DAY, an end without ends)', () => {
    const live = {
      enabled: true,
      start_date: '01/05/2026',
      start_hour: 1,
      start_min: 0,
      repeat_interval_measure: 1,
    };
    expect(normalizeSchedule(live).repeat_interval_measure).toBeUndefined();
    expect(
      normalizeSchedule({ ...live, repeat_interval_unit: 'DAY', specified_days: [1] }).specified_days,
    ).toBeUndefined();
    expect(normalizeSchedule({ ...live, ends: false, end_date: '01/06/2026' }).end_date).toBeUndefined();
  });
});

describe('sameTiming', () => {
  const a = scheduleSpec.parse(weekly);
  it('ignores the user and the order of days', () => {
    expect(sameTiming(a, { ...a, user: 'bob@example.com', specified_days: [5, 3, 1] })).toBe(true);
  });
  it('notices a changed start time', () => {
    expect(sameTiming(a, { ...a, start_min: 45 })).toBe(false);
  });
  it('treats a missing schedule as different from any schedule', () => {
    expect(sameTiming(undefined, a)).toBe(false);
  });
});
