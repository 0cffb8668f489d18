// Shared inputs for the Table kind tests: write contexts and spec parsing the way the loader does it.
import type { IdExpr, WriteContext } from '../../../src/kinds/kind.js';
import { Table, type TableSpec } from '../../../src/kinds/table/table.js';
import { pending } from '../shared/id-refs.js';

export const SOURCE_ID = '63ce575248ef1c73e0fa5001';
export const TABLE_ID = '63ce575248ef1c73e0fa5002';

/** A context for a table of sales_db; `self` is a placeholder unless an id is given. */
export function tableContext(name: string, self: IdExpr = pending(`Table/sales_db/${name}`)): WriteContext {
  const refs: Record<string, string> = { '/export/connection/data_connection': 'DataConnection/warehouse' };
  return {
    name,
    self,
    ancestors: { Source: SOURCE_ID },
    idOf: pending,
    idAt: (pointer) => {
      const address = refs[pointer];
      if (address === undefined) throw new Error(`no ref at ${pointer}`);
      return pending(address);
    },
  };
}

/** Parse (defaults applied) then normalize, as the loader does. */
export function load(spec: unknown): TableSpec {
  return Table.normalize!(Table.spec.parse(spec));
}

export const ORDERS = {
  description: 'Orders, merged on order_id.',
  source_table: { schema_name: 'dbo', table_name: 'orders' },
  ingestion: {
    sync_type: 'incremental',
    update_strategy: 'merge',
    natural_keys: ['order_id'],
    watermark_columns: ['modified_at'],
    partition_keys: [{ parent_column: 'order_date', derive_format: 'yyyyMM' }],
    storage_format: 'delta',
    target_schema_name: 'sales',
    target_table_name: 'orders',
  },
  tags: ['sales'],
  advanced_configurations: [{ key: 'should_run_dedupe', value: 'true' }],
};

export const DAILY_PRICES = {
  file: {
    source_relative_path: '/prices',
    source_file_type: 'csv',
    source_file_properties: {
      column_separator: ',',
      column_enclosed_by: '"',
      escape_character: '\\',
      encoding: 'UTF-8',
      header_rows_count: 1,
    },
  },
  ingestion: { sync_type: 'full-load', storage_format: 'delta', target_table_name: 'daily_prices' },
};
