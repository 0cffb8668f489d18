// Platform kinds (Environment, EnvironmentStorage, ComputeTemplate, InteractiveCluster, Domain,
// DataConnection, User, GenericSourceType) through the real CLI against the emulator.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../../helpers/e2e.js';
import * as f from './fixtures.js';
import { seedPlatform } from './seed.js';

interface Variation {
  maxWorkers?: number;
  idle?: number;
  user?: string;
  folder?: string;
  driver?: string;
  envDescription?: string;
  lakeDescription?: string;
  warehouse?: string;
}

const everything = (o: Variation = {}) =>
  f.docs(
    f.environment(o.envDescription),
    f.storage({ description: o.lakeDescription }),
    f.computeTemplate(o.maxWorkers),
    f.interactiveCluster(o.idle),
    f.domain(),
    f.dataConnection(o.warehouse),
    f.user(o.user),
    f.genericSourceType(o.folder, o.driver),
  );

describe('platform kinds', () => {
  let e2e: E2e;
  let api: f.Api;
  beforeAll(async () => {
    // Two tests delete a storage and a compute template, operations no reference documents: this
    // emulator serves them, as a platform that has them would (undocumented-deletes.test.ts covers
    // one that refuses them).
    e2e = await startE2e({ allowUndocumented: true });
  });
  beforeEach(async () => {
    await f.resetWith(e2e, { 'platform.yaml': everything() });
    api = await f.connectApi(e2e);
  });
  afterAll(() => e2e.close());

  it('applies every platform kind from empty, then plans no changes and a second apply sends zero writes', async () => {
    const applied = await f.applyOk(e2e);
    expect(applied.stdout).toContain(
      'Apply complete! Resources: 8 added, 0 changed, 0 replaced, 0 destroyed.',
    );
    await f.expectConverged(e2e);
  });

  it('plans no changes for platform objects created by hand through the API in other shapes', async () => {
    const ids = await seedPlatform(api);
    await api.send('POST', '/admin/data-connections', {
      name: 'warehouse_target',
      type: 'TARGET',
      sub_type: 'SNOWFLAKE',
      description: 'Analytics warehouse.',
      properties: {
        warehouse: 'LOAD_WH',
        password: 'typed-by-hand',
        username: 'DPAC_LOADER',
        account: 'example-account',
        url: 'https://example-account.snowflakecomputing.com',
      },
    });
    await api.send('POST', '/admin/users', {
      profile: { name: 'Alice Example', email: 'alice@example.com' },
      roles: ['analyst', 'admin'],
      password: 'typed-by-hand',
    });
    await api.form('POST', '/admin/generic-source-type', {
      name: 'teradata_generic',
      driver_class_name: 'com.teradata.jdbc.TeraDriver',
      upload_option: 'serverLocation',
      folder_path: '/opt/drivers/teradata',
    });
    expect(ids.domain).toMatch(/^[0-9a-f]{24}$/);
    // The manifest lists the roles in the other order.
    await e2e.write(
      'platform.yaml',
      everything({ user: 'Alice Example' }).replace('[admin]', '[admin, analyst]'),
    );

    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({});
    expect(plan.calls).toEqual([]);
    await f.expectConverged(e2e);
  });

  it('updates each changed platform kind with exactly the calls that field needs, then converges', async () => {
    await f.applyOk(e2e);
    await e2e.write(
      'platform.yaml',
      everything({ maxWorkers: 6, idle: 90, user: 'Alice Cooper', folder: '/opt/drivers/td17' }),
    );
    const plan = await f.planJson(e2e, [], ['alice@example.com']);
    expect(f.actions(plan)).toEqual({
      'ComputeTemplate/prod/etl-small': 'update',
      'InteractiveCluster/prod/interactive-dev': 'update',
      'User/alice@example.com': 'update',
      'GenericSourceType/teradata_generic': 'update',
    });
    const fields = Object.fromEntries(plan.changes.map((c) => [c.address, c.fields.map((x) => x.path)]));
    expect(fields['ComputeTemplate/prod/etl-small']).toEqual([
      '/compute_configuration/runtime_configuration/autoscale/max_worker_nodes',
    ]);
    expect(fields['User/alice@example.com']).toEqual(['/profile/name']);
    const env = await api.idOf('/admin/environment', 'prod');
    const gst = await api.idOf('/admin/generic-source-type', 'teradata_generic');
    expect(f.callLines(plan).map(hideUserId)).toEqual([
      `PATCH /admin/environment/${env}/environment-compute-template/${await api.idOf(`/admin/environment/${env}/environment-compute-template`, 'etl-small')}`,
      `PATCH /admin/environment/${env}/environment-interactive-clusters/${await api.idOf(`/admin/environment/${env}/environment-interactive-clusters`, 'interactive-dev')}`,
      'PATCH /admin/users/<user>',
      `PATCH /admin/generic-source-type/${gst}`,
    ]);
    const userCall = plan.calls.find((c) => c.path.startsWith('/admin/users/'));
    // The user record holds the password, so a write of it re-sends the reference, never the value.
    expect(JSON.stringify(userCall?.body)).toContain('${env.ALICE_PASSWORD}');
    expect(JSON.stringify(plan)).not.toContain('alice-password');

    const seq = e2e.lastSeq();
    await f.applyOk(e2e, [], ['alice@example.com']);
    expect(e2e.writesSince(seq).map((w) => w.method)).toEqual(['PATCH', 'PATCH', 'PATCH', 'PATCH']);
    await f.expectConverged(e2e);
  });

  it('updates an environment, a storage and a data connection with one call each, never carrying a secret value', async () => {
    await f.applyOk(e2e);
    await e2e.write(
      'platform.yaml',
      everything({ envDescription: 'Renamed.', lakeDescription: 'The new lake.', warehouse: 'BIG_WH' }),
    );
    const env = await api.idOf('/admin/environment', 'prod');
    const lake = await api.idOf(`/admin/environment/${env}/environment-storage`, 'lake');
    const dc = await api.idOf('/admin/data-connections', 'warehouse_target');
    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({
      'Environment/prod': 'update',
      'EnvironmentStorage/prod/lake': 'update',
      'DataConnection/warehouse_target': 'update',
    });
    expect(plan.changes.find((c) => c.address === 'DataConnection/warehouse_target')?.fields).toEqual([
      { path: '/properties/warehouse', before: 'LOAD_WH', after: 'BIG_WH', impact: 'next-run' },
    ]);
    expect(f.callLines(plan)).toEqual([
      `PATCH /admin/environment/${env}`,
      `PATCH /admin/environment/${env}/environment-storage/${lake}`,
      `PUT /admin/data-connections/${dc}`,
    ]);
    const bodies = JSON.stringify(plan.calls.map((c) => c.body));
    expect(bodies).not.toContain('databricks-token');
    expect(bodies).not.toContain('warehouse-password');
    // The data connection is written whole (PUT), so its password goes along as a reference.
    expect(JSON.stringify(plan.calls[2]?.body)).toContain('${env.WAREHOUSE_PASSWORD}');
    await f.applyOk(e2e);
    await f.expectConverged(e2e);
  });

  it('never compares write-only secrets, and --resend-secrets writes every document holding one', async () => {
    await f.applyOk(e2e);
    const rotated = { ALICE_PASSWORD: 'rotated', DATABRICKS_TOKEN: 'rotated', WAREHOUSE_PASSWORD: 'rotated' };
    const plan = await e2e.dpac(['plan', '--detailed-exitcode'], { env: rotated });
    expect(plan.stdout).toContain('No changes.');
    expect(plan.code).toBe(0);

    const seq = e2e.lastSeq();
    const resent = await e2e.dpac(['apply', '--auto-approve', '--resend-secrets'], { env: rotated });
    expect(resent.code).toBe(0);
    expect(resent.stdout).not.toContain('rotated');
    const written = e2e.writesSince(seq).map((w) => `${w.method} ${w.entity}`);
    expect(written).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/environment$/),
        expect.stringMatching(/storage$/),
        expect.stringMatching(/data.?connection$/),
        expect.stringMatching(/user$/),
      ]),
    );
    expect(written).toHaveLength(4);
    await f.expectConverged(e2e, []);
  });

  it('compares an omitted field with its documented default: a user blocked by hand is unblocked', async () => {
    await f.applyOk(e2e);
    const userId = await userIdOf(api, 'alice@example.com');
    await api.send('PATCH', `/admin/users/${userId}/toggle-user-login`);

    const plan = await f.planJson(e2e, [], ['alice@example.com']);
    expect(f.actions(plan)).toEqual({ 'User/alice@example.com': 'update' });
    expect(plan.changes.find((c) => c.action === 'update')?.fields).toEqual([
      { path: '/login_disabled', before: true, after: false, impact: 'metadata' },
    ]);
    expect(f.callLines(plan)).toEqual([`PATCH /admin/users/${userId}/toggle-user-login`]);
    await f.applyOk(e2e, [], ['alice@example.com']);
    await f.expectConverged(e2e);
  });

  it('honours metadata.ignore: a domain description changed by hand is left alone until the ignore goes', async () => {
    await e2e.write(
      'platform.yaml',
      f.docs(f.environment(), f.domain('sales', 'Sales team.', { ignore: ['/description'] })),
    );
    await f.applyOk(e2e);
    const id = await api.idOf('/admin/domains', 'sales');
    await api.send('PATCH', `/domains/${id}`, { description: 'changed by hand' });
    await f.expectConverged(e2e);

    await e2e.write('platform.yaml', f.docs(f.environment(), f.domain()));
    const plan = await f.planJson(e2e);
    expect(plan.changes.find((c) => c.address === 'Domain/sales')?.fields).toEqual([
      { path: '/description', before: 'changed by hand', after: 'Sales team.', impact: 'metadata' },
    ]);
    expect(f.callLines(plan)).toEqual([`PATCH /domains/${id}`]);
  });

  it('reports an undeclared domain as unmanaged and never plans its deletion without a prune scope', async () => {
    await f.applyOk(e2e);
    await api.send('POST', '/domains', { name: 'tmp_scratch', description: 'made by hand' });
    const plan = await f.planJson(e2e);
    expect(plan.unmanaged).toContain('Domain/tmp_scratch');
    expect(plan.changes.filter((c) => c.action === 'delete')).toEqual([]);
    const seq = e2e.lastSeq();
    await e2e.dpac(['apply', '--auto-approve']);
    expect(e2e.writesSince(seq)).toEqual([]);
  });

  it('deletes undeclared domains inside a prune scope of dpac.yaml and leaves the others alone', async () => {
    await f.applyOk(e2e);
    const tmp = (await api.send<{ result: { id: string } }>('POST', '/domains', { name: 'tmp_scratch' }))
      .result.id;
    await api.send('POST', '/domains', { name: 'finance' });
    await e2e.write('dpac.yaml', project("prune:\n  - kind: Domain\n    name: 'tmp_*'"));

    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({ 'Domain/tmp_scratch': 'delete' });
    expect(plan.changes.find((c) => c.action === 'delete')?.reason).toBe(
      'inside the prune scope Domain/tmp_* of dpac.yaml',
    );
    expect(plan.unmanaged).toContain('Domain/finance');
    expect(f.callLines(plan)).toEqual([`DELETE /domains/${tmp}`]);

    await f.applyOk(e2e);
    await f.expectConverged(e2e);
  });

  it('deletes an undeclared compute template only when its environment has metadata.prune: true', async () => {
    await f.applyOk(e2e);
    const env = await api.idOf('/admin/environment', 'prod');
    const adhoc = await api.send<{ result: { id: string } }>(
      'POST',
      `/admin/environment/${env}/environment-compute-template`,
      {
        name: 'adhoc',
        launch_strategy: 'ephemeral',
        compute_engine: 'databricks',
        compute_configuration: { runtime_configuration: { engine_type: 'spark', num_worker_nodes: 1 } },
      },
    );
    const unpruned = await f.planJson(e2e);
    expect(unpruned.unmanaged).toContain('ComputeTemplate/prod/adhoc');
    expect(f.actions(unpruned)).toEqual({});

    await e2e.write(
      'platform.yaml',
      everything().replace('name: "prod"\nspec:', 'name: "prod"\n  prune: true\nspec:'),
    );
    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({ 'ComputeTemplate/prod/adhoc': 'delete' });
    expect(plan.changes.find((c) => c.action === 'delete')?.reason).toBe(
      'its parent Environment/prod has metadata.prune: true',
    );
    expect(f.callLines(plan)).toEqual([
      `DELETE /admin/environment/${env}/environment-compute-template/${adhoc.result.id}`,
    ]);
    await f.applyOk(e2e);
    await f.expectConverged(e2e);
  });

  it('replaces a storage whose storage_type changed, deleting it before creating it again', async () => {
    await f.applyOk(e2e);
    const env = await api.idOf('/admin/environment', 'prod');
    const old = await api.idOf(`/admin/environment/${env}/environment-storage`, 'lake');
    await e2e.write('platform.yaml', everything().replace(f.storage(), f.storage({ type: 'dbfs' })));

    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({ 'EnvironmentStorage/prod/lake': 'replace' });
    expect(plan.changes.find((c) => c.action === 'replace')?.reason).toBe(
      '/storage_type cannot be changed in place',
    );
    const [del, post] = plan.calls;
    expect(`${del?.method} ${del?.path}`).toBe(`DELETE /admin/environment/${env}/environment-storage/${old}`);
    expect(`${post?.method} ${post?.path}`).toBe(`POST /admin/environment/${env}/environment-storage`);
    expect(post?.depends_on).toContain(del?.id);

    const seq = e2e.lastSeq();
    await f.applyOk(e2e);
    expect(e2e.writesSince(seq).map((w) => w.method)).toEqual(['DELETE', 'POST']);
    await f.expectConverged(e2e);
  });

  it('replaces a generic source type whose driver class changed, naming the field', async () => {
    await f.applyOk(e2e);
    await e2e.write('platform.yaml', everything({ driver: 'com.teradata.jdbc.TeraDriver2' }));
    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({ 'GenericSourceType/teradata_generic': 'replace' });
    expect(plan.changes.find((c) => c.action === 'replace')?.reason).toBe(
      '/driver_class_name cannot be changed in place',
    );
    expect(f.callLines(plan).map((l) => l.replace(/[0-9a-f]{24}/, '<id>'))).toEqual([
      'DELETE /admin/generic-source-type/<id>',
      'POST /admin/generic-source-type',
    ]);
    const seq = e2e.lastSeq();
    await f.applyOk(e2e);
    expect(e2e.writesSince(seq).map((w) => w.method)).toEqual(['DELETE', 'POST']);
    await f.expectConverged(e2e);
  });
});

function project(extra: string): string {
  return f.projectFile(`${extra}\n`);
}

function hideUserId(line: string): string {
  return line.replace(/\/admin\/users\/[A-Za-z0-9]+$/, '/admin/users/<user>');
}

async function userIdOf(api: f.Api, email: string): Promise<string> {
  const users = await api.get<{ result: { id: string; profile?: { email?: string } }[] }>('/admin/users');
  const id = users.result.find((u) => u.profile?.email === email)?.id;
  if (!id) throw new Error(`no user ${email}`);
  return id;
}
