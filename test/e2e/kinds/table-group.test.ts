// Table groups through the real CLI against the emulator: defaults, hand-made groups in other
// shapes, schedule calls and deletion under a pruning parent.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../../helpers/e2e.js';
import * as f from './fixtures.js';

const SCHEDULE = (hour: number) => `
schedule:
  enabled: true
  start_date: 01/05/2026
  start_hour: ${hour}
  start_min: 30
  repeat_interval_unit: WEEK
  repeat_interval_measure: 1
  specified_days: [1, 3, 5]`;

const sources = (group: string) =>
  f.docs(
    f.salesDb(),
    f.table({ name: 'orders' }),
    f.table({ name: 'customers' }),
    f.table({ name: 'events' }),
    group,
  );

describe('table groups', () => {
  let e2e: E2e;
  let api: f.Api;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  beforeEach(async () => {
    await f.resetWith(e2e, {
      'platform.yaml': f.platform(),
      'sources.yaml': sources(f.tableGroup({ maxConnections: 4, extra: SCHEDULE(2) })),
    });
    api = await f.connectApi(e2e);
  });
  afterAll(() => e2e.close());

  const groupsPath = async () => `/sources/${await api.idOf('/sources', 'sales_db')}/table-groups`;

  it('applies a scheduled table group from empty, then plans no changes and writes nothing', async () => {
    const applied = await f.applyOk(e2e);
    expect(applied.stdout).toContain(
      'Apply complete! Resources: 10 added, 0 changed, 0 replaced, 0 destroyed.',
    );
    await f.expectConverged(e2e);
  });

  it('plans no changes for a group made by hand with its tables in another order ', async () => {
    await e2e.write('sources.yaml', sources(''));
    await f.applyOk(e2e);
    const groups = await groupsPath();
    const source = groups.split('/')[2];
    const table = (name: string) => api.idOf(`/sources/${source}/tables`, name);
    const env = await api.idOf('/admin/environment', 'prod');
    await api.send('POST', groups, {
      name: 'nightly',
      environment_compute_template: {
        environment_compute_template_id: await api.idOf(
          `/admin/environment/${env}/environment-compute-template`,
          'etl-small',
        ),
      },
      max_connections: 4,
      max_parallel_entities: 1,
      tables: [{ table_id: await table('orders') }, { table_id: await table('customers') }],
    });
    await e2e.write('sources.yaml', sources(f.tableGroup({ maxConnections: 4 })));

    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({});
    await f.expectConverged(e2e);
  });

  it('compares an omitted max_connections with its default 1: live 4 becomes 1 in one PUT', async () => {
    await f.applyOk(e2e);
    await e2e.write('sources.yaml', sources(f.tableGroup({ extra: SCHEDULE(2) })));
    const groups = await groupsPath();

    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({ 'TableGroup/sales_db/nightly': 'update' });
    expect(plan.changes.find((c) => c.action === 'update')?.fields).toEqual([
      { path: '/max_connections', before: 4, after: 1, impact: 'next-run' },
    ]);
    expect(f.callLines(plan)).toEqual([`PUT ${groups}/${await api.idOf(groups, 'nightly')}`]);
    expect(plan.calls[0]?.body).toMatchObject({ max_connections: 1, max_parallel_entities: 1 });
    await f.applyOk(e2e);
    await f.expectConverged(e2e);
  });

  it('moves a schedule with one enable call and adds a table with one group PUT', async () => {
    await f.applyOk(e2e);
    const groups = await groupsPath();
    const item = `${groups}/${await api.idOf(groups, 'nightly')}`;
    await e2e.write('sources.yaml', sources(f.tableGroup({ maxConnections: 4, extra: SCHEDULE(5) })));
    const moved = await f.planJson(e2e);
    expect(moved.changes.find((c) => c.action === 'update')?.fields).toEqual([
      { path: '/schedule/start_hour', before: 2, after: 5, impact: 'next-run' },
    ]);
    expect(f.callLines(moved)).toEqual([`PUT ${item}/schedules/enable`]);
    await f.applyOk(e2e);

    const tables = ['customers', 'events', 'orders'];
    await e2e.write('sources.yaml', sources(f.tableGroup({ maxConnections: 4, tables, extra: SCHEDULE(5) })));
    const grown = await f.planJson(e2e);
    expect(f.callLines(grown)).toEqual([`PUT ${item}`]);
    await f.applyOk(e2e);
    await f.expectConverged(e2e);
  });

  it('deletes an undeclared group of an owned source: it is owned with its source', async () => {
    await f.applyOk(e2e);
    const groups = await groupsPath();
    const id = await api.idOf(groups, 'nightly');
    await e2e.write('sources.yaml', sources(''));
    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({ 'TableGroup/sales_db/nightly': 'delete' });
    expect(plan.changes[0]?.reason).toBe('its parent Source/sales_db is owned and no manifest declares it');
    expect(f.callLines(plan)).toEqual([`DELETE ${groups}/${id}`]);
    await f.applyOk(e2e);
    await f.expectConverged(e2e);
  });
});
