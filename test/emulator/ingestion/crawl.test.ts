// The metadata crawl: adding source tables gives them the columns the source reports (seed.ts's
// catalogue, else the generic set), with the audit columns last, in the table document and,
// reduced to the reference's five fields, in configurations/schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_SOURCE_COLUMNS, SOURCE_TABLE_COLUMNS } from '../../../src/emulator/seed.js';
import { type Fixture, type Json, sourceWithTables, startFixture } from './ingestion-fixture.js';

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(async () => {
  await fx.emu.close();
});

describe('metadata crawl', () => {
  it('gives an added source table the catalogue columns in order, then the two audit columns', async () => {
    const { sourceId, tableIds } = await sourceWithTables(fx, 'crawl_known', ['orders']);
    const table = (await fx.api.get(`/sources/${sourceId}/tables/${tableIds[0]}`)).body.result;
    const names = (SOURCE_TABLE_COLUMNS.orders ?? []).map((c) => c.name);
    expect(table.meta_crawl_performed).toBe(true);
    expect(table.columns.map((c: Json) => [c.name, c.target_column_order, c.is_audit_column])).toEqual([
      ...names.map((n, i) => [n, i + 1, false]),
      ['ziw_target_timestamp', names.length + 1, true],
      ['ziw_is_deleted', names.length + 2, true],
    ]);
    expect(table.columns.find((c: Json) => c.name === 'amount')).toMatchObject({
      original_name: 'amount',
      sql_type: 3,
      target_sql_type: 3,
      col_type_name: 'decimal',
      precision: 18,
      scale: 2,
      target_precision: '18',
      target_scale: '2',
      is_deleted: false,
      is_excluded_column: false,
    });
    expect(table.columns.find((c: Json) => c.name === 'ordered_at').format).toBe('yyyy-MM-dd HH:mm:ss');
  });

  it('crawls a table the catalogue does not know into the generic columns, the same way every time', async () => {
    const first = await sourceWithTables(fx, 'crawl_a', ['unknown_thing']);
    const second = await sourceWithTables(fx, 'crawl_b', ['unknown_thing']);
    const columnsOf = async (s: { sourceId: string; tableIds: string[] }) =>
      (await fx.api.get(`/sources/${s.sourceId}/tables/${s.tableIds[0]}`)).body.result.columns;
    const a = await columnsOf(first);
    expect(a.filter((c: Json) => !c.is_audit_column).map((c: Json) => c.name)).toEqual(
      GENERIC_SOURCE_COLUMNS.map((c) => c.name),
    );
    expect(await columnsOf(second)).toEqual(a);
  });

  it('shows the five reference fields per column in configurations/schema', async () => {
    const { sourceId, tableIds } = await sourceWithTables(fx, 'crawl_schema', ['customers']);
    const schema = (await fx.api.get(`/sources/${sourceId}/tables/${tableIds[0]}/configurations/schema`)).body
      .result;
    expect(schema[0]).toEqual({
      is_audit_column: false,
      name: 'customer_id',
      original_name: 'customer_id',
      sql_type: -5,
      target_sql_type: -5,
    });
    expect(schema.at(-1)).toEqual({
      is_audit_column: true,
      name: 'ziw_is_deleted',
      original_name: 'ziw_is_deleted',
      sql_type: 16,
      target_sql_type: 16,
    });
  });
});
