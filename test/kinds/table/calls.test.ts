import { describe, expect, it } from 'vitest';
import { Table } from '../../../src/kinds/table/table.js';
import { pending } from '../shared/id-refs.js';
import { DAILY_PRICES, load, ORDERS, SOURCE_ID, TABLE_ID, tableContext } from './table-fixtures.js';

const SELF = `\${Table/sales_db/orders.id}`;
const BASE = `/sources/${SOURCE_ID}/tables`;
const LIVE = `${BASE}/${TABLE_ID}`;

const ORDERS_INGESTION_BODY = {
  sync_type: 'incremental',
  update_strategy: 'merge',
  natural_keys: ['order_id'],
  watermark_columns: ['modified_at'],
  partition_keys: [
    {
      parent_column: 'order_date',
      derive_format: 'yyyyMM',
      derive_function: 'year month',
      partition_column: 'iw_partition_column',
      is_derived_partition: true,
    },
  ],
  storage_format: 'delta',
  target_schema_name: 'sales',
  target_table_name: 'orders',
};

describe('Table create', () => {
  it('adds an RDBMS table, then writes ingestion, metadata and advanced configurations', () => {
    expect(Table.create(load(ORDERS), tableContext('orders'))).toEqual([
      {
        method: 'POST',
        path: `${BASE}/source_tables`,
        body: {
          tables_to_add: [
            {
              table_name: 'orders',
              schema_name: 'dbo',
              table_type: 'TABLE',
              target_table_name: 'orders',
              target_schema_name: 'sales',
            },
          ],
        },
        creates: '/result/added_tables',
        batch: { list: '/tables_to_add', max: 500 },
        note: 'add source tables',
      },
      {
        method: 'PUT',
        path: `${BASE}/${SELF}/configurations/ingestion`,
        body: ORDERS_INGESTION_BODY,
        note: 'ingestion configuration',
      },
      {
        method: 'PUT',
        path: `${BASE}/${SELF}/metadata`,
        body: { tags_to_add: ['sales'], tags_to_remove: [], description: 'Orders, merged on order_id.' },
        note: 'tags and description',
      },
      {
        method: 'POST',
        path: `${BASE}/${SELF}/configurations/advance`,
        body: { key: 'should_run_dedupe', value: 'true', description: '', is_active: true },
        note: 'advanced configuration should_run_dedupe',
      },
    ]);
  });

  it('renames the added table only when the manifest name differs from the source table name', () => {
    const spec = load({
      ...ORDERS,
      source_table: { schema_name: 'dbo', table_name: 'ORDERS', catalog_name: 'sales' },
    });
    const calls = Table.create(spec, tableContext('orders'));
    expect(calls[0]?.body).toEqual({
      tables_to_add: [expect.objectContaining({ table_name: 'ORDERS', catalog_name: 'sales' })],
    });
    expect(calls[1]).toEqual({
      method: 'PUT',
      path: `${BASE}/${SELF}`,
      body: { name: 'orders', source: SOURCE_ID },
      note: 'name',
    });
    expect(Table.create(load(ORDERS), tableContext('orders')).filter((c) => c.note === 'name')).toEqual([]);
  });

  it('creates a CSV table from its files, then writes the whole configuration document', () => {
    const self = `\${Table/files_csv/daily_prices.id}`;
    const file = { ...DAILY_PRICES.file };
    expect(
      Table.create(load(DAILY_PRICES), tableContext('daily_prices', pending('Table/files_csv/daily_prices'))),
    ).toEqual([
      {
        method: 'POST',
        path: BASE,
        body: { name: 'daily_prices', source: SOURCE_ID, configuration: file },
        creates: true,
        note: 'file table',
      },
      {
        method: 'PUT',
        path: `${BASE}/${self}/configurations/ingestion`,
        body: { ...file, sync_type: 'full-load', storage_format: 'delta', target_table_name: 'daily_prices' },
        note: 'ingestion configuration',
      },
      {
        method: 'PUT',
        path: `${BASE}/${self}/metadata`,
        body: { tags_to_add: [], tags_to_remove: [] },
        note: 'tags and description',
      },
    ]);
  });

  it('writes the export with the data connection id and the column overrides', () => {
    const spec = load({
      ...ORDERS,
      export: {
        sync_type: 'MERGE',
        target_type: 'SNOWFLAKE',
        connection: { data_connection: 'warehouse' },
        target_configuration: { schema_name: 'SALES', table_name: 'ORDERS', natural_key: ['ORDER_ID'] },
      },
      schema: { columns: [{ name: 'status', target_sql_type: 12 }] },
    });
    const calls = Table.create(spec, tableContext('orders'));
    expect(calls.find((c) => c.note === 'export configuration')).toEqual({
      method: 'PUT',
      path: `${BASE}/${SELF}/configurations/export`,
      body: {
        sync_type: 'MERGE',
        target_type: 'SNOWFLAKE',
        connection: { data_connection_id: `\${DataConnection/warehouse.id}` },
        target_configuration: { schema_name: 'SALES', table_name: 'ORDERS', natural_key: ['ORDER_ID'] },
      },
      note: 'export configuration',
    });
    expect(calls.find((c) => c.note === 'column overrides')).toEqual({
      method: 'PATCH',
      path: `${BASE}/${SELF}/configurations/schema`,
      body: { type: 'column', columns: [{ name: 'status', target_sql_type: 12 }] },
      note: 'column overrides',
    });
  });
});

describe('Table update and remove', () => {
  const ctx = tableContext('orders', TABLE_ID);

  it('writes only the ingestion configuration when only ingestion changed', () => {
    const before = load(ORDERS);
    const after = load({ ...ORDERS, ingestion: { ...ORDERS.ingestion, storage_format: 'parquet' } });
    expect(Table.update(before, after, new Set(['ingestion']), ctx)).toEqual([
      {
        method: 'PUT',
        path: `${LIVE}/configurations/ingestion`,
        body: { ...ORDERS_INGESTION_BODY, storage_format: 'parquet' },
        note: 'ingestion configuration',
      },
    ]);
  });

  it('rewrites the configuration document with the ingestion keys when only the files changed', () => {
    const before = load(DAILY_PRICES);
    const after = load({
      ...DAILY_PRICES,
      file: { ...DAILY_PRICES.file, source_relative_path: '/prices/v2' },
    });
    const calls = Table.update(before, after, new Set(['file']), tableContext('daily_prices', TABLE_ID));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({ source_relative_path: '/prices/v2', sync_type: 'full-load' });
  });

  it('adds and removes tags as a set difference', () => {
    const before = load({ ...ORDERS, tags: ['sales', 'pii', 'managed-by:dpac'] });
    const after = load({ ...ORDERS, tags: ['sales', 'finance', 'managed-by:dpac'] });
    expect(Table.update(before, after, new Set(['tags']), ctx)).toEqual([
      {
        method: 'PUT',
        path: `${LIVE}/metadata`,
        body: { tags_to_add: ['finance'], tags_to_remove: ['pii'] },
        note: 'tags and description',
      },
    ]);
  });

  it('clears a removed description through the metadata call', () => {
    const before = load(ORDERS);
    const { description: _, ...rest } = ORDERS;
    const after = load(rest);
    expect(Table.update(before, after, new Set(['description']), ctx)).toEqual([
      {
        method: 'PUT',
        path: `${LIVE}/metadata`,
        body: { tags_to_add: [], tags_to_remove: [], description: '' },
        note: 'tags and description',
      },
    ]);
  });

  it('writes advanced configurations per key: new, changed and removed', () => {
    const before = load({
      ...ORDERS,
      advanced_configurations: [
        { key: 'should_run_dedupe', value: 'true' },
        { key: 'old_knob', value: '1' },
      ],
    });
    const after = load({
      ...ORDERS,
      advanced_configurations: [
        { key: 'should_run_dedupe', value: 'false' },
        { key: 'file_preview_row_count', value: '10', is_active: false },
      ],
    });
    expect(Table.update(before, after, new Set(['advanced_configurations']), ctx)).toEqual([
      {
        method: 'POST',
        path: `${LIVE}/configurations/advance`,
        body: { key: 'file_preview_row_count', value: '10', description: '', is_active: false },
        note: 'advanced configuration file_preview_row_count',
      },
      {
        method: 'PUT',
        path: `${LIVE}/configurations/advance/should_run_dedupe`,
        body: { key: 'should_run_dedupe', value: 'false', description: '', is_active: true },
        note: 'advanced configuration should_run_dedupe',
      },
      {
        method: 'DELETE',
        path: `${LIVE}/configurations/advance/old_knob`,
        note: 'advanced configuration old_knob',
      },
    ]);
  });

  it('writes the whole export document, secret included, when the export changed', () => {
    const inline = {
      sync_type: 'APPEND',
      target_type: 'SQLSERVER',
      connection: {
        auth_type: 'SQL_SERVER_DEFAULT',
        connection_string: 'jdbc:sqlserver://dw:1433',
        database: 'dw',
        driver_name: 'com.microsoft.sqlserver.jdbc.SQLServerDriver',
        username: 'loader',
        password: `\${env.DW_PASSWORD}`,
        schema: 'sales',
        table: 'orders',
      },
      target_configuration: { schema_name: 'sales', table_name: 'orders' },
    };
    const before = load({ ...ORDERS, export: inline });
    const after = load({ ...ORDERS, export: { ...inline, sync_type: 'OVERWRITE' } });
    expect(Table.update(before, after, new Set(['export']), ctx)).toEqual([
      {
        method: 'PUT',
        path: `${LIVE}/configurations/export`,
        body: { ...inline, sync_type: 'OVERWRITE' },
        note: 'export configuration',
      },
    ]);
  });

  it('patches only the listed columns whose overrides differ from live', () => {
    const before = load({
      ...ORDERS,
      schema: {
        columns: [
          { name: 'status', original_name: 'STATUS', target_sql_type: 12 },
          { name: 'total', target_sql_type: 3, target_precision: 10, target_scale: 2 },
        ],
      },
    });
    const same = load({ ...ORDERS, schema: { columns: [{ name: 'status', target_sql_type: 12 }] } });
    expect(Table.update(before, same, new Set(['schema']), ctx)).toEqual([]);
    const after = load({
      ...ORDERS,
      schema: {
        columns: [
          { name: 'status', target_sql_type: 12 },
          { name: 'total', target_scale: 4 },
        ],
      },
    });
    expect(Table.update(before, after, new Set(['schema']), ctx)).toEqual([
      {
        method: 'PATCH',
        path: `${LIVE}/configurations/schema`,
        body: { type: 'column', columns: [{ name: 'total', target_scale: 4 }] },
        note: 'column overrides',
      },
    ]);
  });

  it('deletes the table', () => {
    expect(Table.remove(load(ORDERS), ctx)).toEqual([{ method: 'DELETE', path: LIVE }]);
  });
});
