// The canonical form of one manifest file: export's key order and layout, every comment kept with
// what it describes, scalars as written, the same data, and a second pass changes nothing.
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { formatText } from '../../src/format/format-text.js';

const format = (text: string): string => {
  const result = formatText(text, 'm.yaml');
  expect(result.diagnostics).toEqual([]);
  return result.text as string;
};

const data = (text: string) => parseAllDocuments(text).map((d) => d.toJS());

const UNFORMATTED = `# yaml-language-server: $schema=./dpac.schema.json
# The sales team's tables.
spec:   # the table's settings
  ingestion: {target_table_name: orders, sync_type: full-load, storage_format: delta, target_schema_name: sales}
  # where it comes from
  source_table:
    table_name: orders
    schema_name: dbo
  description: 'Orders, one row per order.'
  tags:
    - pii   # personal data
    - sales
kind: Table
metadata: { source: sales_db, name: orders }
apiVersion: dpac/v1
---
apiVersion: dpac/v1
kind: Source
metadata:
  name: sales_db
table_defaults:
  ingestion: { storage_format: delta, sync_type: full-load }
  source_table: { schema_name: dbo }
spec:
  environment: prod
  type: rdbms
`;

describe('formatText', () => {
  const formatted = format(UNFORMATTED);

  it('writes keys in the schema order export uses, mappings in block style, short scalar lists in flow style', () => {
    expect(formatted).toBe(`# yaml-language-server: $schema=./dpac.schema.json
# The sales team's tables.
apiVersion: dpac/v1
kind: Table
metadata:
  name: orders
  source: sales_db
spec:
  # the table's settings
  # where it comes from
  source_table:
    table_name: orders
    schema_name: dbo
  description: 'Orders, one row per order.'
  tags:
    - pii # personal data
    - sales
  ingestion:
    sync_type: full-load
    storage_format: delta
    target_table_name: orders
    target_schema_name: sales
---
apiVersion: dpac/v1
kind: Source
metadata:
  name: sales_db
spec:
  type: rdbms
  environment: prod
table_defaults:
  source_table:
    schema_name: dbo
  ingestion:
    sync_type: full-load
    storage_format: delta
`);
  });

  it('keeps every comment and the data, and a second pass changes nothing', () => {
    const comments = (text: string) => (text.match(/#.*$/gm) ?? []).sort();
    expect(comments(formatted)).toEqual(comments(UNFORMATTED));
    expect(data(formatted)).toEqual(data(UNFORMATTED));
    expect(format(formatted)).toBe(formatted);
  });

  it('puts a list of scalars in flow style only while it is short and uncommented', () => {
    const long = Array.from({ length: 12 }, (_, i) => `column_number_${i}`);
    const text = format(
      `apiVersion: dpac/v1\nkind: Domain\nmetadata:\n  name: d\nspec:\n  environments: [${long.join(', ')}]\n  description: x\n`,
    );
    expect(text).toContain(`  environments:\n${long.map((c) => `    - ${c}\n`).join('')}`);
  });

  it('lays out a document of an unknown kind without reordering it', () => {
    const text = format('kind: Nope\nzeta: {b: 1, a: 2}\nalpha: [x]\n');
    expect(text).toBe('kind: Nope\nzeta:\n  b: 1\n  a: 2\nalpha: [x]\n');
  });

  it('leaves a file the manifest parser refuses, saying where', () => {
    const result = formatText('apiVersion: dpac/v1\nkind: Domain\nkind: Domain\n', 'dup.yaml');
    expect(result.text).toBeUndefined();
    expect(result.diagnostics).toMatchObject([
      { severity: 'error', source: { file: 'dup.yaml', line: 3, col: 1 } },
    ]);
    expect(formatText('a: &x 1\nb: *x\n', 'alias.yaml').diagnostics[0]?.summary).toContain('aliases');
  });

  it('keeps an empty file empty', () => {
    expect(format('')).toBe('');
  });
});
