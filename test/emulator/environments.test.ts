import { afterAll, describe, expect, it } from 'vitest';
import { emulator } from './harness.js';

const envBody = (name: string) => ({
  name,
  platform: 'azure',
  compute_engine: 'databricks',
  connection_configuration: {
    workspace_url: 'https://x.example',
    token: { password_type: 'infoworks_managed', password: 'env-token-canary-1' },
  },
});
const compute = (name: string) => ({
  name,
  compute_engine: 'databricks',
  launch_strategy: 'ephemeral',
  compute_configuration: { runtime_configuration: { num_worker_nodes: 1 }, connection_configuration: {} },
});

describe('environments', async () => {
  // Storages and computes are deleted here, operations no reference documents: served on request.
  const { emu, admin } = await emulator({ allowUndocumented: true });
  afterAll(() => emu.close());
  const env = (await admin.post('/admin/environment', envBody('prod'))).body.result.id as string;
  const base = `/admin/environment/${env}`;

  it('creates an environment in state ready and lists full documents', async () => {
    const list = await admin.get('/admin/environment?fetch_all=True');
    expect(list.body.result[0]).toMatchObject({ name: 'prod', state: 'ready', data_warehouse_type: '' });
    expect(list.body.result[0].connection_configuration.token.password_type).toBe('infoworks_managed');
    expect((await admin.get(`${base}/`)).body.result.id).toBe(env);
  });

  it('enforces the name pattern and unique names', async () => {
    const bad = await admin.post('/admin/environment', envBody('has space'));
    expect(bad.status).toBe(400);
    expect(bad.body.iw_code).toBe('IW10006');
    const dup = await admin.post('/admin/environment', envBody('prod'));
    expect(dup.body).toMatchObject({
      iw_code: 'IW10003',
      details: "Environment with name 'prod' already exists",
    });
    const missing = await admin.post('/admin/environment', { name: 'x' });
    expect(missing.status).toBe(400);
  });

  it('answers PATCH with a message only', async () => {
    const reply = await admin.patch(base, { description: 'production' });
    expect(reply.body).toEqual({ message: 'Environment updated successfully' });
    expect((await admin.get(base)).body.result.description).toBe('production');
  });

  it('scopes storage and compute names to their environment', async () => {
    const storage = await admin.post(`${base}/environment-storage`, { name: 'lake', storage_type: 'dbfs' });
    expect(storage.body.message).toBe('Successfully created a environment storage.');
    expect(
      (await admin.post(`${base}/environment-storage`, { name: 'lake', storage_type: 'dbfs' })).status,
    ).toBe(400);
    const other = (await admin.post('/admin/environment', envBody('dev'))).body.result.id;
    expect(
      (
        await admin.post(`/admin/environment/${other}/environment-storage`, {
          name: 'lake',
          storage_type: 'dbfs',
        })
      ).status,
    ).toBe(200);
    expect((await admin.post(`${base}/environment-compute-template`, compute('etl'))).status).toBe(200);
    expect((await admin.post(`${base}/environment-compute-template`, compute('etl'))).status).toBe(400);
    const cluster = await admin.post(`${base}/environment-interactive-clusters`, {
      ...compute('etl'),
      launch_strategy: 'persistent',
    });
    expect(cluster.status).toBe(200);
    const patched = await admin.patch(`${base}/environment-interactive-clusters/${cluster.body.result.id}`, {
      description: 'x',
    });
    expect(patched.status).toBe(200);
    const clusters = await admin.get(`${base}/environment-clusters`);
    expect(clusters.body.result).toHaveLength(2);
  });

  it('refuses to delete an environment that still has storages or computes', async () => {
    const reply = await admin.del(base);
    expect(reply.status).toBe(400);
    expect(reply.body.details).toContain("Storage 'lake'");
  });

  it('refuses to delete a storage used by a source and a compute used by a table group', async () => {
    const storage = (await admin.get(`${base}/environment-storage?filter={"name":"lake"}`)).body.result[0];
    const ct = (await admin.get(`${base}/environment-compute-template?filter={"name":"etl"}`)).body.result[0];
    const source = emu.store.insert('sources', { name: 'src', environment_id: env, storage_id: storage.id });
    const group = emu.store.insert('table_groups', {
      name: 'tg',
      source: source.id,
      environment_compute_template: { environment_compute_template_id: ct.id },
    });
    expect((await admin.del(`${base}/environment-storage/${storage.id}`)).body.details).toContain(
      "Source 'src'",
    );
    expect((await admin.del(`${base}/environment-compute-template/${ct.id}`)).body.details).toContain(
      "Table group 'tg'",
    );
    emu.store.remove('table_groups', group.id);
    emu.store.remove('sources', source.id);
    expect((await admin.del(`${base}/environment-compute-template/${ct.id}`)).status).toBe(200);
  });

  it('clones an environment with its storages and computes', async () => {
    const reply = await admin.post(`/admin/environment?resource_id_to_clone=${env}`, {});
    const clone = reply.body.result.id;
    expect((await admin.get(`/admin/environment/${clone}`)).body.result.name).toBe('prod_clone');
    const storages = await admin.get(`/admin/environment/${clone}/environment-storage`);
    expect(storages.body.result.map((s: { name: string }) => s.name)).toEqual(['lake']);
  });

  it('accepts cluster operations with POST or PUT and answers restart with the exact text', async () => {
    const ct = (await admin.post(`${base}/environment-compute-template`, compute('etl2'))).body.result.id;
    const restart = await admin.put('/admin/environment/cluster/restart', {
      compute_template_id: ct,
      type: 'x',
    });
    expect(restart.body.result.message).toBe('Successfully submitted cluster restart request');
    expect(
      (await admin.post('/admin/environment/cluster/terminate-async', { compute_template_id: ct })).status,
    ).toBe(200);
    expect(
      (await admin.put('/admin/environment/cluster/terminate-async', { compute_template_id: ct })).status,
    ).toBe(200);
    expect((await admin.get(`/admin/environment/cluster/compute-template/${ct}`)).status).toBe(200);
    expect((await admin.get(`/admin/environment/cluster/${env}`)).status).toBe(200);
  });
});
