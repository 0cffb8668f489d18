// Deleting safely through the real CLI: the mass-delete guard, protection by
// metadata and by dpac.yaml patterns, and an empty manifest set that never deletes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../../helpers/e2e.js';
import * as f from './fixtures.js';

const NAMES = ['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8'];

const tables = (names: readonly string[], extra: (name: string) => Partial<f.TableOptions> = () => ({})) =>
  f.docs(f.salesDb(), ...names.map((name) => f.table({ name, ...extra(name) })));

describe('safety guards', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  beforeEach(async () => {
    await f.resetWith(e2e, { 'platform.yaml': f.platform(), 'sources.yaml': tables(NAMES) });
    await f.applyOk(e2e);
  });
  afterAll(() => e2e.close());

  it('refuses a plan deleting more than max(5, 25%) of the managed tables unless --allow-mass-delete', async () => {
    await e2e.write('sources.yaml', tables(['t1', 't2']));
    const seq = e2e.lastSeq();
    const plan = await e2e.dpac(['plan', '--no-color']);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain('The plan deletes 6 of 8 managed Table objects, more than the limit of 5.');
    expect(plan.stderr).toContain('--allow-mass-delete');

    const refused = await e2e.dpac(['apply', '--auto-approve', '--no-color']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--allow-mass-delete');
    expect(e2e.writesSince(seq)).toEqual([]);

    const allowed = await e2e.dpac(['apply', '--auto-approve', '--allow-mass-delete', '--no-color']);
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toContain(
      'Apply complete! Resources: 0 added, 0 changed, 0 replaced, 6 destroyed.',
    );
    expect(e2e.writesSince(seq).map((w) => w.method)).toEqual(Array(6).fill('DELETE'));
    await f.expectConverged(e2e);
  });

  it('lets a plan delete five managed tables, the floor of the guard, without the flag', async () => {
    await e2e.write('sources.yaml', tables(['t1', 't2', 't3']));
    const plan = await f.planJson(e2e);
    expect(plan.summary.destroy).toBe(5);
  });

  it('turns a planned replace of a table with metadata.protect: true into an error and writes nothing', async () => {
    await e2e.write(
      'sources.yaml',
      tables(NAMES, (name) => (name === 't1' ? { sourceTable: 't1_v2', metadata: { protect: true } } : {})),
    );
    const seq = e2e.lastSeq();
    const plan = await e2e.dpac(['plan', '--no-color']);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(
      'Table/sales_db/t1 is protected (metadata.protect: true) but the plan would replace it: /source_table/table_name cannot be changed in place.',
    );
    const refused = await e2e.dpac(['apply', '--auto-approve']);
    expect(refused.code).toBe(1);
    expect(e2e.writesSince(seq)).toEqual([]);
  });

  it('turns a planned delete matching a protect pattern of dpac.yaml into an error, even with the manifest gone', async () => {
    await e2e.write('dpac.yaml', f.projectFile("protect:\n  - kind: Table\n    name: 'sales_db/t8'\n"));
    await e2e.write('sources.yaml', tables(NAMES.slice(0, 7)));
    const seq = e2e.lastSeq();
    const refused = await e2e.dpac(['apply', '--auto-approve', '--no-color']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'Table/sales_db/t8 is protected (the protect pattern Table/sales_db/t8 in dpac.yaml) but the plan would delete it',
    );
    expect(e2e.writesSince(seq)).toEqual([]);
  });

  it('re-checks protect patterns when applying a saved plan, since dpac.yaml may have changed', async () => {
    await e2e.write('sources.yaml', tables(NAMES.slice(0, 7)));
    const planned = await e2e.dpac(['plan', '--out', 'delete-t8.json']);
    expect(planned.code).toBe(0);
    await e2e.write('dpac.yaml', f.projectFile("protect:\n  - kind: Table\n    name: 'sales_db/t8'\n"));
    const seq = e2e.lastSeq();
    const refused = await e2e.dpac(['apply', '--plan', 'delete-t8.json', '--no-color']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'Table/sales_db/t8 is protected (the protect pattern Table/sales_db/t8 in dpac.yaml)',
    );
    expect(refused.stderr).toContain('The saved plan was refused; nothing was written.');
    expect(e2e.writesSince(seq)).toEqual([]);
    await e2e.write('dpac.yaml', f.projectFile());
    const applied = await e2e.dpac(['apply', '--plan', 'delete-t8.json', '--no-color']);
    expect(applied.code).toBe(0);
    expect(e2e.writesSince(seq).map((w) => w.method)).toEqual(['DELETE']);
  });

  it('never deletes anything when no manifest is loaded, even inside a prune scope', async () => {
    // The prune scope makes the tagged source visible; only the empty-set rule keeps it.
    await e2e.write(
      'empty/dpac.yaml',
      "apiVersion: dpac/v1\nkind: Project\nprune:\n  - kind: Source\n    name: '*'\n",
    );
    const seq = e2e.lastSeq();
    const plan = await e2e.dpac(['plan', '--json', 'empty']);
    expect(plan.stderr).toBe('');
    expect(plan.code).toBe(0);
    const parsed = JSON.parse(plan.stdout) as f.PlanJson;
    expect(parsed.summary.destroy).toBe(0);
    expect(parsed.unmanaged).toContain('Source/sales_db');
    await e2e.dpac(['apply', '--auto-approve', 'empty']);
    expect(e2e.writesSince(seq)).toEqual([]);
  });
});
