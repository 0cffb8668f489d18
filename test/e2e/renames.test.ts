// Renames through the real CLI against the emulator: `metadata.renamed_from` renames in place (same
// id, children kept, no DELETE/POST), both names live is an error, an undeclared rename gets a
// hint, saved plans carry the rename, and a kind the API cannot rename is refused offline.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../helpers/e2e.js';
import * as f from './kinds/fixtures.js';

interface RenamePlanJson extends f.PlanJson {
  changes: (f.PlanJson['changes'][number] & { renamed_from?: string })[];
  rename_hints: { from: string; to: string }[];
}

const TABLES = ['customers', 'orders'];

/** Manifest text with the object named `from` renamed to `to` through `metadata.renamed_from`. */
function renamedIn(yaml: string, from: string, to: string): string {
  return yaml.replace(`name: "${from}"`, `name: "${to}"\n  renamed_from: "${from}"`);
}

/** sales_db (or its new name) with two tables and a table group. */
function salesFiles(name: string, metadata: Record<string, unknown> = {}): Record<string, string> {
  return {
    'platform.yaml': f.platform(),
    'sources.yaml': f.docs(
      f.salesDb({ metadata: { name, ...metadata } }),
      ...TABLES.map((t) => f.table({ name: t, source: name })),
      f.tableGroup({ metadata: { source: name } }),
    ),
  };
}

describe('renames', () => {
  let e2e: E2e;
  let api: f.Api;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  beforeEach(async () => {
    await f.resetWith(e2e, salesFiles('sales_db'));
    api = await f.connectApi(e2e);
    await f.applyOk(e2e);
  });
  afterAll(() => e2e.close());

  const tableIds = async (sourceId: string) => {
    const listed = await api.get<{ result: { id: string; name: string }[] }>(`/sources/${sourceId}/tables`);
    return Object.fromEntries(listed.result.map((t) => [t.name, t.id]));
  };

  it('renames a source with tables in place: same ids, one PATCH, no DELETE or POST of the source', async () => {
    const sourceId = await api.idOf('/sources', 'sales_db');
    const before = await tableIds(sourceId);
    const groupId = await api.idOf(`/sources/${sourceId}/table-groups`, 'nightly');
    for (const [file, yaml] of Object.entries(salesFiles('sales_crm', { renamed_from: 'sales_db' })))
      await e2e.write(file, yaml);

    const plan = (await f.planJson(e2e)) as RenamePlanJson;
    expect(f.actions(plan)).toEqual({ 'Source/sales_crm': 'update' });
    expect(plan.changes[0]?.renamed_from).toBe('Source/sales_db');
    expect(f.callLines(plan)).toEqual([`PATCH /sources/${sourceId}`]);
    expect(plan.calls[0]?.body).toEqual({ name: 'sales_crm' });
    const text = await e2e.dpac(['plan', '--no-color']);
    expect(text.stdout).toContain('~ Source/sales_crm (renamed from Source/sales_db)');
    expect(text.stdout).toContain('Plan: 0 to add, 1 to change, 0 to replace, 0 to destroy.');

    const seq = e2e.lastSeq();
    await f.applyOk(e2e);
    const writes = e2e.writesSince(seq).map((w) => `${w.method} ${w.path}`);
    expect(writes).toEqual([`PATCH /v3/sources/${sourceId}`]);
    expect(await api.idOf('/sources', 'sales_crm')).toBe(sourceId);
    expect(await tableIds(sourceId)).toEqual(before);
    expect(await api.idOf(`/sources/${sourceId}/table-groups`, 'nightly')).toBe(groupId);
    // renamed_from stays in the manifest and now matches nothing old: no change, no error.
    await f.expectConverged(e2e);
  });

  it('renames a table and a table group under a renamed source in one plan, keeping their ids', async () => {
    const sourceId = await api.idOf('/sources', 'sales_db');
    const before = await tableIds(sourceId);
    const groupId = await api.idOf(`/sources/${sourceId}/table-groups`, 'nightly');
    await e2e.write(
      'sources.yaml',
      f.docs(
        f.salesDb({ metadata: { name: 'sales_crm', renamed_from: ['sales_old', 'sales_db'] } }),
        f.table({ name: 'customers', source: 'sales_crm' }),
        f
          .table({
            name: 'orders_v2',
            source: 'sales_crm',
            sourceTable: 'orders',
            metadata: { renamed_from: 'orders' },
          })
          .replace('target_table_name: orders_v2', 'target_table_name: orders'),
        f.tableGroup({
          tables: ['customers', 'orders_v2'],
          metadata: { name: 'nightly_v2', source: 'sales_crm', renamed_from: 'nightly' },
        }),
      ),
    );
    const plan = (await f.planJson(e2e)) as RenamePlanJson;
    expect(f.actions(plan)).toEqual({
      'Source/sales_crm': 'update',
      'Table/sales_crm/orders_v2': 'update',
      'TableGroup/sales_crm/nightly_v2': 'update',
    });
    const seq = e2e.lastSeq();
    await f.applyOk(e2e);
    const writes = e2e.writesSince(seq);
    expect(writes.filter((w) => w.method === 'DELETE' || w.method === 'POST')).toEqual([]);
    expect(await tableIds(sourceId)).toEqual({ customers: before.customers, orders_v2: before.orders });
    expect(await api.idOf(`/sources/${sourceId}/table-groups`, 'nightly_v2')).toBe(groupId);
    await f.expectConverged(e2e);
  });

  it('renames platform kinds in place: environment, storage, compute, domain, data connection, user', async () => {
    await f.resetWith(e2e, {
      'platform.yaml': f.docs(f.platform(), f.dataConnection(), f.user()),
    });
    await f.applyOk(e2e);
    const ids = {
      env: await api.idOf('/admin/environment', 'prod'),
      domain: await api.idOf('/admin/domains', 'sales'),
      connection: await api.idOf('/admin/data-connections', 'warehouse_target'),
    };
    let platform = f.docs(f.platform(), f.dataConnection(), f.user());
    for (const [from, to] of [
      ['prod', 'prod_eu'],
      ['lake', 'lake_v2'],
      ['etl-small', 'etl-medium'],
      ['sales', 'sales_team'],
      ['warehouse_target', 'warehouse'],
      ['alice@example.com', 'alice@example.org'],
    ] as const)
      platform = renamedIn(platform, from, to);
    platform = platform
      .replaceAll('environment: "prod"', 'environment: "prod_eu"')
      .replace('environments: [prod]', 'environments: [prod_eu]');
    await e2e.write('platform.yaml', platform);

    const plan = (await f.planJson(e2e)) as RenamePlanJson;
    expect(f.actions(plan)).toEqual({
      'Environment/prod_eu': 'update',
      'EnvironmentStorage/prod_eu/lake_v2': 'update',
      'ComputeTemplate/prod_eu/etl-medium': 'update',
      'Domain/sales_team': 'update',
      'DataConnection/warehouse': 'update',
      'User/alice@example.org': 'update',
    });
    expect(plan.changes.map((c) => c.renamed_from)).toEqual([
      'Environment/prod',
      'EnvironmentStorage/prod_eu/lake',
      'ComputeTemplate/prod_eu/etl-small',
      'Domain/sales',
      'DataConnection/warehouse_target',
      'User/alice@example.com',
    ]);
    // Renames send only the name: no secret is needed or re-sent.
    expect(JSON.stringify(plan.calls)).not.toContain('${env.');
    const seq = e2e.lastSeq();
    const applied = await e2e.dpac(['apply', '--auto-approve', '--no-color'], {
      env: { DATABRICKS_TOKEN: undefined },
    });
    expect(applied.code, applied.stderr).toBe(0);
    expect(e2e.writesSince(seq).filter((w) => w.method !== 'PATCH')).toEqual([]);
    expect(await api.idOf('/admin/environment', 'prod_eu')).toBe(ids.env);
    expect(await api.idOf('/admin/domains', 'sales_team')).toBe(ids.domain);
    expect(await api.idOf('/admin/data-connections', 'warehouse')).toBe(ids.connection);
    await f.expectConverged(e2e);
  });

  it('renames mappings, a validation spec and an interactive cluster in place', async () => {
    const files = {
      'platform.yaml': f.platform(),
      'sources.yaml': f.docs(
        f.salesDb(),
        f.table({ name: 'orders' }),
        f.validationSpec(),
        f.streamSource(),
        f.topicMapping(),
        f.jsonSource(),
        f.fileMapping(),
      ),
    };
    await f.resetWith(e2e, files);
    await f.applyOk(e2e);
    await e2e.write(
      'platform.yaml',
      renamedIn(files['platform.yaml'], 'interactive-dev', 'interactive-shared'),
    );
    let sources = files['sources.yaml'];
    for (const [from, to] of [
      ['status_code', 'status_code_check'],
      ['people', 'people_topics'],
      ['orders_files', 'order_files'],
    ] as const)
      sources = renamedIn(sources, from, to);
    await e2e.write('sources.yaml', sources);
    const plan = (await f.planJson(e2e)) as RenamePlanJson;
    expect(f.actions(plan)).toEqual({
      'InteractiveCluster/prod/interactive-shared': 'update',
      'TopicMapping/clicks/people_topics': 'update',
      'FileMapping/json_files/order_files': 'update',
      'ValidationSpec/sales_db/orders/status_code_check': 'update',
    });
    expect(plan.calls.every((c) => c.method === 'PATCH' && JSON.stringify(c.body).includes('"name"'))).toBe(
      true,
    );
    const seq = e2e.lastSeq();
    await f.applyOk(e2e);
    expect(e2e.writesSince(seq).map((w) => w.method)).toEqual(['PATCH', 'PATCH', 'PATCH', 'PATCH']);
    await f.expectConverged(e2e);
  });

  it('refuses a rename when both the old and the new name exist live, naming both', async () => {
    const files = salesFiles('sales_db');
    await e2e.write(
      'sources.yaml',
      f.docs(files['sources.yaml'] ?? '', f.salesDb({ metadata: { name: 'sales_crm' } })),
    );
    await f.applyOk(e2e);
    for (const [file, yaml] of Object.entries(salesFiles('sales_crm', { renamed_from: 'sales_db' })))
      await e2e.write(file, yaml);
    const seq = e2e.lastSeq();
    for (const command of ['plan', 'apply']) {
      const result = await e2e.dpac(
        [command, '--auto-approve', '--no-color'].slice(0, command === 'plan' ? 1 : 3),
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /sources\.yaml:\d+:\d+ error: Source\/sales_crm is renamed from Source\/sales_db, but Source\/sales_db and Source\/sales_crm all exist live/,
      );
    }
    expect(e2e.writesSince(seq)).toEqual([]);
  });

  it('hints at renamed_from when a plan deletes one object and creates its look-alike', async () => {
    for (const [file, yaml] of Object.entries(salesFiles('sales_crm'))) await e2e.write(file, yaml);
    const plan = (await f.planJson(e2e)) as RenamePlanJson;
    expect(f.actions(plan)['Source/sales_db']).toBe('delete');
    expect(f.actions(plan)['Source/sales_crm']).toBe('create');
    expect(plan.rename_hints).toEqual([{ from: 'Source/sales_db', to: 'Source/sales_crm' }]);
    const text = await e2e.dpac(['plan', '--no-color']);
    expect(text.stdout).toContain(
      'Hint: did you rename Source/sales_db to Source/sales_crm? Add metadata.renamed_from: sales_db to the manifest of Source/sales_crm',
    );
  });

  it('applies a saved plan that renames, and refuses it once the old object changed', async () => {
    const sourceId = await api.idOf('/sources', 'sales_db');
    for (const [file, yaml] of Object.entries(salesFiles('sales_crm', { renamed_from: 'sales_db' })))
      await e2e.write(file, yaml);
    expect((await e2e.dpac(['plan', '--out', 'plan.json'])).code).toBe(0);
    expect((await e2e.dpac(['plan', '--out', 'stale.json'])).code).toBe(0);
    const seq = e2e.lastSeq();
    const applied = await e2e.dpac(['apply', '--plan', 'plan.json', '--no-color']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(e2e.writesSince(seq).map((w) => `${w.method} ${w.path}`)).toEqual([
      `PATCH /v3/sources/${sourceId}`,
    ]);
    const stale = await e2e.dpac(['apply', '--plan', 'stale.json', '--no-color']);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('The saved plan is stale');
    await f.expectConverged(e2e);
  });

  it('refuses renamed_from offline on a kind whose name cannot change, and on a name still declared', async () => {
    await e2e.write(
      'more.yaml',
      f.docs(
        renamedIn(f.genericSourceType(), 'teradata_generic', 'teradata'),
        f.domain('sales_team', 'Sales.', { renamed_from: 'sales' }),
      ),
    );
    const result = await e2e.dpac(['validate', '--no-color']);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /more\.yaml:\d+:\d+ error: GenericSourceType cannot be renamed: the v3 API has no call that changes its name/,
    );
    expect(result.stdout).toMatch(
      /more\.yaml:\d+:\d+ error: Domain\/sales_team is renamed from Domain\/sales, which a manifest still declares/,
    );
  });
});
