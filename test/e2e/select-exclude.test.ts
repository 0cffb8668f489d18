// --select that matches nothing is an error with a did-you-mean (plan, apply, drift, export), and
// --exclude leaves objects (and what needs them) out, winning over --select.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../helpers/e2e.js';
import * as f from './kinds/fixtures.js';

/** `plan --json` with warnings allowed on stderr. */
async function planWithWarnings(e2e: E2e, args: string[]): Promise<{ plan: f.PlanJson; stderr: string }> {
  const result = await e2e.dpac(['plan', '--json', '--no-color', ...args]);
  expect(result.code, result.stderr).toBe(0);
  return { plan: JSON.parse(result.stdout) as f.PlanJson, stderr: result.stderr };
}

describe('--select and --exclude', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  beforeEach(async () => {
    await f.resetWith(e2e, {
      'platform.yaml': f.platform(),
      'sources.yaml': f.docs(
        f.salesDb(),
        f.table({ name: 'customers' }),
        f.table({ name: 'orders' }),
        f.tableGroup({ metadata: { name: 'finance_daily' } }),
      ),
    });
  });
  afterAll(() => e2e.close());

  it('refuses a --select that matches nothing, suggesting the address with its parents, in every command', async () => {
    const seq = e2e.lastSeq();
    for (const args of [['plan'], ['apply', '--auto-approve'], ['drift']]) {
      const result = await e2e.dpac([...args, '--select', 'TableGroup/finance_daily']);
      expect(result.code, args[0]).toBe(1);
      expect(result.stderr).toContain(
        'error: --select TableGroup/finance_daily matches nothing. Did you mean TableGroup/sales_db/finance_daily?',
      );
    }
    expect(e2e.writesSince(seq)).toEqual([]);
    const typo = await e2e.dpac(['plan', '--select', 'Source/sales_bd', '--no-color']);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain('--select Source/sales_bd matches nothing. Did you mean Source/sales_db?');
    // Export suggests from live objects.
    await f.applyOk(e2e);
    for (const [selector, hint] of [
      ['Table/orders', 'Table/sales_db/orders'],
      ['TableGroup/finance_daily', 'TableGroup/sales_db/finance_daily'],
    ]) {
      const exported = await e2e.dpac(['export', '--out', 'exported', '--select', selector as string]);
      expect(exported.code).toBe(1);
      expect(exported.stderr).toContain(`--select ${selector} matches nothing. Did you mean ${hint}?`);
    }
    expect(await readdir(e2e.dir)).not.toContain('exported');
  });

  it('excludes objects by glob, leaves out what needs them, and a later run without --exclude finishes', async () => {
    const { plan, stderr } = await planWithWarnings(e2e, ['--exclude', 'Table/sales_db/ord*']);
    expect(f.actions(plan)['Table/sales_db/orders']).toBeUndefined();
    expect(f.actions(plan)['Table/sales_db/customers']).toBe('create');
    // The group lists orders, which is not created in this run: it waits too.
    expect(f.actions(plan)['TableGroup/sales_db/finance_daily']).toBeUndefined();
    expect(stderr).toContain(
      'TableGroup/sales_db/finance_daily is left out: it needs Table/sales_db/orders, which --exclude leaves out',
    );

    const applied = await e2e.dpac(['apply', '--auto-approve', '--exclude', 'Table/sales_db/ord*']);
    expect(applied.code, applied.stderr).toBe(0);
    const rest = await f.planJson(e2e);
    expect(f.actions(rest)).toEqual({
      'Table/sales_db/orders': 'create',
      'TableGroup/sales_db/finance_daily': 'create',
    });
    await f.applyOk(e2e);
    await f.expectConverged(e2e);
  });

  it('lets --exclude win over --select and exclude a parent with its children', async () => {
    const { plan } = await planWithWarnings(e2e, ['--select', 'Source/sales_db', '--exclude', 'Table']);
    // The source (with the parents it needs created first, as --select does); no table, and no group.
    expect(f.actions(plan)['Source/sales_db']).toBe('create');
    expect(Object.keys(f.actions(plan)).filter((a) => a.startsWith('Table'))).toEqual([]);
    const { plan: none } = await planWithWarnings(e2e, ['--exclude', 'Source/sales_*']);
    expect(Object.keys(f.actions(none)).filter((a) => a.includes('sales_db'))).toEqual([]);
    expect((await e2e.dpac(['plan', '--out', 'plan.json'])).code).toBe(0);
    const saved = await e2e.dpac(['apply', '--plan', 'plan.json', '--exclude', 'Table']);
    expect(saved.code).toBe(1);
    expect(saved.stderr).toContain('a saved plan runs as it was reviewed');
    const unknown = await e2e.dpac(['plan', '--exclude', 'Source/salse_db', '--no-color']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(
      '--exclude Source/salse_db matches nothing. Did you mean Source/sales_db?',
    );
  });

  it('exports without the excluded objects, naming them as references outside the export', async () => {
    await f.applyOk(e2e);
    const exported = await e2e.dpac(['export', '--out', 'exported', '--exclude', 'Table/sales_db/orders']);
    expect(exported.code, exported.stderr).toBe(0);
    const tables = await import('node:fs/promises').then((fs) =>
      fs.readFile(path.join(e2e.dir, 'exported', 'sources', 'sales_db', 'tables.yaml'), 'utf8'),
    );
    expect(tables).toContain('name: customers');
    // The excluded table is only referred to: an external declaration, no spec.
    expect(tables).toContain('  name: orders\n  source: sales_db\n  external: true\n');
    expect(tables).not.toContain('table_name: orders');
    expect(exported.stdout).toContain('Table/sales_db/orders');
    // What refers to it (the table group listing it) is still exported, and the files validate.
    expect(exported.stdout).not.toContain('was not found live');
    const validated = await e2e.dpac(['validate', 'exported', '-o', 'json']);
    expect(validated.code).toBe(0);
    expect(JSON.parse(validated.stdout).resources).toContain('TableGroup/sales_db/finance_daily');
  });
});
