// A Source's table_defaults through the real CLI: merged under each table (its own values win),
// checked as part of each table with errors at the default that supplied the bad value, shown
// merged in the plan, applied and converged; export --factor-defaults writes them back.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../../helpers/e2e.js';
import * as f from './fixtures.js';

const DEFAULTS = `
table_defaults:
  description: A sales table.
  source_table:
    schema_name: dbo
  ingestion:
    sync_type: full-load
    storage_format: delta
    target_schema_name: sales
  tags: [sales]`;

const table = (name: string, own = '') =>
  `apiVersion: dpac/v1
kind: Table
metadata:
  name: ${name}
  source: sales_db
spec:
  source_table:
    table_name: ${name}
  ingestion:
    target_table_name: ${name}${own}`;

const files = (defaults = DEFAULTS) => ({
  'platform.yaml': f.platform(),
  'sources.yaml': f.docs(
    `${f.salesDb()}${defaults}`,
    table('orders'),
    table('customers', '\n    storage_format: parquet'),
    table('returns'),
  ),
});

describe('table defaults', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  afterAll(() => e2e.close());

  it('merges the defaults under each table, the table’s own values winning, and converges', async () => {
    await f.resetWith(e2e, files());
    const plan = await f.planJson(e2e);
    const planned = (address: string) =>
      (plan.changes.find((c) => c.address === address) as unknown as { after: Record<string, unknown> })
        .after;
    expect(planned('Table/sales_db/orders')).toMatchObject({
      description: 'A sales table.',
      source_table: { schema_name: 'dbo', table_name: 'orders' },
      ingestion: { sync_type: 'full-load', storage_format: 'delta', target_table_name: 'orders' },
      tags: ['sales'],
    });
    expect(planned('Table/sales_db/customers')).toMatchObject({ ingestion: { storage_format: 'parquet' } });
    // The Source itself never carries its table_defaults.
    expect(planned('Source/sales_db')).not.toHaveProperty('table_defaults');
    await f.applyOk(e2e);
    await f.expectConverged(e2e);
  });

  it('reports a bad default once, where the default is written, and a table’s own error at the table', async () => {
    await f.resetWith(e2e, files(DEFAULTS.replace('storage_format: delta', 'storage_format: deltaa')));
    await e2e.write(
      'sources.yaml',
      (await readFile(path.join(e2e.dir, 'sources.yaml'), 'utf8')).replace(
        'storage_format: parquet',
        'storage_format: parquett',
      ),
    );
    const text = await readFile(path.join(e2e.dir, 'sources.yaml'), 'utf8');
    const lineOf = (needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
    const result = await e2e.dpac(['validate', '--no-color']);
    expect(result.code).toBe(1);
    const errors = `${result.stdout}\n${result.stderr}`.split('\n').filter((l) => l.includes(' error: '));
    expect(errors.map((l) => l.split(' error: ')[0])).toEqual([
      `sources.yaml:${lineOf('deltaa')}:21`,
      `sources.yaml:${lineOf('parquett')}:21`,
    ]);
  });

  it('applies dpac.yaml defaults by kind and name pattern under the source’s, and locates their errors', async () => {
    const project = (format: string) => `apiVersion: dpac/v1
kind: Project
defaults:
  - kind: Table
    name: sales_db/*
    spec:
      description: Set by the project.
      ingestion:
        storage_format: ${format}
        target_database_name: lake
  - kind: Table
    name: other_db/*
    spec:
      description: Not for these tables.
`;
    await f.resetWith(e2e, {
      ...files(DEFAULTS.replace('    storage_format: delta\n', '')),
      'dpac.yaml': project('orc'),
    });
    const plan = await f.planJson(e2e);
    const orders = plan.changes.find((c) => c.address === 'Table/sales_db/orders') as unknown as {
      after: { description: string; ingestion: Record<string, unknown> };
    };
    // The source's table_defaults win over the project's; the project's fill what neither sets.
    expect(orders.after.description).toBe('A sales table.');
    expect(orders.after.ingestion).toMatchObject({ storage_format: 'orc', target_database_name: 'lake' });

    await e2e.write('dpac.yaml', project('orcc'));
    const result = await e2e.dpac(['validate', '--no-color']);
    expect(result.code).toBe(1);
    const errors = `${result.stdout}\n${result.stderr}`.split('\n').filter((l) => l.includes(' error: '));
    expect(errors.map((l) => l.split(' error: ')[0])).toEqual(['dpac.yaml:9:25']);
  });

  it('export --factor-defaults moves what all tables share into table_defaults, and plans no change', async () => {
    await f.resetWith(e2e, files());
    await f.applyOk(e2e);
    expect((await e2e.dpac(['export', '--out', 'plain'])).code).toBe(0);
    const factored = await e2e.dpac(['export', '--out', 'factored', '--factor-defaults']);
    expect(factored.code, factored.stderr).toBe(0);
    const read = (dir: string, file: string) => readFile(path.join(e2e.dir, dir, file), 'utf8');
    const source = await read('factored', 'sources/sales_db.yaml');
    const defaults = source.slice(source.indexOf('\ntable_defaults:\n'));
    expect(defaults).toContain('\n  description: A sales table.\n');
    expect(defaults).not.toContain('storage_format');
    const tables = await read('factored', 'sources/sales_db/tables.yaml');
    expect(tables).not.toContain('description: A sales table.');
    expect(tables).toContain('storage_format: parquet');
    const bytes = async (dir: string) =>
      (await read(dir, 'sources/sales_db.yaml')).length +
      (await read(dir, 'sources/sales_db/tables.yaml')).length;
    expect(await bytes('factored')).toBeLessThan(await bytes('plain'));

    // Every secret placeholder the export lists gets a value (plan only checks they are set).
    const names = [...factored.stdout.matchAll(/^ {2}([A-Z][A-Z0-9_]*) +\S+ \/\S*$/gm)].map((m) => m[1]);
    const env = Object.fromEntries(names.map((n) => [n as string, 'set']));
    const plan = await e2e.dpac(['plan', 'factored', '--detailed-exitcode', '--no-color'], { env });
    expect(plan.stdout, plan.stderr).toContain('No changes.');
    expect(plan.code).toBe(0);
  });
});
