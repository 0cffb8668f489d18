import { describe, expect, it } from 'vitest';
import { scheduleBody } from '../../../src/kinds/table-group/calls.js';
import { scheduleFromApi } from '../../../src/kinds/table-group/projection.js';
import { scheduleSpec } from '../../../src/kinds/table-group/schedule-schema.js';

const details = {
  schedule_status: 'enabled',
  start_date: '01/05/2026',
  start_hour: 2,
  start_min: 30,
  repeat_interval_unit: 'WEEK',
  repeat_interval_measure: 1,
  specified_days: [5, 1, 3],
  repeat_on_last_day: false,
  ends: false,
  is_custom_job: false,
};
const weekly = {
  enabled: true,
  user: 'admin@dpac.local',
  start_date: '01/05/2026',
  start_hour: 2,
  start_min: 30,
  repeat_interval_unit: 'WEEK',
  repeat_interval_measure: 1,
  specified_days: [1, 3, 5],
  repeat_on_last_day: false,
  ends: false,
  is_custom_job: false,
};

describe('scheduleBody', () => {
  it('writes the canonical timing under the API names, without the user', () => {
    const s = scheduleSpec.parse({
      ...weekly,
      user: 'bob@example.com',
      user_token: '${env.T}',
      specified_days: [5, 1, 3],
    });
    expect(scheduleBody(s)).toEqual({
      schedule_status: 'enabled',
      start_date: '01/05/2026',
      start_hour: 2,
      start_min: 30,
      repeat_interval_unit: 'WEEK',
      repeat_interval_measure: 1,
      specified_days: [1, 3, 5],
      repeat_on_last_day: false,
      ends: false,
      is_custom_job: false,
    });
  });
});

describe('scheduleFromApi', () => {
  const doc = {
    entity_id: '66aa00000000000000000001',
    schedule_type: 'table-group-cdc',
    schedule_username: 'admin@dpac.local',
    schedule_details: details,
  };

  it('reads an unwrapped document', () => {
    expect(scheduleFromApi(doc)).toEqual(weekly);
  });

  it('reads a document still wrapped in result', () => {
    expect(scheduleFromApi({ message: 'ok', result: doc })).toEqual(weekly);
  });

  it('reports a group without schedule details as disabled, keeping its user', () => {
    expect(scheduleFromApi({ schedule_username: 'admin@dpac.local' })).toEqual({
      enabled: false,
      user: 'admin@dpac.local',
    });
    expect(scheduleFromApi({ schedule_username: '', schedule_details: null })).toEqual({ enabled: false });
  });

  it('reports a disabled schedule as enabled: false without its timing', () => {
    const paused = { ...doc, schedule_details: { ...details, schedule_status: 'disabled' } };
    expect(scheduleFromApi(paused)).toEqual({ enabled: false, user: 'admin@dpac.local' });
  });

  it('folds echoes: string booleans and numbers, a scalar day, plural lower-case units', () => {
    const echoed = {
      schedule_details: {
        schedule_status: 'enabled',
        start_date: '01/05/2026',
        start_hour: '2',
        start_min: '30',
        repeat_interval_unit: 'month',
        repeat_interval_measure: '1',
        specified_days: 15,
        repeat_on_last_day: 'false',
        ends: 'true',
        end_date: '12/31/2026',
        end_hour: 23,
        end_min: 0,
        is_custom_job: 'true',
        custom_job_details: {
          starts_daily_at: '12:40',
          ends_daily_at: '17:45',
          repeat_interval_measure: 60,
          repeat_interval_unit: 'minutes',
        },
      },
    };
    expect(scheduleFromApi(echoed)).toEqual({
      enabled: true,
      start_date: '01/05/2026',
      start_hour: 2,
      start_min: 30,
      repeat_interval_unit: 'MONTH',
      repeat_interval_measure: 1,
      specified_days: [15],
      repeat_on_last_day: false,
      ends: true,
      end_date: '12/31/2026',
      end_hour: 23,
      end_min: 0,
      is_custom_job: true,
      custom_job_details: {
        starts_daily_at: '12:40',
        ends_daily_at: '17:45',
        repeat_interval_measure: 60,
        repeat_interval_unit: 'MINUTE',
      },
    });
  });

  it('keeps an unknown unit as sent so the diff shows it', () => {
    const odd = { schedule_details: { ...details, repeat_interval_unit: 'fortnight' } };
    expect(scheduleFromApi(odd)?.repeat_interval_unit).toBe('FORTNIGHT');
  });

  it('returns nothing when no document was read', () => {
    expect(scheduleFromApi(undefined)).toBeUndefined();
  });
});
