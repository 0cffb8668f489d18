import { describe, expect, it } from 'vitest';
import { Table } from '../../../src/kinds/table/table.js';
import { DAILY_PRICES, load, ORDERS } from './table-fixtures.js';

function issuesOf(spec: unknown) {
  const result = Table.spec.safeParse(spec);
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((i) => ({ path: i.path.join('/'), message: i.message }));
}

function withIngestion(patch: Record<string, unknown>, drop: string[] = []) {
  const ingestion: Record<string, unknown> = { ...ORDERS.ingestion, ...patch };
  for (const key of drop) delete ingestion[key];
  return { ...ORDERS, ingestion };
}

describe('Table spec', () => {
  it('accepts a merged RDBMS table and fills the documented defaults', () => {
    const spec = load(ORDERS);
    expect(spec.source_table).toEqual({ schema_name: 'dbo', table_name: 'orders', table_type: 'TABLE' });
    expect(spec.ingestion?.partition_keys).toEqual([
      {
        parent_column: 'order_date',
        derive_format: 'yyyyMM',
        derive_function: 'year month',
        partition_column: 'iw_partition_column',
      },
    ]);
    expect(spec.advanced_configurations).toEqual([
      { key: 'should_run_dedupe', value: 'true', description: '', is_active: true },
    ]);
  });

  it('accepts a CSV file table', () => {
    expect(load(DAILY_PRICES).file?.source_file_properties?.header_rows_count).toBe(1);
  });

  it('refuses merge without natural_keys', () => {
    expect(issuesOf(withIngestion({}, ['natural_keys']))).toEqual([
      {
        path: 'ingestion/natural_keys',
        message: 'update_strategy merge needs natural_keys (the columns that identify a row)',
      },
    ]);
  });

  it('refuses an update_strategy on a full-load table', () => {
    expect(issuesOf(withIngestion({ sync_type: 'full-load' }))).toEqual([
      {
        path: 'ingestion/update_strategy',
        message: 'update_strategy applies only to sync_type incremental; remove it for full-load',
      },
    ]);
  });

  it('refuses an incremental table without update_strategy or watermark_columns', () => {
    expect(issuesOf(withIngestion({}, ['update_strategy', 'watermark_columns', 'natural_keys']))).toEqual([
      {
        path: 'ingestion/update_strategy',
        message: 'sync_type incremental needs update_strategy: append or merge',
      },
      {
        path: 'ingestion/watermark_columns',
        message: 'sync_type incremental needs watermark_columns (e.g. [modified_at])',
      },
    ]);
  });

  it('refuses an unknown derive_format and names the allowed ones', () => {
    const spec = withIngestion({
      partition_keys: [{ parent_column: 'order_date', derive_format: 'yyyy-MM' }],
    });
    expect(issuesOf(spec)).toEqual([
      {
        path: 'ingestion/partition_keys/0/derive_format',
        message: 'derive_format must be one of dd, MM, yyyy, yyyyMM, MMdd, yyyyMMdd',
      },
    ]);
  });

  it('refuses a derive_function that does not match the derive_format', () => {
    const partition = { parent_column: 'order_date', derive_format: 'yyyyMM', derive_function: 'month' };
    expect(issuesOf(withIngestion({ partition_keys: [partition] }))).toEqual([
      {
        path: 'ingestion/partition_keys/0/derive_function',
        message: "derive_format yyyyMM derives 'year month'; set derive_function to that or omit it",
      },
    ]);
  });

  it('refuses a derived partition without its parent column', () => {
    expect(issuesOf(withIngestion({ partition_keys: [{ derive_format: 'MM' }] }))).toEqual([
      {
        path: 'ingestion/partition_keys/0/parent_column',
        message: 'a derived key needs parent_column (the date column it derives from)',
      },
    ]);
  });

  it('refuses a derived split key whose format has no documented function', () => {
    const split = { parent_column: 'order_id', derive_format: 'mod' };
    expect(issuesOf(withIngestion({ split_by_key: split }))).toEqual([
      {
        path: 'ingestion/split_by_key/derive_function',
        message: 'derive_format mod has no documented derive_function; give derive_function',
      },
    ]);
  });

  it('refuses the singular watermark_column spelling', () => {
    const issues = issuesOf(withIngestion({ watermark_column: 'modified_at' }));
    expect(issues[0]?.path).toBe('ingestion');
    expect(issues[0]?.message).toContain('watermark_column');
  });

  it('refuses a table with both source_table and file, and one with neither', () => {
    const message =
      'give exactly one of source_table (a table of an RDBMS source) or file (files of a file source)';
    expect(issuesOf({ ...ORDERS, file: DAILY_PRICES.file })).toEqual([{ path: 'file', message }]);
    expect(issuesOf({ ingestion: DAILY_PRICES.ingestion })).toEqual([{ path: '', message }]);
  });

  it('refuses an enabled export without its connection and target', () => {
    expect(issuesOf({ ...ORDERS, export: { sync_type: 'MERGE', target_type: 'SNOWFLAKE' } })).toEqual([
      { path: 'export/connection', message: 'export sync_type MERGE needs connection' },
      { path: 'export/target_configuration', message: 'export sync_type MERGE needs target_configuration' },
    ]);
  });

  it('refuses a column override listed twice', () => {
    const schema = { columns: [{ name: 'status' }, { name: 'status', is_excluded_column: true }] };
    expect(issuesOf({ ...ORDERS, schema })).toEqual([
      { path: 'schema/columns/1/name', message: 'column status is listed twice' },
    ]);
  });

  it('reports the data connection an export refers to', () => {
    const spec = load({
      ...ORDERS,
      export: {
        sync_type: 'OVERWRITE',
        target_type: 'SNOWFLAKE',
        connection: { data_connection: 'warehouse' },
        target_configuration: { schema_name: 'SALES', table_name: 'ORDERS' },
      },
    });
    expect(Table.refs(spec, { ancestors: ['sales_db'], declared: () => undefined })).toEqual([
      { address: 'DataConnection/warehouse', path: '/export/connection/data_connection' },
    ]);
    expect(Table.refs(load(ORDERS), { ancestors: ['sales_db'], declared: () => undefined })).toEqual([]);
  });
});
