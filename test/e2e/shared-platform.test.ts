// Two teams on one platform, each from its own folder with its own `project:`: the platform team owns
// the environment, storage, compute and a reference source; the sales team refers to those as
// external and manages its own source, tables, group, domain and user, plus a table under the
// platform team's source. Neither plan ever touches the other's objects; taking over needs
// `adopt: force`; removed objects are deleted only when provably owned; the cascade guard; two
// unnamed projects; validate offline with externals; a missing external fails the plan.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../helpers/e2e.js';
import * as f from './kinds/fixtures.js';
import { seedTable } from './kinds/seed.js';

interface SharedPlanJson extends f.PlanJson {
  unmanaged_objects: { address: string; kind: string; reason: string; owner?: string }[];
}

const project = (name: string, extra = '') =>
  `apiVersion: dpac/v1\nkind: Project\nproject: ${name}\n${extra}`;

const referenceDb = (metadata = '') => `apiVersion: dpac/v1
kind: Source
metadata:
  name: reference_db${metadata}
spec:
  type: rdbms
  sub_type: sqlserver
  data_lake_path: /iw/sources/reference_db
  data_lake_schema: reference
  environment: prod
  storage: lake
  connection:
    connection_mode: jdbc
    connection_url: jdbc:sqlserver://ref-db.internal:1433;databaseName=ref
    username: dpac_reader
    password: \${env.SALES_DB_PASSWORD}
    database: SQLSERVER
    driver_name: com.microsoft.sqlserver.jdbc.SQLServerDriver
`;

const group = (source: string, name: string, tables: string[]) => `apiVersion: dpac/v1
kind: TableGroup
metadata:
  name: ${name}
  source: ${source}
spec:
  compute: etl-small
  tables:
${tables.map((t) => `    - table: ${t}`).join('\n')}
`;

const bob = `apiVersion: dpac/v1
kind: User
metadata:
  name: bob@example.com
spec:
  profile:
    name: Bob Example
  roles: [analyst]
  password: \${env.BOB_PASSWORD}
`;

/** The platform team: environment, storage, compute, a domain and a reference source with a table and a group. */
const platformFiles = {
  'platform/dpac.yaml': project('platform'),
  'platform/platform.yaml': f.docs(
    f.environment(),
    f.storage(),
    f.computeTemplate(),
    f.domain('ops', 'Platform operations.'),
  ),
  'platform/reference.yaml': f.docs(
    referenceDb(),
    f.table({ name: 'countries', source: 'reference_db' }),
    group('reference_db', 'refresh', ['countries']),
  ),
};

/** The sales team: what it borrows is external (dpac.yaml patterns, and a manifest for the source). */
const salesFiles = {
  'sales/dpac.yaml': project(
    'sales',
    'external:\n  - Environment/prod\n  - EnvironmentStorage/prod/*\n  - ComputeTemplate/prod/*\n',
  ),
  'sales/borrowed.yaml': referenceDb('\n  external: true').split('spec:')[0] as string,
  'sales/sales.yaml': f.docs(
    f.domain(),
    bob,
    f.salesDb(),
    f.table({ name: 'customers' }),
    f.table({ name: 'orders' }),
    f.tableGroup(),
    f.table({ name: 'sales_regions', source: 'reference_db' }),
    // A group over its own table under the platform team's source: its compute is found through
    // that source's live environment.
    group('reference_db', 'regional', ['sales_regions']),
  ),
};

describe('two projects on one platform', () => {
  let e2e: E2e;
  const plan = async (folder: string, args: string[] = []) => {
    const result = await e2e.dpac(['plan', folder, '--json', ...args]);
    expect(result.stderr, result.stderr).toBe('');
    expect(result.code).toBe(0);
    return JSON.parse(result.stdout) as SharedPlanJson;
  };
  const apply = async (folder: string, args: string[] = []) => {
    const result = await e2e.dpac(['apply', folder, '--auto-approve', '--no-color', ...args]);
    expect(result.stderr, `${result.stdout}\n${result.stderr}`).toBe('');
    expect(result.code).toBe(0);
    return result;
  };
  const reasons = (json: SharedPlanJson) =>
    Object.fromEntries(json.unmanaged_objects.map((u) => [u.address, u.reason]));

  beforeAll(async () => {
    e2e = await startE2e();
    await f.resetWith(e2e, { ...platformFiles, ...salesFiles });
    await apply('platform');
    await apply('sales');
  });
  afterAll(() => e2e.close());

  it('validates offline with external references: no platform is asked', async () => {
    const result = await e2e.dpac(['validate', 'sales'], { env: { DPAC_URL: undefined } });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('gives each project its own tag, and neither plan shows a change to the other one’s objects', async () => {
    const api = await f.connectApi(e2e);
    const tagsOf = async (source: string) =>
      (await api.get<{ result: { tags: string[] } }>(`/sources/${await api.idOf('/sources', source)}`)).result
        .tags;
    expect(await tagsOf('reference_db')).toContain('managed-by:dpac/platform');
    expect(await tagsOf('sales_db')).toContain('managed-by:dpac/sales');

    const platform = await plan('platform');
    expect(platform.changes).toEqual([]);
    expect(platform.calls).toEqual([]);
    expect(reasons(platform)).toMatchObject({
      'Source/sales_db': 'owned by managed-by:dpac/sales',
      'Table/reference_db/sales_regions': 'owned by managed-by:dpac/sales',
    });
    expect(platform.unmanaged_objects.find((u) => u.address === 'Source/sales_db')?.owner).toBe(
      'managed-by:dpac/sales',
    );

    const sales = await plan('sales');
    expect(sales.changes).toEqual([]);
    expect(reasons(sales)).toMatchObject({
      'Environment/prod': 'external',
      'Source/reference_db': 'external',
      'Table/reference_db/countries': 'owned by managed-by:dpac/platform',
      'TableGroup/reference_db/refresh': 'owned by managed-by:dpac/platform',
    });
    expect(reasons(sales)['Domain/ops']).toContain('not owned: the v3 API can hold no ownership marker');
  });

  it('deletes a removed table group (owned with its source) and lists a removed user and domain by name', async () => {
    const all = await readFile(path.join(e2e.dir, 'sales/sales.yaml'), 'utf8');
    const without = all
      .split('\n---\n')
      .filter((d) => !d.includes('kind: User\n') && !d.includes('name: "nightly"'))
      .join('\n---\n');
    await e2e.write('sales/sales.yaml', without);
    const sales = await plan('sales');
    expect(f.actions(sales)).toEqual({ 'TableGroup/sales_db/nightly': 'delete' });
    expect(sales.changes[0]?.reason).toBe('its parent Source/sales_db is owned and no manifest declares it');
    const text = await e2e.dpac(['plan', 'sales', '--no-color']);
    expect(text.stdout).toContain('  User (2):\n');
    expect(text.stdout).toContain(
      '    User/bob@example.com: not owned: the v3 API can hold no ownership marker on it (no tags; its profile is shown to people) and records no one who changed it; outside any prune scope',
    );
    await apply('sales');

    // The platform team removes its group too; its removed domain stays, listed, until a prune scope covers it.
    await e2e.write('platform/platform.yaml', f.docs(f.environment(), f.storage(), f.computeTemplate()));
    await e2e.write(
      'platform/reference.yaml',
      f.docs(referenceDb(), f.table({ name: 'countries', source: 'reference_db' })),
    );
    const platform = await plan('platform');
    expect(f.actions(platform)).toEqual({ 'TableGroup/reference_db/refresh': 'delete' });
    expect(reasons(platform)['Domain/ops']).toContain('outside any prune scope');
    await e2e.write('platform/dpac.yaml', project('platform', 'prune:\n  - kind: Domain\n    name: ops\n'));
    expect(f.actions(await plan('platform'))).toEqual({
      'Domain/ops': 'delete',
      'TableGroup/reference_db/refresh': 'delete',
    });
    await apply('platform');
    expect((await plan('platform')).changes).toEqual([]);
    expect((await plan('sales')).changes).toEqual([]);
  });

  it('fails the plan for an external object that does not exist, located in dpac.yaml, and writes nothing', async () => {
    const seq = e2e.lastSeq();
    await e2e.write(
      'sales/dpac.yaml',
      project(
        'sales',
        'external:\n  - Environment/prod\n  - Environment/nope\n  - EnvironmentStorage/prod/*\n  - ComputeTemplate/prod/*\n',
      ),
    );
    const result = await e2e.dpac(['apply', 'sales', '--auto-approve', '--no-color']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `sales/dpac.yaml:6:5 error: Environment/nope is declared external but does not exist on ${e2e.emulator.url}`,
    );
    expect(e2e.writesSince(seq)).toEqual([]);
    await e2e.write('sales/dpac.yaml', salesFiles['sales/dpac.yaml']);
  });

  it('refuses a deleted parent whose children it does not own unless --cascade, and shows the cascade', async () => {
    const api = await f.connectApi(e2e);
    await seedTable(api, await api.idOf('/sources', 'sales_db'), { name: 'by_hand' });
    await e2e.write(
      'sales/sales.yaml',
      f.docs(
        f.domain(),
        bob,
        f.table({ name: 'sales_regions', source: 'reference_db' }),
        group('reference_db', 'regional', ['sales_regions']),
      ),
    );
    const seq = e2e.lastSeq();
    const refused = await e2e.dpac(['plan', 'sales', '--no-color']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'The plan would delete Source/sales_db and with it 1 child object this project does not own: Table/sales_db/by_hand.',
    );
    const cascade = await plan('sales', ['--cascade']);
    expect(cascade.changes.find((c) => c.address === 'Table/sales_db/by_hand')?.reason).toBe(
      'its parent Source/sales_db is deleted (a cascade: this project does not own it)',
    );
    expect(f.actions(cascade)).toEqual({
      'Source/sales_db': 'delete',
      'Table/sales_db/by_hand': 'delete',
      'Table/sales_db/customers': 'delete',
      'Table/sales_db/orders': 'delete',
    });
    expect(e2e.writesSince(seq)).toEqual([]);
    await apply('sales', ['--cascade']);
    expect((await plan('sales')).changes).toEqual([]);
  });

  it('never deletes the parent of another project’s objects, not even with --cascade', async () => {
    await e2e.write('platform/reference.yaml', '');
    const result = await e2e.dpac(['plan', 'platform', '--cascade', '--no-color']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'The plan would delete Source/reference_db and with it 2 child objects another project owns: Table/reference_db/sales_regions, TableGroup/reference_db/regional.',
    );
    await e2e.write(
      'platform/reference.yaml',
      f.docs(referenceDb(), f.table({ name: 'countries', source: 'reference_db' })),
    );
  });

  it('takes another project’s object over only with metadata.adopt: force', async () => {
    const countries = (metadata: Record<string, unknown> = {}) =>
      f.table({ name: 'countries', source: 'reference_db', metadata });
    await e2e.write('sales/takeover.yaml', countries());
    const seq = e2e.lastSeq();
    const refused = await e2e.dpac(['plan', 'sales', '--no-color']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'takeover.yaml:2:1 error: Table/reference_db/countries is owned by managed-by:dpac/platform, another project; this project (managed-by:dpac/sales) will not take it over.',
    );
    expect(refused.stderr).toContain('metadata.adopt: force');

    await e2e.write('sales/takeover.yaml', countries({ adopt: 'force' }));
    const forced = await plan('sales');
    expect(forced.changes.map((c) => [c.address, c.action, c.reason])).toEqual([
      [
        'Table/reference_db/countries',
        'adopt',
        'take over from managed-by:dpac/platform (metadata.adopt: force)',
      ],
    ]);
    expect(forced.calls.map((c) => c.body)).toEqual([
      { tags_to_add: ['managed-by:dpac/sales'], tags_to_remove: ['managed-by:dpac/platform'] },
    ]);
    expect(e2e.writesSince(seq)).toEqual([]);
    await apply('sales');
    expect((await plan('sales')).changes).toEqual([]);
    // Now the platform team's manifest meets the sales team's tag: its plan refuses in turn.
    const platform = await e2e.dpac(['plan', 'platform', '--no-color']);
    expect(platform.code).toBe(1);
    expect(platform.stderr).toContain('Table/reference_db/countries is owned by managed-by:dpac/sales');
  });
});

describe('two unnamed projects on one platform', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  afterAll(() => e2e.close());

  it('never delete each other’s sources: the shared default tag proves nothing', async () => {
    const bare = 'apiVersion: dpac/v1\nkind: Project\n';
    await f.resetWith(e2e, {
      'dpac.yaml': bare,
      'a/dpac.yaml': bare,
      'a/platform.yaml': f.platform(),
      'a/source.yaml': f.salesDb(),
      'b/dpac.yaml': `${bare}external:\n  - Environment/prod\n  - EnvironmentStorage/prod/lake\n  - Domain/sales\n`,
      'b/source.yaml': f.salesDb().replace('name: "sales_db"', 'name: "b_db"').replace('/sales_db', '/b_db'),
    });
    for (const folder of ['a', 'b']) {
      const applied = await e2e.dpac(['apply', folder, '--auto-approve', '--no-color']);
      expect(applied.stderr, applied.stderr).toBe('');
      expect(applied.code).toBe(0);
    }
    const seq = e2e.lastSeq();
    for (const folder of ['a', 'b']) {
      const result = await e2e.dpac(['apply', folder, '--auto-approve', '--no-color']);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('No changes.');
      const other = folder === 'a' ? 'Source/b_db' : 'Source/sales_db';
      expect(result.stdout).toContain(
        `${other}: not deleted: carries the ownership tag managed-by:dpac, but managed-by:dpac is shared by every project without a name; set project: in dpac.yaml`,
      );
    }
    expect(e2e.writesSince(seq)).toEqual([]);
  });

  it('moves to a project of its own: declared objects migrate the tag, undeclared ones are listed', async () => {
    await e2e.write('a/dpac.yaml', 'apiVersion: dpac/v1\nkind: Project\nproject: team_a\n');
    const plan = await e2e.dpac(['plan', 'a', '--json']);
    expect(plan.stderr).toBe('');
    const json = JSON.parse(plan.stdout) as SharedPlanJson;
    expect(json.changes.map((c) => [c.address, c.action, c.reason])).toEqual([
      [
        'Source/sales_db',
        'adopt',
        'carries managed-by:dpac, the tag of projects without a name: adopt it into this project (migrates the tag managed-by:dpac → managed-by:dpac/team_a)',
      ],
    ]);
    expect(json.calls.map((c) => c.body)).toEqual([
      { tags_to_add: ['managed-by:dpac/team_a'], tags_to_remove: ['managed-by:dpac'] },
    ]);
    expect(json.unmanaged_objects.find((u) => u.address === 'Source/b_db')?.reason).toBe(
      'carries managed-by:dpac, the tag of projects without a name: declare it to adopt it into this project (the tag becomes managed-by:dpac/team_a), or delete it by hand',
    );
    const applied = await e2e.dpac(['apply', 'a', '--auto-approve', '--no-color']);
    expect(applied.code).toBe(0);
    expect((await e2e.dpac(['plan', 'a', '--detailed-exitcode'])).code).toBe(0);
  });
});
