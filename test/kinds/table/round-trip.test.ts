import { describe, expect, it } from 'vitest';
import type { LiveRecord, NameLookup } from '../../../src/kinds/kind.js';
import { normalizeTable } from '../../../src/kinds/table/projection.js';
import { Table } from '../../../src/kinds/table/table.js';
import { load, TABLE_ID } from './table-fixtures.js';
import { DC_ID, FULL, FULL_LIVE, SERVER_FIELDS } from './table-full-fixture.js';

/** What reading makes of a live table: the projection, then the kind's canonical form. */
const readTable = (live: LiveRecord, lookup: NameLookup) => normalizeTable(Table.fromApi(live, lookup));

const names: NameLookup = {
  nameOf: (kind, id) => (kind === 'DataConnection' && id === DC_ID ? 'warehouse' : undefined),
};

describe('Table round trip', () => {
  it('projects what the API stores for a full RDBMS table back into the parsed spec', () => {
    expect(readTable(FULL_LIVE, names)).toStrictEqual(load(FULL));
  });

  it('keeps an unknown data connection id so the diff shows it', () => {
    const live = { ...FULL_LIVE, item: { ...FULL_LIVE.item } };
    live.item.export_configuration = {
      sync_type: 'APPEND',
      connection: { data_connection_id: 'ffffffffffffffffffffffff' },
    };
    expect(readTable(live, names).export).toEqual({
      sync_type: 'APPEND',
      connection: { data_connection: 'ffffffffffffffffffffffff' },
    });
  });

  it('drops the inline export password the API returns as cipher text', () => {
    const connection = {
      auth_type: 'SQL_SERVER_DEFAULT',
      connection_string: 'jdbc:sqlserver://dw:1433',
      database: 'dw',
      driver_name: 'com.microsoft.sqlserver.jdbc.SQLServerDriver',
      username: 'loader',
      schema: 'sales',
      table: 'orders',
    };
    const exported = {
      sync_type: 'APPEND',
      target_type: 'SQLSERVER',
      target_configuration: { table_name: 'orders' },
    };
    const live = { ...FULL_LIVE, item: { ...FULL_LIVE.item } };
    live.item.export_configuration = {
      ...exported,
      connection: { ...connection, password: 'aGVsbG8gY2lwaGVyIHRleHQ=' },
    };
    const spec = load({
      ...FULL,
      export: { ...exported, connection: { ...connection, password: `\${env.DW}` } },
    });
    expect(readTable(live, names).export).toEqual({ ...spec.export, connection });
  });

  it('projects a CSV table: file keys into file, ingestion keys into ingestion, spelling variants folded', () => {
    const spec = {
      description: 'Daily prices.',
      tags: [],
      file: {
        source_relative_path: '/prices',
        source_file_type: 'csv',
        source_file_properties: {
          column_separator: ',',
          column_enclosed_by: '"',
          escape_character: '\\',
          encoding: 'UTF-8',
          header_rows_count: 1,
          footer_rows_count: 0,
        },
        ingest_subdirectories: true,
        include_filename_regex: '.*\\.csv',
        exclude_filename_regex: '.*_bkp',
        is_archive_enabled: false,
        target_relative_path: '/daily_prices',
        deltaLake_table_name: 'DAILY_PRICES',
      },
      ingestion: { sync_type: 'full-load', storage_format: 'delta', target_table_name: 'daily_prices' },
      advanced_configurations: [],
    };
    const live: LiveRecord = {
      id: TABLE_ID,
      item: {
        ...SERVER_FIELDS,
        name: 'daily_prices',
        original_table_name: 'daily_prices',
        schema_name_at_source: '',
        catalog_name: '',
        description: 'Daily prices.',
        tags: [],
        columns: [
          {
            name: 'ziw_is_deleted',
            sql_type: 16,
            target_sql_type: 16,
            is_audit_column: true,
            is_deleted: false,
          },
        ],
        export_configuration: { target_configuration: {} },
        configuration: {
          source_relative_path: '/prices',
          source_file_type: 'csv',
          source_file_properties: {
            column_separator: ',',
            column_enclosed_by: '"',
            escape_character: '\\',
            encoding: 'UTF-8',
            header_rows_count: '1',
            footer_rows_count: 0,
          },
          include_subdirectories: 'true',
          include_filename_regex: '.*\\.csv',
          exclude_filename_regex: '.*_bkp',
          is_archive_enabled: false,
          target_relative_path: '/daily_prices',
          deltaLake_table_name: 'DAILY_PRICES',
          sync_type: 'full-load',
          update_strategy: 'append',
          watermark_columns: [],
          natural_keys: [],
          split_by_key: null,
          storage_format: 'delta',
          target_table_name: 'daily_prices',
          target_schema_name: '',
        },
      },
      docs: { advanced: { results: [] } },
    };
    expect(readTable(live, names)).toStrictEqual(load(spec));
  });

  it('reads fixed-width column widths under either spelling and partition keys given as names', () => {
    const live: LiveRecord = {
      id: TABLE_ID,
      item: {
        name: 'fixed',
        configuration: {
          source_relative_path: '/fixed',
          source_file_type: 'fixedwidth',
          source_file_properties: {
            record_width_type: 'fixed_width',
            columns_configuration: [{ column_width: '4' }],
          },
          sync_type: 'full-load',
          partition_keys: ['region'],
        },
      },
      docs: {},
    };
    const spec = readTable(live, names);
    expect(spec.file?.source_file_properties).toEqual({
      record_width_type: 'fixed_width',
      columns_configurations: [{ column_width: 4 }],
    });
    expect(spec.ingestion).toEqual({
      sync_type: 'full-load',
      partition_keys: [{ partition_column: 'region' }],
    });
    expect(spec.advanced_configurations).toBeUndefined();
  });
});
