import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { Source } from '../../../src/kinds/source/source.js';

function manifest(file: string) {
  const text = readFileSync(new URL(`../../../examples/sources/${file}`, import.meta.url), 'utf8');
  return {
    text,
    doc: parse(text) as { apiVersion: string; kind: string; metadata: { name: string }; spec: unknown },
  };
}

describe('source examples', () => {
  it('sales_db.yaml is a valid Source whose password stays an env reference', () => {
    const { text, doc } = manifest('sales_db.yaml');
    expect(text.startsWith('# yaml-language-server: $schema=../../schemas/dpac.schema.json\n')).toBe(true);
    expect(doc).toMatchObject({ apiVersion: 'dpac/v1', kind: 'Source', metadata: { name: 'sales_db' } });
    const spec = Source.spec.parse(doc.spec);
    expect(spec).toMatchObject({
      type: 'rdbms',
      sub_type: 'sqlserver',
      environment: 'prod',
      storage: 'lake',
    });
    expect(spec.connection).toMatchObject({ password: '${env.SALES_DB_PASSWORD}' });
    expect(spec.domains).toEqual(['sales']);
  });

  it('files_csv.yaml is a valid file Source on the cluster file system', () => {
    const { doc } = manifest('files_csv.yaml');
    expect(doc).toMatchObject({ kind: 'Source', metadata: { name: 'files_csv' } });
    const spec = Source.spec.parse(doc.spec);
    expect(spec).toMatchObject({ type: 'file', sub_type: 'structured' });
    expect(spec.connection).toEqual({ source_base_path: '/data/landing', storage: { storage_type: 'dbfs' } });
  });
});
