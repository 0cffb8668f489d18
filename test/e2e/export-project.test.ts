// An export is a project of its own, through the real CLI against the emulator: it writes a
// dpac.yaml naming the project whose tag the exported objects carry (or none when they carry no
// tag), the platform as its default target, and leaves other projects' objects out; a plan of the
// export lists only adopt actions, or nothing.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../helpers/e2e.js';
import * as f from './kinds/fixtures.js';
import { seedPlatform, seedSqlSource, seedTable } from './kinds/seed.js';

interface ExportJson {
  project: {
    file: string;
    written: boolean;
    name: string | null;
    ownership_tag: string;
    reason: string;
    owners: { tag: string; objects: number }[];
    target?: { name: string; url: string };
  };
  variables: { name: string }[];
  elsewhere: { address: string; why: string }[];
  externals: string[];
}

const projectFile = (name: string, extra = '') =>
  `apiVersion: dpac/v1\nkind: Project\nproject: ${name}\n${extra}`;

/** A second source of team-b's, on team-a's environment, with a table under team-a's source too. */
const teamB = {
  'team-b/dpac.yaml': projectFile(
    'team-b',
    'external: [Environment/prod, EnvironmentStorage/prod/lake, Domain/sales, Source/sales_db]\n',
  ),
  'team-b/sources.yaml': f.docs(
    f.salesDb({ name: 'b_db' }),
    f.table({ name: 'b_orders', source: 'b_db' }),
    f.table({ name: 'b_side', source: 'sales_db' }),
  ),
};

describe('export writes a project', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  beforeEach(async () => {
    // The folder export runs in names no project: the export decides from the tags alone.
    await f.resetWith(e2e, {
      'dpac.yaml': 'apiVersion: dpac/v1\nkind: Project\n',
      'team-a/dpac.yaml': projectFile('team-a'),
      'team-a/platform.yaml': f.platform(),
      'team-a/sources.yaml': f.docs(
        f.salesDb(),
        f.table({ name: 'customers' }),
        f.table({ name: 'orders' }),
        f.table({ name: 'refunds' }),
        f.tableGroup(),
        f.validationSpec(),
      ),
    });
  });
  afterAll(() => e2e.close());

  async function exportTo(out: string, args: string[] = []): Promise<ExportJson> {
    const exported = await e2e.dpac(['export', '--out', out, '-o', 'json', ...args]);
    expect(exported.code, exported.stderr).toBe(0);
    return JSON.parse(exported.stdout) as ExportJson;
  }

  /** Plans the exported folder with its variables set; returns the plan. */
  async function planExport(out: string, summary: ExportJson): Promise<f.PlanJson> {
    const env = Object.fromEntries(summary.variables.map((v) => [v.name, 'any']));
    const plan = await e2e.dpac(['plan', out, '--json', '--no-color'], { env });
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stderr).not.toContain('error');
    return JSON.parse(plan.stdout) as f.PlanJson;
  }

  it('names the one project the exported objects belong to, and its plan has no changes', async () => {
    expect((await e2e.dpac(['apply', 'team-a', '--auto-approve'])).code).toBe(0);
    const summary = await exportTo('exported');
    expect(summary.project).toEqual({
      file: 'dpac.yaml',
      written: true,
      name: 'team-a',
      ownership_tag: 'managed-by:dpac/team-a',
      reason: 'every exported source and table with an ownership tag carries managed-by:dpac/team-a',
      owners: [{ tag: 'managed-by:dpac/team-a', objects: 4 }],
      target: { name: 'exported', url: e2e.env.DPAC_URL },
    });
    const written = await readFile(path.join(e2e.dir, 'exported', 'dpac.yaml'), 'utf8');
    expect(written).toContain('project: team-a\n');
    expect(written).toContain(
      `default_target: exported\ntargets:\n  exported:\n    url: ${e2e.env.DPAC_URL}\n`,
    );
    expect(written).not.toContain(e2e.env.DPAC_REFRESH_TOKEN as string);

    const plan = await planExport('exported', summary);
    expect(f.actions(plan)).toEqual({});
    // The text summary says what it decided.
    const text = await e2e.dpac(['export', '--out', 'again']);
    expect(text.stdout).toContain(
      `Wrote again/dpac.yaml: project team-a, target exported (${e2e.env.DPAC_URL}).`,
    );
    expect(text.stdout).toContain(
      '  Why: every exported source and table with an ownership tag carries managed-by:dpac/team-a.',
    );
  });

  it('with several owners, takes the one most objects carry and leaves the others out', async () => {
    expect((await e2e.dpac(['apply', 'team-a', '--auto-approve'])).code).toBe(0);
    for (const [file, text] of Object.entries(teamB)) await e2e.write(file, text);
    const b = await e2e.dpac(['apply', 'team-b', '--auto-approve', '--no-color']);
    expect(b.code, b.stderr).toBe(0);

    const summary = await exportTo('as-a');
    expect(summary.project.name).toBe('team-a');
    expect(summary.project.owners).toEqual([
      { tag: 'managed-by:dpac/team-a', objects: 4 },
      { tag: 'managed-by:dpac/team-b', objects: 3 },
    ]);
    expect(summary.project.reason).toBe(
      'managed-by:dpac/team-a is the tag most exported sources and tables carry (4 of 7); objects other ' +
        'projects own (managed-by:dpac/team-b) are left out',
    );
    expect(summary.elsewhere.map((e) => e.address).sort()).toEqual([
      'Source/b_db',
      'Table/b_db/b_orders',
      'Table/sales_db/b_side',
    ]);
    expect(summary.elsewhere[0]?.why).toBe('owned by managed-by:dpac/team-b, another project');
    const planA = await planExport('as-a', summary);
    expect(f.actions(planA)).toEqual({});
    expect(planA.unmanaged).toEqual(expect.arrayContaining(['Source/b_db', 'Table/sales_db/b_side']));

    // --project chooses: team-b's objects, team-a's source as the external parent of b_side.
    const asB = await exportTo('as-b', ['--project', 'team-b']);
    expect(asB.project.name).toBe('team-b');
    expect(asB.project.reason).toBe(
      'project team-b, as asked; objects other projects own (managed-by:dpac/team-a) are left out',
    );
    expect(asB.externals).toContain('Source/sales_db');
    const planB = await planExport('as-b', asB);
    expect(f.actions(planB)).toEqual({});
  });

  it('names no project when nothing carries a tag: the plan only adopts', async () => {
    const api = await f.connectApi(e2e);
    const ids = await seedPlatform(api);
    const source = await seedSqlSource(api, ids, { name: 'sales_db', tags: ['sales'] });
    await seedTable(api, source, { name: 'orders' });

    const summary = await exportTo('exported');
    expect(summary.project.name).toBeNull();
    expect(summary.project.ownership_tag).toBe('managed-by:dpac');
    expect(summary.project.owners).toEqual([]);
    expect(summary.project.reason).toContain('no exported source or table carries an ownership tag');
    const written = await readFile(path.join(e2e.dir, 'exported', 'dpac.yaml'), 'utf8');
    expect(written).not.toMatch(/^project:/m);
    expect(written).toContain('# project: <name>');
    const plan = await planExport('exported', summary);
    expect(f.actions(plan)).toEqual({ 'Source/sales_db': 'adopt', 'Table/sales_db/orders': 'adopt' });
  });

  it('keeps a dpac.yaml already in the output folder, even with --force, and says so', async () => {
    expect((await e2e.dpac(['apply', 'team-a', '--auto-approve'])).code).toBe(0);
    const own = projectFile('team-a', 'variables:\n  mine: { default: kept }\n');
    await e2e.write('exported/dpac.yaml', own);
    const text = await e2e.dpac(['export', '--out', 'exported', '--force']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(
      'exported/dpac.yaml exists and was kept; the export would have written project team-a, target exported',
    );
    expect(await readFile(path.join(e2e.dir, 'exported', 'dpac.yaml'), 'utf8')).toBe(own);
    const summary = await exportTo('exported', ['--force']);
    expect(summary.project.written).toBe(false);
  });
});
