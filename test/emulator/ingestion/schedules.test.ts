import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, groupBody, type Json, sourceWithTables, startFixture } from './ingestion-fixture.js';

let fx: Fixture;
let base: string;
let groupPath: string;
beforeAll(async () => {
  fx = await startFixture();
  const { sourceId, tableIds } = await sourceWithTables(fx, 'src_sched', ['t']);
  const groupId = await fx.api.create(
    `/sources/${sourceId}/table-groups`,
    groupBody(fx.platform, 'tg_sched', tableIds),
  );
  groupPath = `/sources/${sourceId}/table-groups/${groupId}`;
  base = `${groupPath}/schedules`;
});
afterAll(async () => {
  await fx.emu.close();
});

// A start date in the past is accepted on purpose (fixed fixtures must not rot).
const daily: Json = {
  schedule_status: 'enabled',
  start_date: '01/15/2020',
  start_hour: 6,
  start_min: 30,
  repeat_interval_unit: 'DAY',
  repeat_interval_measure: 1,
};

const cases: Array<[string, Json, string]> = [
  [
    'a malformed start_date',
    { ...daily, start_date: '2020-01-15' },
    "'start_date' is required and must be a valid MM/DD/YYYY date",
  ],
  [
    'an impossible start_date',
    { ...daily, start_date: '02/30/2020' },
    "'start_date' is required and must be a valid MM/DD/YYYY date",
  ],
  ['a start_hour of 24', { ...daily, start_hour: 24 }, "'start_hour' must be an integer between 0 and 23"],
  ['a start_min of 60', { ...daily, start_min: 60 }, "'start_min' must be an integer between 0 and 59"],
  [
    'an unknown repeat unit',
    { ...daily, repeat_interval_unit: 'YEAR' },
    "'repeat_interval_unit' must be one of NEVER, MINUTE, HOUR, DAY, WEEK, MONTH",
  ],
  [
    'a repeat measure of 0',
    { ...daily, repeat_interval_measure: 0 },
    "'repeat_interval_measure' must be an integer greater than or equal to 1",
  ],
  [
    'a weekly schedule without days',
    { ...daily, repeat_interval_unit: 'WEEK', specified_days: [] },
    "'specified_days' must be a non-empty array of integers for repeat_interval_unit WEEK",
  ],
  [
    'a weekly day of 7',
    { ...daily, repeat_interval_unit: 'WEEK', specified_days: [1, 7] },
    "'specified_days' values must be integers between 0 and 6 for WEEK (got 7)",
  ],
  [
    'a monthly day of 0',
    { ...daily, repeat_interval_unit: 'MONTH', specified_days: [0] },
    "'specified_days' values must be integers between 1 and 31 for MONTH (got 0)",
  ],
  [
    'an end without end_date',
    { ...daily, ends: true, end_hour: 1, end_min: 0 },
    "'end_date' is required when 'ends' is true and must be MM/DD/YYYY",
  ],
  [
    'an end without end_hour',
    { ...daily, ends: true, end_date: '01/20/2020', end_min: 0 },
    "'end_hour' is required when 'ends' is true and must be between 0 and 23",
  ],
  [
    'an end before the start',
    { ...daily, ends: true, end_date: '01/15/2020', end_hour: 6, end_min: 0 },
    'The schedule end (end_date, end_hour, end_min) must be after its start',
  ],
  [
    'a custom job on an hourly schedule',
    { ...daily, repeat_interval_unit: 'HOUR', is_custom_job: true },
    "'is_custom_job' is only allowed for repeat_interval_unit DAY, WEEK, MONTH",
  ],
  [
    'a custom job without details',
    { ...daily, is_custom_job: true },
    "'custom_job_details' is required when 'is_custom_job' is true",
  ],
  [
    'a custom job with a bad start time',
    {
      ...daily,
      is_custom_job: true,
      custom_job_details: {
        starts_daily_at: '25:00',
        ends_daily_at: '17:45',
        repeat_interval_measure: 10,
        repeat_interval_unit: 'MINUTE',
      },
    },
    "'custom_job_details.starts_daily_at' must be HH:MM",
  ],
  [
    'a custom job with a repeat unit of DAY',
    {
      ...daily,
      is_custom_job: true,
      custom_job_details: {
        starts_daily_at: '12:40',
        ends_daily_at: '17:45',
        repeat_interval_measure: 10,
        repeat_interval_unit: 'DAY',
      },
    },
    "'custom_job_details.repeat_interval_unit' must be one of MINUTE, HOUR",
  ],
];

describe('table group schedules', () => {
  for (const [what, body, details] of cases) {
    it(`refuses ${what}`, async () => {
      const reply = await fx.api.put(`${base}/enable`, body);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ iw_code: 'IW10006', details });
    });
  }

  it('enables a valid schedule, makes the caller its user and shows it on the table group', async () => {
    const schedule = {
      ...daily,
      repeat_interval_unit: 'MONTH',
      repeat_on_last_day: 'true',
      ends: true,
      end_date: '12/31/2030',
      end_hour: 23,
      end_min: 59,
      is_custom_job: true,
      custom_job_details: {
        starts_daily_at: '12:40',
        ends_daily_at: '17:45',
        repeat_interval_measure: 10,
        repeat_interval_unit: 'MINUTE',
      },
    };
    const put = await fx.api.put(`${base}/enable`, schedule);
    expect(put.status).toBe(200);
    expect(put.body.result.id).toMatch(/^[0-9a-f]{24}$/);
    const read = await fx.api.get(base);
    expect(read.body).toMatchObject({
      entity_id: put.body.result.id,
      schedule_type: 'table-group-cdc',
      schedule_username: 'admin@dpac.local',
    });
    expect(read.body.schedule_details).toMatchObject({
      repeat_interval_unit: 'MONTH',
      repeat_on_last_day: true,
      schedule_status: 'enabled',
    });
    expect(read.body.result).toEqual({
      entity_id: read.body.entity_id,
      schedule_type: read.body.schedule_type,
      schedule_username: read.body.schedule_username,
      schedule_details: read.body.schedule_details,
    });
    const group = (await fx.api.get(groupPath)).body.result;
    expect(group.schedule_status).toBe('enabled');
    expect(group.schedule.start_date).toBe('01/15/2020');
  });

  it('disables the schedule without a body and keeps its details', async () => {
    await fx.api.put(`${base}/enable`, { ...daily, repeat_interval_unit: 'WEEK', specified_days: [1, 3] });
    const off = await fx.api.put(`${base}/disable`);
    expect(off.status).toBe(200);
    const read = await fx.api.get(base);
    expect(read.body.schedule_details).toMatchObject({ schedule_status: 'disabled', specified_days: [1, 3] });
    expect((await fx.api.get(groupPath)).body.result.schedule_status).toBe('disabled');
  });

  it('sets the caller as schedule user without a body', async () => {
    fx.emu.store.update('table_groups', groupPath.split('/').pop()!, {
      scheduler_username: 'old@dpac.local',
    });
    expect((await fx.api.get(base)).body.schedule_username).toBe('old@dpac.local');
    const put = await fx.api.put(`${base}/user`);
    expect(put.status).toBe(200);
    expect((await fx.api.get(base)).body.schedule_username).toBe('admin@dpac.local');
  });
});
