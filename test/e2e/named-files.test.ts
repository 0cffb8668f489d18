// Paths on the command line through the real CLI: a plan of files named (part of the project)
// deletes nothing they do not declare, says so, and refuses a replace that would take undeclared
// children along; the project's folder, or paths covering all its files, is the whole project.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../helpers/e2e.js';
import * as f from './kinds/fixtures.js';
import { seedPlatform } from './kinds/seed.js';

/** The source, on an environment this project refers to as external (made by hand). */
const SOURCE = (o: f.SalesDbOptions = {}) => f.salesDb({ name: 'small_src', domains: [], ...o });
const TABLES = ['a', 'b', 'c'];
const tablesFile = (names: readonly string[]) =>
  f.docs(...names.map((name) => f.table({ name, source: 'small_src' })));
const PROJECT = f.projectFile('external: [Environment/prod, EnvironmentStorage/prod/lake]\n');
const table = (name: string) => `Table/small_src/${name}`;

describe('files named on the command line', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  beforeEach(async () => {
    await f.resetWith(e2e, { 'dpac.yaml': PROJECT, 'src.yaml': SOURCE(), 'tables.yaml': tablesFile(TABLES) });
    await seedPlatform(await f.connectApi(e2e));
    await f.applyOk(e2e);
  });
  afterAll(() => e2e.close());

  it('plans no delete of what the named file does not declare, lists it and warns', async () => {
    const plan = await e2e.dpac(['plan', 'src.yaml', '--json', '--no-color']);
    expect(plan.code, plan.stderr).toBe(0);
    const json = JSON.parse(plan.stdout) as f.PlanJson & {
      unmanaged_objects: { address: string; reason: string }[];
    };
    expect(json.summary.destroy).toBe(0);
    expect(f.actions(json)).toEqual({});
    const kept = TABLES.map(table);
    expect(json.unmanaged).toEqual(expect.arrayContaining(kept));
    expect(json.unmanaged_objects.find((o) => o.address === 'Table/small_src/a')?.reason).toBe(
      'carries the ownership tag managed-by:dpac/kinds and no manifest declares it, but only part of the ' +
        'project was read (the files named on the command line), and such a plan deletes nothing: plan the ' +
        'whole project to delete it',
    );
    expect(plan.stderr).toContain(
      'warning: Only part of the project was read (the files named on the command line), so this plan ' +
        'deletes nothing they do not declare: 3 objects it would otherwise delete are kept: ' +
        'Table/small_src/a, Table/small_src/b, Table/small_src/c.',
    );

    // Text output says the same; apply of the named file writes nothing.
    const text = await e2e.dpac(['plan', 'src.yaml', '--no-color']);
    expect(text.stdout).toContain('No changes.');
    expect(text.stdout).toContain(`${table('a')}: carries the ownership tag`);
    const seq = e2e.lastSeq();
    const applied = await e2e.dpac(['apply', 'src.yaml', '--auto-approve', '--no-color']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(e2e.writesSince(seq)).toEqual([]);
    await f.expectConverged(e2e);
  });

  it('updates what the named file declares, and never deletes with --select or metadata.prune: true', async () => {
    await e2e.write('src.yaml', SOURCE({ description: 'Changed.', metadata: { prune: true } }));
    await e2e.write('tables.yaml', tablesFile(['a']));
    for (const args of [['src.yaml'], ['src.yaml', '--select', 'Table']]) {
      const plan = await e2e.dpac(['plan', ...args, '--json', '--no-color']);
      expect(plan.code, plan.stderr).toBe(0);
      const json = JSON.parse(plan.stdout) as f.PlanJson;
      expect(json.summary.destroy).toBe(0);
    }
    const seq = e2e.lastSeq();
    const applied = await e2e.dpac(['apply', 'src.yaml', '--auto-approve', '--no-color']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(e2e.writesSince(seq).map((w) => w.method)).not.toContain('DELETE');
    // The whole project (no path) deletes b and c: tables.yaml declares only a now.
    const whole = await f.planJson(e2e);
    expect(f.actions(whole)).toEqual({ 'Table/small_src/b': 'delete', 'Table/small_src/c': 'delete' });
  });

  it('treats the project folder, or paths covering all its files, as the whole project', async () => {
    await e2e.write('tables.yaml', tablesFile(['a', 'b']));
    const expected = { 'Table/small_src/c': 'delete' };
    expect(f.actions(await f.planJson(e2e, ['.']))).toEqual(expected);
    expect(f.actions(await f.planJson(e2e, ['src.yaml', 'tables.yaml']))).toEqual(expected);
    expect(f.actions(await f.planJson(e2e, ['*.yaml']))).toEqual(expected);
    // A dpac.yaml include names the project's files: naming them again is the whole project, and a
    // file outside the include is not part of it.
    await e2e.write('dpac.yaml', `${PROJECT}include: [src.yaml, tables.yaml]\n`);
    await e2e.write('notes/other.yaml', f.domain('notes'));
    expect(f.actions(await f.planJson(e2e, ['tables.yaml', 'src.yaml']))).toEqual(expected);
    // A named folder holding its own dpac.yaml is a project of its own, whole.
    await e2e.write('sub/dpac.yaml', PROJECT);
    await e2e.write('sub/all.yaml', f.docs(SOURCE(), tablesFile(['a'])));
    const sub = await f.planJson(e2e, ['sub']);
    expect(f.actions(sub)).toEqual({ 'Table/small_src/b': 'delete', 'Table/small_src/c': 'delete' });
  });

  it('refuses a replace of a named parent that would take children the named files do not declare', async () => {
    await e2e.write('src.yaml', SOURCE({ subType: 'mysql' }));
    const seq = e2e.lastSeq();
    const plan = await e2e.dpac(['plan', 'src.yaml', '--no-color']);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(
      'error: The plan would replace Source/small_src and with it 3 child objects that the files named on ' +
        'the command line do not declare: Table/small_src/a, Table/small_src/b, Table/small_src/c.',
    );
    const refused = await e2e.dpac(['apply', 'src.yaml', '--auto-approve', '--no-color']);
    expect(refused.code).toBe(1);
    expect(e2e.writesSince(seq)).toEqual([]);
    // Naming the files that declare them too plans the replace of all four.
    const both = await f.planJson(e2e, ['src.yaml', 'tables.yaml']);
    expect(f.actions(both)).toEqual({
      'Source/small_src': 'replace',
      'Table/small_src/a': 'replace',
      'Table/small_src/b': 'replace',
      'Table/small_src/c': 'replace',
    });
  });
});
