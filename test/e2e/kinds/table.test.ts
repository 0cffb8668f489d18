// Tables and their validation specs through the real CLI against the emulator: adoption of
// hand-made tables, updates, replacement on an immutable source table, ownership-based deletes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../../helpers/e2e.js';
import * as f from './fixtures.js';
import { seedTable } from './seed.js';

const sources = (
  o: { orders?: Partial<f.TableOptions>; regex?: string; customers?: boolean; spec?: boolean } = {},
) =>
  f.docs(
    f.salesDb(),
    f.table({ name: 'orders', ...o.orders }),
    ...(o.customers === false ? [] : [f.table({ name: 'customers' })]),
    ...(o.spec === false ? [] : [f.validationSpec(o.regex)]),
  );

describe('tables and validation specs', () => {
  let e2e: E2e;
  let api: f.Api;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  beforeEach(async () => {
    await f.resetWith(e2e, { 'platform.yaml': f.platform(), 'sources.yaml': sources() });
    api = await f.connectApi(e2e);
  });
  afterAll(() => e2e.close());

  const ids = async () => {
    const source = await api.idOf('/sources', 'sales_db');
    return {
      source,
      table: (name: string) => api.idOf(`/sources/${source}/tables`, name),
    };
  };

  it('applies tables and a validation spec from empty, then plans no changes and writes nothing', async () => {
    const applied = await f.applyOk(e2e);
    expect(applied.stdout).toContain(
      'Apply complete! Resources: 9 added, 0 changed, 0 replaced, 0 destroyed.',
    );
    await f.expectConverged(e2e);
  });

  it('adopts a table added by hand with a lower-case table type, changing nothing but the ownership tag', async () => {
    await e2e.write('sources.yaml', sources({ customers: false, spec: false }));
    await f.applyOk(e2e);
    const { source, table } = await ids();
    await seedTable(api, source, { name: 'customers' });
    await e2e.write('sources.yaml', sources({ spec: false }));

    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({ 'Table/sales_db/customers': 'adopt' });
    expect(plan.changes.find((c) => c.action === 'adopt')?.fields).toEqual([]);
    const customers = await table('customers');
    expect(plan.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'PUT',
        `/sources/${source}/tables/${customers}/metadata`,
        { tags_to_add: ['managed-by:dpac/kinds'], tags_to_remove: [] },
      ],
    ]);
    await f.applyOk(e2e);
    await f.expectConverged(e2e);
  });

  it('updates a table description and a validation regex with one call each, then converges', async () => {
    await f.applyOk(e2e);
    await e2e.write('sources.yaml', sources({ orders: { description: 'All orders.' }, regex: '^[A-Z]+$' }));
    const { source, table } = await ids();
    const orders = await table('orders');
    const specs = `/sources/${source}/tables/${orders}/validation-specs`;

    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({
      'Table/sales_db/orders': 'update',
      'ValidationSpec/sales_db/orders/status_code': 'update',
    });
    expect(plan.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'PUT',
        `/sources/${source}/tables/${orders}/metadata`,
        { description: 'All orders.', tags_to_add: [], tags_to_remove: [] },
      ],
      [
        'PATCH',
        `${specs}/${await api.idOf(specs, 'status_code')}`,
        expect.objectContaining({ regex_expression: '^[A-Z]+$' }),
      ],
    ]);
    await f.applyOk(e2e);
    await f.expectConverged(e2e);
  });

  it('replaces a table whose source table name changed, with its validation spec, deleting before creating', async () => {
    await f.applyOk(e2e);
    const { source, table } = await ids();
    const old = await table('orders');
    await e2e.write('sources.yaml', sources({ orders: { sourceTable: 'orders_v2' } }));

    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({
      'Table/sales_db/orders': 'replace',
      'ValidationSpec/sales_db/orders/status_code': 'replace',
    });
    const reasons = Object.fromEntries(plan.changes.map((c) => [c.address, c.reason]));
    expect(reasons['Table/sales_db/orders']).toBe('/source_table/table_name cannot be changed in place');
    expect(reasons['ValidationSpec/sales_db/orders/status_code']).toBe(
      'its parent Table/sales_db/orders is replaced',
    );
    const lines = f.callLines(plan);
    f.expectBefore(
      lines,
      `DELETE /sources/${source}/tables/${old}`,
      `POST /sources/${source}/tables/source_tables`,
    );

    const seq = e2e.lastSeq();
    await f.applyOk(e2e);
    const writes = e2e.writesSince(seq).map((w) => `${w.method} ${w.path}`);
    f.expectBefore(
      writes,
      `DELETE /v3/sources/${source}/tables/${old}`,
      `POST /v3/sources/${source}/tables/source_tables`,
    );
    expect(writes.some((w) => w.startsWith('POST') && w.endsWith('/validation-specs'))).toBe(true);
    await f.expectConverged(e2e);
  });

  it('deletes an undeclared table carrying the ownership tag and never one made by hand', async () => {
    await f.applyOk(e2e);
    const { source, table } = await ids();
    const customers = await table('customers');
    const byHand = await seedTable(api, source, { name: 'audit_log' });
    await e2e.write('sources.yaml', sources({ customers: false }));

    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({ 'Table/sales_db/customers': 'delete' });
    expect(plan.unmanaged).toContain('Table/sales_db/audit_log');
    expect(f.callLines(plan)).toEqual([`DELETE /sources/${source}/tables/${customers}`]);
    const seq = e2e.lastSeq();
    await f.applyOk(e2e);
    expect(e2e.writesSince(seq).map((w) => w.method)).toEqual(['DELETE']);
    expect((await api.get<{ result: { id: string } }>(`/sources/${source}/tables/${byHand}`)).result.id).toBe(
      byHand,
    );
    await f.expectConverged(e2e);
  });

  it('deletes an undeclared validation spec under an owned table: it is owned with its parent', async () => {
    await f.applyOk(e2e);
    const { source, table } = await ids();
    const orders = await table('orders');
    const specs = `/sources/${source}/tables/${orders}/validation-specs`;
    const extra = await api.send<{ result: { id: string } }>('POST', specs, {
      name: 'by_hand',
      column_name: 'status',
      table_id: orders,
      type: 'regex',
      regex_expression: '.*',
    });
    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({ 'ValidationSpec/sales_db/orders/by_hand': 'delete' });
    expect(plan.changes[0]?.reason).toBe(
      'its parent Table/sales_db/orders is owned and no manifest declares it',
    );
    expect(f.callLines(plan)).toEqual([`DELETE ${specs}/${extra.result.id}`]);
    await f.applyOk(e2e);
    await f.expectConverged(e2e);
  });

  it('honours metadata.ignore on a table description changed by hand', async () => {
    await e2e.write('sources.yaml', sources({ orders: { metadata: { ignore: ['/description'] } } }));
    await f.applyOk(e2e);
    const { source, table } = await ids();
    await api.send('PUT', `/sources/${source}/tables/${await table('orders')}/metadata`, {
      description: 'edited in the UI',
    });
    await f.expectConverged(e2e);
    await e2e.write('sources.yaml', sources());
    const plan = await f.planJson(e2e);
    expect(plan.changes.find((c) => c.address === 'Table/sales_db/orders')?.fields).toEqual([
      { path: '/description', before: 'edited in the UI', after: 'The orders table.', impact: 'metadata' },
    ]);
  });
});
