// `dpac destroy` through the real CLI against the emulator: it deletes what the manifests declare
// and this project provably owns, children and referrers first; it asks twice without
// --auto-approve and refuses without a terminal; protect, ownership, the cascade guard and the
// mass-delete guard all hold; --out saves a destroy plan that `apply --plan` applies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../helpers/capture-io.js';
import { type E2e, startE2e } from '../helpers/e2e.js';
import * as f from './kinds/fixtures.js';
import { domain, project, withNeighbour } from './neighbour.js';

/** The platform, a source, two tables and a group over both. */
const everything = () => ({
  'platform.yaml': f.platform(),
  'sources.yaml': f.docs(
    f.salesDb(),
    f.table({ name: 't1' }),
    f.table({ name: 't2' }),
    f.tableGroup({ tables: ['t1', 't2'] }),
  ),
});

describe('dpac destroy', () => {
  let e2e: E2e;
  const destroy = (args: string[], env?: Record<string, string | undefined>) =>
    e2e.dpac(['destroy', '--no-color', ...args], env ? { env } : {});
  /** `METHOD /v3/…` of the writes since `seq`. */
  const writes = (seq: number) => e2e.writesSince(seq).map((w) => `${w.method} ${w.path}`);
  /** The one write whose path matches, by its index: an order check that a missing call fails. */
  const at = (lines: readonly string[], pattern: RegExp): number => {
    const found = lines.flatMap((line, i) => (pattern.test(line) ? [i] : []));
    expect(found, `${pattern} in ${lines.join('\n')}`).toHaveLength(1);
    return found[0] as number;
  };

  beforeAll(async () => {
    // The DELETEs of storages, computes and clusters are documented by no reference.
    e2e = await startE2e({ allowUndocumented: true });
  });
  afterAll(() => e2e.close());

  it('deletes what the manifests declare, children and referrers first, then finds nothing to destroy', async () => {
    await f.resetWith(e2e, everything());
    await f.applyOk(e2e);
    const seq = e2e.lastSeq();

    // A destroy that would leave a kept object without what it refers to is refused.
    const partial = await destroy(['--auto-approve', '--select', 'Table/sales_db/t1']);
    expect(partial.code).toBe(1);
    expect(partial.stderr).toMatch(
      /sources\.yaml:\d+:\d+ error: TableGroup\/sales_db\/nightly stays but refers to Table\/sales_db\/t1, which this destroy deletes\./,
    );
    expect(partial.stderr).toContain('--exclude Table/sales_db/t1');
    expect(writes(seq)).toEqual([]);

    const done = await destroy(['--auto-approve']);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain('is not in the published API'); // the undocumented DELETEs are marked
    expect(done.stdout).toContain('Plan: 0 to add, 0 to change, 0 to replace, 9 to destroy.');
    expect(done.stdout).toContain(
      '# Source/sales_db will be destroyed: declared here, and carries the ownership tag managed-by:dpac/kinds',
    );
    expect(done.stdout).toContain(
      '# Domain/sales will be destroyed: declared here, and admin@dpac.local (whom this run signs in as) changed it last',
    );
    expect(done.stdout).toContain('Apply complete! Resources: 0 added, 0 changed, 0 replaced, 9 destroyed.');
    const lines = writes(seq);
    expect(lines).toHaveLength(9);
    expect(lines.every((l) => l.startsWith('DELETE '))).toBe(true);
    const group = at(lines, /\/table-groups\//);
    const source = at(lines, /^DELETE \/v3\/sources\/\w+$/);
    const environment = at(lines, /^DELETE \/v3\/admin\/environment\/\w+$/);
    for (const table of lines.flatMap((l, i) => (/\/tables\//.test(l) ? [i] : []))) {
      expect(group).toBeLessThan(table); // the group refers to its tables
      expect(table).toBeLessThan(source); // children first
    }
    expect(source).toBeLessThan(at(lines, /^DELETE \/v3\/domains\//)); // the source names the domain
    for (const child of [/environment-storage/, /environment-compute-template/, /environment-interactive/])
      expect(at(lines, child)).toBeLessThan(environment);
    expect(source).toBeLessThan(environment);

    const again = await destroy(['--auto-approve']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Nothing to destroy.');
    expect(writes(seq)).toHaveLength(9);
    // The manifests still declare it all: the next plan creates it again.
    expect((await f.planJson(e2e)).summary.add).toBe(9);
  });

  it('asks twice without --auto-approve ("yes", then the project or target name) and refuses without a terminal', async () => {
    await f.resetWith(e2e, everything());
    await f.applyOk(e2e);
    const seq = e2e.lastSeq();
    const questions: string[] = [];
    const answering = async (answers: string[], env: Record<string, string | undefined> = {}) => {
      const io = captureIo(e2e.dir, { ...e2e.env, ...env });
      io.isTty = true;
      io.ask = async (question) => {
        questions.push(question);
        return answers.shift() ?? '';
      };
      return e2e.dpac(['destroy', '--no-color'], { io });
    };

    const tty = await destroy([]);
    expect(tty.code).toBe(1);
    expect(tty.stdout).toContain('9 to destroy');
    expect(tty.stderr).toContain('Refusing to destroy without confirmation: no terminal to ask on.');

    const no = await answering(['no']);
    expect(no.code).toBe(0);
    expect(no.stdout).toContain('Destroy cancelled; nothing was deleted.');
    expect(questions).toEqual([
      `\nDo you really want to destroy 9 objects on ${e2e.emulator.url}? There is no undo. Only "yes" will be accepted: `,
    ]);

    questions.length = 0;
    const wrongName = await answering(['yes', 'yes']);
    expect(wrongName.stdout).toContain('Destroy cancelled; nothing was deleted.');
    expect(questions[1]).toBe('Type the project name (kinds) to destroy them: ');
    expect(writes(seq)).toEqual([]);

    // With a target in force, its name is the word.
    await e2e.write(
      'dpac.yaml',
      project('kinds', `default_target: staging\ntargets:\n  staging: { url: "${e2e.emulator.url}" }\n`),
    );
    questions.length = 0;
    const projectName = await answering(['yes', 'kinds']);
    expect(projectName.stdout).toContain('Destroy cancelled; nothing was deleted.');
    expect(questions[1]).toBe('Type the target name (staging) to destroy them: ');
    expect(writes(seq)).toEqual([]);

    const confirmed = await answering(['yes', 'staging']);
    expect(confirmed.code, confirmed.stderr).toBe(0);
    expect(confirmed.stdout).toContain('9 destroyed.');
    expect(writes(seq)).toHaveLength(9);
  });

  it('honours protect: metadata.protect and dpac.yaml patterns refuse it; what is left out must not lie below a destroyed parent', async () => {
    await f.resetWith(e2e, {
      'platform.yaml': f.platform(),
      'sources.yaml': f.docs(
        f.salesDb(),
        f.table({ name: 't1', metadata: { protect: true } }),
        f.table({ name: 't2' }),
        f.table({ name: 't3' }),
      ),
    });
    await f.applyOk(e2e);
    const seq = e2e.lastSeq();

    const refused = await destroy(['--auto-approve']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /sources\.yaml:\d+:\d+ error: Table\/sales_db\/t1 is protected \(metadata\.protect: true\) but the plan would delete it/,
    );
    expect(refused.stderr).toContain('Leave it out of the destroy (--exclude Table/sales_db/t1');

    const below = await destroy(['--auto-approve', '--exclude', 'Table/sales_db/t1']);
    expect(below.code).toBe(1);
    expect(below.stderr).toContain(
      'error: Destroying Source/sales_db would delete Table/sales_db/t1 with it, which this destroy leaves out.',
    );

    await e2e.write('dpac.yaml', project('kinds', "protect:\n  - { kind: Table, name: 'sales_db/t2' }\n"));
    const pattern = await destroy(['--auto-approve', '--select', 'Table/sales_db/t2']);
    expect(pattern.code).toBe(1);
    expect(pattern.stderr).toContain(
      'Table/sales_db/t2 is protected (the protect pattern Table/sales_db/t2 in dpac.yaml) but the plan would delete it',
    );
    expect(writes(seq)).toEqual([]);

    const one = await destroy(['--auto-approve', '--select', 'Table/sales_db/t3']);
    expect(one.code, one.stderr).toBe(0);
    expect(writes(seq)).toEqual([expect.stringMatching(/^DELETE \/v3\/sources\/\w+\/tables\/\w+$/)]);
    expect(f.actions(await f.planJson(e2e))).toEqual({ 'Table/sales_db/t3': 'create' });
  });

  it("never deletes another project's objects, nor declared ones it cannot prove are its own", async () => {
    await withNeighbour(e2e);
    const seq = e2e.lastSeq();

    // Their table lies below this project's source: never deleted, not even with --cascade.
    for (const args of [[], ['--cascade']]) {
      const refused = await destroy(['main', '--auto-approve', ...args]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        'The plan would delete Source/sales_db and with it 1 child object another project owns: Table/sales_db/theirs.',
      );
    }
    expect(writes(seq)).toEqual([]);

    // Declaring their objects does not make them this project's.
    await e2e.write('main/theirs.yaml', f.docs(domain('shared'), f.table({ name: 'theirs' })));
    const select = ['--select', 'Domain/shared', '--select', 'Table/sales_db/theirs'];
    const kept = await destroy(['main', '--auto-approve', ...select]);
    expect(kept.code, kept.stderr).toBe(0);
    expect(kept.stdout).toContain('Nothing to destroy.');
    expect(kept.stdout).toContain(
      'Domain/shared: not destroyed: team-a@example.com changed it last, not admin@dpac.local, whom this run signs in as',
    );
    expect(kept.stdout).toContain(
      'Table/sales_db/theirs: not destroyed: owned by managed-by:dpac/other, another project',
    );
    expect(writes(seq)).toEqual([]);
  });

  it('refuses a whole destroy of more than five tables without --allow-mass-delete; --out saves it for apply --plan', async () => {
    const names = ['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8'];
    await f.resetWith(e2e, {
      'platform.yaml': f.platform(),
      'sources.yaml': f.docs(f.salesDb(), ...names.map((name) => f.table({ name }))),
    });
    await f.applyOk(e2e);
    const seq = e2e.lastSeq();

    const refused = await destroy(['--auto-approve', '--select', 'Table']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'The plan deletes 8 of 8 managed Table objects, more than the limit of 5.',
    );
    expect(writes(seq)).toEqual([]);

    // --fail-on stops a destroy before it asks or saves, as it stops apply.
    const gated = await destroy(['--auto-approve', '--select', 'Table/sales_db/t1', '--fail-on', 'delete']);
    expect(gated.code).toBe(1);
    expect(gated.stderr).toContain('Nothing was deleted.');
    expect(gated.stderr).toContain(
      'error: --fail-on delete: deletes data (1 table), unacknowledged: Table/sales_db/t1',
    );
    expect(writes(seq)).toEqual([]);

    // Two of eight pass the guard.
    const two = await destroy([
      '--auto-approve',
      '--select',
      'Table/sales_db/t1',
      '--select',
      'Table/sales_db/t2',
    ]);
    expect(two.code, two.stderr).toBe(0);
    expect(writes(seq)).toHaveLength(2);

    const saved = await destroy(['--select', 'Table', '--allow-mass-delete', '--out', 'destroy.json']);
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stdout).toContain('Saved the destroy plan to destroy.json. Nothing was deleted');
    expect(writes(seq)).toHaveLength(2);
    const show = await e2e.dpac(['show', 'destroy.json', '--json']);
    expect(JSON.parse(show.stdout).summary).toMatchObject({ add: 0, change: 0, destroy: 6 });

    // The saved plan meets the guard again at apply.
    const guarded = await e2e.dpac(['apply', '--plan', 'destroy.json']);
    expect(guarded.code).toBe(1);
    expect(guarded.stderr).toContain('--allow-mass-delete');
    const applied = await e2e.dpac(['apply', '--plan', 'destroy.json', '--allow-mass-delete']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(writes(seq)).toHaveLength(8);
    expect((await destroy(['--auto-approve', '--select', 'Table'])).stdout).toContain('Nothing to destroy.');
  });
});
