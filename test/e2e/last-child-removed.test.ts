// Removing the last manifest of a child kind, through the real CLI against the emulator: the
// object is deleted when this project owns it (through its parent), never left on the platform
// unseen. Validation specs are read one list per table, so a plan reads them where a manifest
// declares one, and under the tables dpac marked as holding some (the tag dpac:validation-specs).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../helpers/e2e.js';
import * as f from './kinds/fixtures.js';

const TABLES = () => f.docs(f.salesDb(), f.table({ name: 'customers' }), f.table({ name: 'orders' }));

describe('the last manifest of a child kind removed', () => {
  let e2e: E2e;
  let api: f.Api;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  beforeEach(async () => {
    await f.resetWith(e2e, { 'platform.yaml': f.platform() });
    api = await f.connectApi(e2e);
  });
  afterAll(() => e2e.close());

  const specsOf = async (table: string): Promise<string[]> => {
    const source = await api.idOf('/sources', 'sales_db');
    const id = await api.idOf(`/sources/${source}/tables`, table);
    const listed = await api.get<{ result: { name: string }[] }>(
      `/sources/${source}/tables/${id}/validation-specs`,
    );
    return listed.result.map((s) => s.name);
  };

  it('deletes the last validation spec of the project once its manifest is gone', async () => {
    await e2e.write('sources.yaml', f.docs(TABLES(), f.validationSpec()));
    await f.applyOk(e2e);
    await f.expectConverged(e2e);
    expect(await specsOf('orders')).toEqual(['status_code']);

    await e2e.write('sources.yaml', TABLES());
    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({
      'ValidationSpec/sales_db/orders/status_code': 'delete',
      'Table/sales_db/orders': 'update',
    });
    expect(plan.changes.find((c) => c.address === 'ValidationSpec/sales_db/orders/status_code')?.reason).toBe(
      'its parent Table/sales_db/orders is owned and no manifest declares it',
    );
    // The marker goes only after the spec is gone: a failed delete is found again next time.
    f.expectBefore(
      plan.calls.map((c) => `${c.method} ${c.address}`),
      'DELETE ValidationSpec/sales_db/orders/status_code',
      'PUT Table/sales_db/orders',
    );
    await f.applyOk(e2e);
    expect(await specsOf('orders')).toEqual([]);
    await f.expectConverged(e2e);
  });

  it('marks a table already live when its first spec is declared, and keeps user tags apart', async () => {
    await e2e.write('sources.yaml', TABLES());
    await f.applyOk(e2e);
    await e2e.write('sources.yaml', f.docs(TABLES(), f.validationSpec()));
    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({
      'ValidationSpec/sales_db/orders/status_code': 'create',
      'Table/sales_db/orders': 'update',
    });
    expect(plan.changes.find((c) => c.address === 'Table/sales_db/orders')?.reason).toBe(
      'records that this project manages ValidationSpec objects (tag dpac:validation-specs) under it',
    );
    await f.applyOk(e2e);
    await f.expectConverged(e2e);
    // The marker is no user tag: export leaves it out, and the export plans no change.
    await f.exportRoundTrip(e2e);
    expect(await f.exportedFile(e2e, 'sources/sales_db/tables.yaml')).not.toContain('dpac:');
  });

  it('deletes the last topic mapping, file mapping, table group and table of a source', async () => {
    const all = f.docs(
      TABLES(),
      f.tableGroup({ tables: ['orders'] }),
      f.streamSource(),
      f.topicMapping(),
      f.jsonSource(),
      f.fileMapping(),
    );
    await e2e.write('sources.yaml', all);
    await f.applyOk(e2e);
    await e2e.write(
      'sources.yaml',
      f.docs(f.salesDb(), f.table({ name: 'orders' }), f.streamSource(), f.jsonSource()),
    );
    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({
      'Table/sales_db/customers': 'delete',
      'TableGroup/sales_db/nightly': 'delete',
      'TopicMapping/clicks/people': 'delete',
      'FileMapping/json_files/orders_files': 'delete',
    });
    await f.applyOk(e2e);
    await f.expectConverged(e2e);
  });
});
