// Column descriptions and column order of a table through the real CLI against the emulator, whose
// metadata crawl gives added tables their columns: create, no-op re-plan, drift after a change made
// by hand, clearing, and the export round trip.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../../helpers/e2e.js';
import * as f from './fixtures.js';

interface DriftJson {
  in_sync: boolean;
  changed: { address: string; fields: { path: string; before: unknown; after: unknown }[] }[];
}

/** The orders table (its crawl: order_id, customer_id, status, amount, ordered_at) with a schema block. */
const orders = (schema: string) => f.table({ name: 'orders', extra: schema });

const described = (status = 'Order state, upper case.', order = '[status, amount]') =>
  orders(`
schema:
  columns:
    - name: status
      description: ${status}
    - name: amount
      target_precision: 20
      description: Total in EUR.
  column_order: ${order}`);

describe('table column descriptions and order', () => {
  let e2e: E2e;
  let api: f.Api;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  beforeEach(async () => {
    await f.resetWith(e2e, {
      'platform.yaml': f.platform(),
      'sources.yaml': f.docs(f.salesDb(), described()),
    });
    api = await f.connectApi(e2e);
  });
  afterAll(() => e2e.close());

  const tableId = async () => {
    const source = await api.idOf('/sources', 'sales_db');
    return { source, table: await api.idOf(`/sources/${source}/tables`, 'orders') };
  };
  const liveColumns = async () => {
    const { source, table } = await tableId();
    const doc = await api.get<{ result: { columns: Record<string, unknown>[] } }>(
      `/sources/${source}/tables/${table}`,
    );
    return doc.result.columns;
  };

  it('writes descriptions with one metadata PATCH after the overrides, then converges', async () => {
    const plan = await f.planJson(e2e);
    const table = plan.calls.filter((c) => c.address === 'Table/sales_db/orders');
    const patches = table
      .filter((c) => c.method === 'PATCH')
      .map((c) => [c.path.replace(/\$\{[^}]+\}/g, 'ID'), c.body]);
    expect(patches).toEqual([
      [
        '/sources/ID/tables/ID/configurations/schema',
        { type: 'column', columns: [{ name: 'amount', target_precision: 20 }] },
      ],
      [
        '/tables/ID/metadata',
        {
          columns_descriptions: [
            { name: 'amount', description: 'Total in EUR.' },
            { name: 'status', description: 'Order state, upper case.' },
          ],
        },
      ],
      ['/sources/ID/tables/ID/column-order', { name: 'status', target_column_position: 1 }],
      ['/sources/ID/tables/ID/column-order', { name: 'amount', target_column_position: 2 }],
    ]);
    await f.applyOk(e2e);
    const columns = await liveColumns();
    expect(columns.find((c) => c.name === 'status')?.description).toBe('Order state, upper case.');
    expect(columns.find((c) => c.name === 'amount')).toMatchObject({
      description: 'Total in EUR.',
      target_precision: 20,
    });
    await f.expectConverged(e2e);
  });

  it('reports a description edited in the UI as drift, and apply writes only that description back', async () => {
    await f.applyOk(e2e);
    const { table } = await tableId();
    await api.send('PATCH', `/tables/${table}/metadata`, {
      columns_descriptions: [{ name: 'status', description: 'edited in the UI' }],
    });
    const drift = await e2e.dpac(['drift', '-o', 'json']);
    expect(drift.code).toBe(2);
    const report = JSON.parse(drift.stdout) as DriftJson;
    expect(report.changed).toEqual([
      expect.objectContaining({
        address: 'Table/sales_db/orders',
        fields: [
          {
            path: '/schema/columns/status/description',
            before: 'edited in the UI',
            after: 'Order state, upper case.',
            impact: 'metadata',
          },
        ],
      }),
    ]);
    const plan = await f.planJson(e2e);
    expect(f.callLines(plan)).toEqual([`PATCH /tables/${table}/metadata`]);
    expect(plan.calls[0]?.body).toEqual({
      columns_descriptions: [{ name: 'status', description: 'Order state, upper case.' }],
    });
    await f.applyOk(e2e);
    await f.expectConverged(e2e);
  });

  it('clears a description given as an empty string, and then plans no change', async () => {
    await f.applyOk(e2e);
    await e2e.write('sources.yaml', f.docs(f.salesDb(), described("''")));
    const plan = await f.planJson(e2e);
    expect(plan.changes.find((c) => c.address === 'Table/sales_db/orders')?.fields).toEqual([
      {
        path: '/schema/columns/status/description',
        before: 'Order state, upper case.',
        after: null,
        impact: 'metadata',
      },
    ]);
    expect(plan.calls.map((c) => c.body)).toEqual([
      { columns_descriptions: [{ name: 'status', description: '' }] },
    ]);
    await f.applyOk(e2e);
    expect((await liveColumns()).find((c) => c.name === 'status')?.description).toBe('');
    await f.expectConverged(e2e);
  });

  it('moves only the columns out of place after a reorder by hand, and drift reports it', async () => {
    await f.applyOk(e2e);
    const { source, table } = await tableId();
    await api.send('PATCH', `/sources/${source}/tables/${table}/column-order`, {
      name: 'order_id',
      target_column_position: 1,
    });
    const drift = JSON.parse((await e2e.dpac(['drift', '-o', 'json'])).stdout) as DriftJson;
    expect(drift.changed[0]?.fields).toEqual([
      {
        path: '/schema/column_order',
        before: ['order_id', 'status'],
        after: ['status', 'amount'],
        impact: 'metadata',
      },
    ]);
    const plan = await f.planJson(e2e);
    expect(plan.calls.map((c) => c.body)).toEqual([
      { name: 'status', target_column_position: 1 },
      { name: 'amount', target_column_position: 2 },
    ]);
    await f.applyOk(e2e);
    const order = (await liveColumns()).map((c) => c.name);
    expect(order.slice(0, 3)).toEqual(['status', 'amount', 'order_id']);
    await f.expectConverged(e2e);

    // Only the column out of place moves: status stays first.
    await api.send('PATCH', `/sources/${source}/tables/${table}/column-order`, {
      name: 'amount',
      target_column_position: 4,
    });
    const again = await f.planJson(e2e);
    expect(again.calls.map((c) => c.body)).toEqual([{ name: 'amount', target_column_position: 2 }]);
  });

  it('refuses a column order naming a column the table lacks, located, before any write', async () => {
    await f.applyOk(e2e);
    await e2e.write('sources.yaml', f.docs(f.salesDb(), described(undefined, '[status, amount_eur]')));
    const seq = e2e.lastSeq();
    const plan = await e2e.dpac(['plan', '--no-color']);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toMatch(/sources\.yaml:\d+:\d+/);
    expect(plan.stderr).toContain('column_order names amount_eur, which the table does not have');
    expect((await e2e.dpac(['apply', '--auto-approve', '--no-color'])).code).toBe(1);
    expect(e2e.writesSince(seq)).toEqual([]);
  });

  it('rejects a column listed twice in column_order at validate time', async () => {
    await e2e.write('sources.yaml', f.docs(f.salesDb(), described(undefined, '[status, status]')));
    const output = await f.validateFails(e2e);
    expect(output).toMatch(/sources\.yaml:\d+:\d+/);
    expect(output).toContain('column status is listed twice');
  });

  it('exports the descriptions, and the exported files plan no change', async () => {
    await f.applyOk(e2e);
    await f.exportRoundTrip(e2e);
    const tables = await f.exportedFile(e2e, 'sources/sales_db/tables.yaml');
    expect(tables).toContain('description: Order state, upper case.');
    expect(tables).toContain('description: Total in EUR.');
    expect(tables).toContain('column_order: [status, amount, order_id, customer_id, ordered_at]');
  });
});
