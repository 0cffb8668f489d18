import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { Table } from '../../../src/kinds/table/table.js';
import { ValidationSpec } from '../../../src/kinds/validation-spec/validation-spec.js';

interface Manifest {
  kind: string;
  metadata: Record<string, string>;
  spec: unknown;
}

function manifests(file: string): { text: string; docs: Manifest[] } {
  const text = readFileSync(new URL(`../../../examples/sources/${file}`, import.meta.url), 'utf8');
  return { text, docs: parseAllDocuments(text).map((d) => d.toJS() as Manifest) };
}

const MODELINE = '# yaml-language-server: $schema=../../../schemas/dpac.schema.json\n';

describe('table examples', () => {
  it('sales_db/tables.yaml declares customers, events and orders with valid specs', () => {
    const { text, docs } = manifests('sales_db/tables.yaml');
    expect(text.startsWith(MODELINE)).toBe(true);
    expect(docs.map((d) => [d.kind, d.metadata.source, d.metadata.name])).toEqual([
      ['Table', 'sales_db', 'customers'],
      ['Table', 'sales_db', 'events'],
      ['Table', 'sales_db', 'orders'],
    ]);
    const [customers, events, orders] = docs.map((d) => Table.spec.parse(d.spec));
    expect(customers?.ingestion?.sync_type).toBe('full-load');
    expect(events?.ingestion).toMatchObject({ update_strategy: 'append', watermark_columns: ['event_time'] });
    expect(orders?.ingestion).toMatchObject({
      update_strategy: 'merge',
      natural_keys: ['order_id'],
      partition_keys: [{ parent_column: 'order_date', derive_format: 'yyyyMM' }],
    });
    for (const [i, doc] of docs.entries()) {
      expect(Table.spec.parse(doc.spec).source_table?.table_name).toBe(docs[i]?.metadata.name);
    }
  });

  it('files_csv/tables.yaml declares the daily_prices CSV table', () => {
    const { text, docs } = manifests('files_csv/tables.yaml');
    expect(text.startsWith(MODELINE)).toBe(true);
    expect(docs).toHaveLength(1);
    const spec = Table.spec.parse(docs[0]?.spec);
    expect(spec.file?.source_file_properties).toEqual({
      column_separator: ',',
      column_enclosed_by: '"',
      escape_character: '\\',
      encoding: 'UTF-8',
      header_rows_count: 1,
    });
    expect(spec.ingestion?.sync_type).toBe('full-load');
  });

  it('sales_db/validation-specs.yaml checks a column of orders', () => {
    const { text, docs } = manifests('sales_db/validation-specs.yaml');
    expect(text.startsWith(MODELINE)).toBe(true);
    expect(docs[0]?.metadata).toEqual({ name: 'order_status_code', source: 'sales_db', table: 'orders' });
    expect(ValidationSpec.spec.parse(docs[0]?.spec)).toEqual({
      column_name: 'status',
      type: 'regex',
      regex_expression: '^[A-Z_]+$',
    });
  });
});
