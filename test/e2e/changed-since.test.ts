// `plan --changed-since REF` (and apply) in a git repository, through the CLI against the
// emulator: only the manifests changed since the commit are planned (with what they refer to and
// what refers to them), only their trees are read, and nothing is deleted but the objects whose
// manifests are gone; a bad ref, a folder outside git and a shallow clone without the ref are
// clear errors (exit 1, nothing read or written); drift still reads everything.
import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basePlatformYaml, sqlSourceYaml } from '../../src/bench/base-platform.js';
import { commitAll, git } from '../../src/bench/git-repo.js';
import { captureIo } from '../helpers/capture-io.js';
import { type E2e, startE2e } from '../helpers/e2e.js';
import { type PlatformApi, platformApi } from '../helpers/platform-api.js';

const PROJECT = `apiVersion: dpac/v1
kind: Project
project: scoped
include: [platform.yaml, sources, groups]
`;

const source = (name: string, tables: Record<string, string>) =>
  [
    sqlSourceYaml({ name, environment: 'prod', passwordEnv: 'SALES_DB_PASSWORD', tag: 'scoped' }),
    ...Object.entries(tables).map(([table, description]) => tableYaml(name, table, description)),
  ].join('---\n');

const tableYaml = (sourceName: string, name: string, description: string) => `apiVersion: dpac/v1
kind: Table
metadata:
  name: ${name}
  source: ${sourceName}
spec:
  description: ${description}
  source_table:
    schema_name: dbo
    table_name: ${name}
  ingestion:
    sync_type: full-load
    storage_format: delta
    target_schema_name: ${sourceName}
    target_table_name: ${name}
`;

const DRIVER_TYPE = `apiVersion: dpac/v1
kind: GenericSourceType
metadata:
  name: mydb
spec:
  driver_class_name: org.mydb.Driver
  upload_option: fileUpload
  files: [drivers/mydb.jar]
`;

const GROUP = `apiVersion: dpac/v1
kind: TableGroup
metadata:
  name: nightly
  source: sales
spec:
  compute: etl
  tables:
    - table: orders
    - table: customers
`;

interface PlanJson {
  changes: { address: string; action: string }[];
  unmanaged: string[];
  changed_since?: {
    ref: string;
    commit: string;
    changed: { file: string; status: string; from?: string }[];
    files: string[];
    deleted: string[];
  };
}

const actions = (plan: PlanJson) => Object.fromEntries(plan.changes.map((c) => [c.address, c.action]));

describe('plan --changed-since', () => {
  let e2e: E2e;
  let api: PlatformApi;
  let base: string;
  /** git needs a PATH; the rest of the environment is the harness's. */
  const env = { PATH: process.env.PATH };
  const dpac = (...args: string[]) => e2e.dpac(args, { env });
  const planJson = async (...args: string[]): Promise<PlanJson> => {
    const result = await dpac('plan', '-o', 'json', ...args);
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as PlanJson;
  };

  beforeAll(async () => {
    e2e = await startE2e({ recordRequests: true });
    await e2e.write('dpac.yaml', PROJECT);
    await e2e.write(
      'platform.yaml',
      basePlatformYaml({
        environment: 'prod',
        compute: 'etl',
        tokenEnv: 'DATABRICKS_TOKEN',
        lakeKeyEnv: 'LAKE_ACCESS_KEY',
        maxWorkers: 2,
      }),
    );
    await e2e.write('sources/sales.yaml', source('sales', { orders: 'Orders.', customers: 'Customers.' }));
    await e2e.write(
      'sources/billing.yaml',
      source('billing', { invoices: 'Invoices.', payments: 'Payments.' }),
    );
    await e2e.write('sources/legacy.yaml', source('legacy', { accounts: 'Accounts.' }));
    await e2e.write('groups/sales-nightly.yaml', GROUP);
    await e2e.write('sources/types.yaml', DRIVER_TYPE);
    await e2e.write('sources/drivers/mydb.jar', 'driver bytes, version 1');
    await e2e.write('drafts/crm.yaml', source('draft_crm', { leads: 'Not read: outside the include.' }));
    base = await commitAll(e2e.dir, 'base');
    const applied = await dpac('apply', '--auto-approve');
    expect(applied.code, applied.stderr).toBe(0);
    api = await platformApi(e2e.emulator.url);
  });
  afterAll(() => e2e.close());

  it('plans only the manifests changed since the ref, reads only their trees, deletes only what they no longer declare', async () => {
    // Outside the change: an owned object no manifest declares (a full plan deletes it) and a
    // table changed by hand (a full plan updates it), made from another folder of the project.
    const elsewhere = await mkdtemp(path.join(tmpdir(), 'dpac-elsewhere-'));
    try {
      await writeFile(
        path.join(elsewhere, 'dpac.yaml'),
        PROJECT.replace(/include.*\n/, 'external: [Environment/prod, EnvironmentStorage/prod/lake]\n'),
      );
      await writeFile(
        path.join(elsewhere, 'by-hand.yaml'),
        `${source('orphan', {})}---\n${source('legacy', { accounts: 'Changed by hand.' })}`,
      );
      const byHand = await e2e.dpac(
        ['apply', '--auto-approve', '--select', 'Source/orphan', '--select', 'Table/legacy/accounts'],
        { io: captureIo(elsewhere, { ...e2e.env, ...env }) },
      );
      expect(byHand.code, byHand.stderr).toBe(0);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }

    await e2e.write(
      'sources/sales.yaml',
      source('sales', { orders: 'Orders, changed.', customers: 'Customers.' }),
    );
    await e2e.write('sources/crm.yaml', source('crm', { leads: 'Leads.' }));
    await unlink(path.join(e2e.dir, 'sources/billing.yaml'));
    await e2e.write('drafts/crm.yaml', source('draft_crm', { leads: 'Changed, still outside the include.' }));
    const head = await commitAll(e2e.dir, 'change sales, add crm, delete billing');

    const before = e2e.emulator.requests().length;
    const scoped = await planJson('--changed-since', 'HEAD~1');
    const reads = e2e.emulator.requests().slice(before);
    expect(actions(scoped)).toEqual({
      'Source/billing': 'delete',
      'Source/crm': 'create',
      'Table/billing/invoices': 'delete',
      'Table/billing/payments': 'delete',
      'Table/crm/leads': 'create',
      'Table/sales/orders': 'update',
    });
    expect(scoped.unmanaged).toEqual([]);
    expect(scoped.changed_since).toEqual({
      ref: 'HEAD~1',
      commit: base,
      changed: [
        { file: 'sources/billing.yaml', status: 'deleted' },
        { file: 'sources/crm.yaml', status: 'added' },
        { file: 'sources/sales.yaml', status: 'modified' },
      ],
      // The group refers to a changed table; platform.yaml declares what the sources need.
      files: ['groups/sales-nightly.yaml', 'platform.yaml', 'sources/crm.yaml', 'sources/sales.yaml'],
      deleted: ['Source/billing', 'Table/billing/invoices', 'Table/billing/payments'],
    });
    // The trees of legacy and orphan were not read: no request names their ids.
    const outside = [await api.idOf('/sources', 'legacy'), await api.idOf('/sources', 'orphan')];
    expect(reads.filter((r) => outside.some((id) => r.path.includes(id)))).toEqual([]);
    // Reads only: the token the run minted is revoked at the end, nothing else is sent.
    expect(reads.filter((r) => r.method !== 'GET' && !r.path.startsWith('/security/'))).toEqual([]);

    // A whole plan sees what lies outside the change, and plans it too.
    const whole = await planJson();
    expect(actions(whole)).toEqual({
      ...actions(scoped),
      'Source/orphan': 'delete',
      'Table/legacy/accounts': 'update',
    });
    expect(head).not.toBe(base);

    const applied = await dpac('apply', '--changed-since', 'HEAD~1', '--auto-approve');
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('Only what changed since HEAD~1');
    const again = await dpac('plan', '--changed-since', 'HEAD~1', '--detailed-exitcode');
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toContain('No changes.');
    // What lay outside is still there, for a whole plan (the nightly drift) to report.
    expect(actions(await planJson())).toEqual({
      'Source/orphan': 'delete',
      'Table/legacy/accounts': 'update',
    });
  });

  it('plans the manifest naming a local file that changed (a driver)', async () => {
    await e2e.write('sources/drivers/mydb.jar', 'driver bytes, version 2 (longer)');
    try {
      const plan = await planJson('--changed-since', 'HEAD');
      expect(actions(plan)).toEqual({ 'GenericSourceType/mydb': 'update' });
      expect(plan.changed_since?.changed).toEqual([]);
      expect(plan.changed_since?.files).toEqual(['sources/types.yaml']);
    } finally {
      await git(e2e.dir, 'checkout', '--', 'sources/drivers/mydb.jar');
    }
  });

  it('fails a change that leaves a reference in an unchanged file dangling', async () => {
    await e2e.write('sources/sales.yaml', source('sales', { orders: 'Orders, changed.' }));
    try {
      const seq = e2e.lastSeq();
      const result = await dpac('plan', '--changed-since', 'HEAD', '--no-color');
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        'groups/sales-nightly.yaml:9:14 error: TableGroup/sales/nightly refers to Table/sales/customers, which no manifest declares.',
      );
      expect(e2e.writesSince(seq)).toEqual([]);
    } finally {
      await git(e2e.dir, 'checkout', '--', 'sources/sales.yaml');
    }
  });

  it('plans nothing for a renamed manifest file, and everything when dpac.yaml changed', async () => {
    await git(e2e.dir, 'mv', 'sources/crm.yaml', 'sources/crm-leads.yaml');
    const renamed = await planJson('--changed-since', 'HEAD');
    expect(renamed.changes).toEqual([]);
    expect(renamed.changed_since?.changed).toEqual([
      { file: 'sources/crm-leads.yaml', status: 'renamed', from: 'sources/crm.yaml' },
    ]);
    expect(renamed.changed_since?.deleted).toEqual([]);
    await git(e2e.dir, 'mv', 'sources/crm-leads.yaml', 'sources/crm.yaml');

    // A source renamed in place (metadata.renamed_from) is not gone, nor what lies below it.
    const renamedSource = source('crm_leads', { leads: 'Leads.' }).replace(
      '  name: crm_leads\n',
      '  name: crm_leads\n  renamed_from: crm\n',
    );
    await e2e.write('sources/crm.yaml', renamedSource);
    try {
      const plan = await planJson('--changed-since', 'HEAD');
      expect(actions(plan)['Source/crm_leads']).toBe('update');
      expect(plan.changes.filter((c) => c.action === 'delete')).toEqual([]);
      expect(plan.changed_since?.deleted).toEqual([]);
    } finally {
      await git(e2e.dir, 'checkout', '--', 'sources/crm.yaml');
    }

    await writeFile(path.join(e2e.dir, 'dpac.yaml'), `${PROJECT}# a comment\n`);
    try {
      const result = await dpac('plan', '-o', 'json', '--changed-since', 'HEAD');
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain(
        'warning: dpac.yaml changed since HEAD: it may change every manifest, so every manifest is planned.',
      );
      const plan = JSON.parse(result.stdout) as PlanJson;
      expect(plan.changed_since).toBeUndefined();
      expect(actions(plan)).toEqual({ 'Source/orphan': 'delete', 'Table/legacy/accounts': 'update' });
    } finally {
      await git(e2e.dir, 'checkout', '--', 'dpac.yaml');
    }
  });

  it('refuses an unknown ref, a folder outside git and a shallow clone without the ref: exit 1, nothing read', async () => {
    const seq = e2e.lastSeq();
    const before = e2e.emulator.requests().length;
    const unknown = await dpac('plan', '--changed-since', 'no-such-branch');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(
      '--changed-since no-such-branch: no commit of that name in this repository. Name a branch, tag or commit it holds',
    );
    const option = await dpac('plan', '--changed-since', '--output=x');
    expect(option.code).toBe(1);

    const outside = await mkdtemp(path.join(tmpdir(), 'dpac-no-git-'));
    const shallow = await mkdtemp(path.join(tmpdir(), 'dpac-shallow-'));
    try {
      await writeFile(path.join(outside, 'dpac.yaml'), PROJECT.replace(/include.*\n/, ''));
      const noGit = await e2e.dpac(['plan', '--changed-since', 'main'], {
        io: captureIo(outside, { ...e2e.env, ...env, GIT_CEILING_DIRECTORIES: path.dirname(outside) }),
      });
      expect(noGit.code).toBe(1);
      expect(noGit.stderr).toMatch(
        /--changed-since: .* is not inside a git working tree \(git: not a git repository/,
      );

      await git(shallow, 'clone', '--quiet', '--depth=1', `file://${e2e.dir}`, 'clone');
      const inShallow = await e2e.dpac(['plan', '--changed-since', base], {
        io: captureIo(path.join(shallow, 'clone'), { ...e2e.env, ...env }),
      });
      expect(inShallow.code).toBe(1);
      expect(inShallow.stderr).toContain(
        `--changed-since ${base}: this clone is shallow (as CI checkouts are) and does not hold ${base}. Fetch it first (git fetch --no-tags --depth=1 origin ${base})`,
      );
    } finally {
      await rm(outside, { recursive: true, force: true });
      await rm(shallow, { recursive: true, force: true });
    }
    expect(e2e.emulator.requests().slice(before)).toEqual([]);
    expect(e2e.writesSince(seq)).toEqual([]);
  });

  it('leaves drift reading everything, and a saved plan as it was reviewed', async () => {
    const drift = await dpac('drift', '--changed-since', 'HEAD');
    expect(drift.code).toBe(1);
    expect(drift.stderr).toContain("unknown option '--changed-since'");
    const whole = await dpac('drift', '-o', 'json');
    expect(whole.code).toBe(2);
    expect(whole.stdout).toContain('Table/legacy/accounts');

    expect((await dpac('plan', '--changed-since', 'HEAD', '--out', 'plan.json')).code).toBe(0);
    const saved = await dpac('apply', '--plan', 'plan.json', '--changed-since', 'HEAD');
    expect(saved.code).toBe(1);
    expect(saved.stderr).toContain('a saved plan runs as it was reviewed');
  });
});
