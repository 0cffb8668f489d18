import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Fixture,
  groupBody,
  type Json,
  sourceBody,
  sourceWithTables,
  startFixture,
} from './ingestion-fixture.js';

let fx: Fixture;
let sourceId: string;
let tableIds: string[];
beforeAll(async () => {
  // One test deletes a compute template, an operation no reference documents: served on request.
  fx = await startFixture({ allowUndocumented: true });
  ({ sourceId, tableIds } = await sourceWithTables(fx, 'src_groups', ['a', 'b', 'c']));
});
afterAll(async () => {
  await fx.emu.close();
});

const base = () => `/sources/${sourceId}/table-groups`;

describe('table groups', () => {
  it('creates a table group and reads it wrapped in result with its tables enriched', async () => {
    const create = await fx.api.post(base(), groupBody(fx.platform, 'tg_read', tableIds.slice(0, 2)));
    expect(create.body.message).toBe('Table Group Successfully Created');
    const id = create.body.result.id;
    const read = (await fx.api.get(`${base()}/${id}`)).body.result;
    expect(read).toMatchObject({
      id,
      name: 'tg_read',
      source: sourceId,
      max_connections: 1,
      compute_cluster_name: 'compute_test',
    });
    expect(
      read.tables.map((t: Json) => [t.table_id, t.connection_quota, t.state, t.schema_name_at_source]),
    ).toEqual([
      [tableIds[0], 100, 'ready', 'dbo'],
      [tableIds[1], 100, 'ready', 'dbo'],
    ]);
  });

  it('accepts an interactive cluster as the compute and refuses an unknown compute', async () => {
    const body = groupBody(fx.platform, 'tg_cluster', []);
    body.environment_compute_template.environment_compute_template_id = fx.platform.clusterId;
    expect((await fx.api.post(base(), body)).status).toBe(200);
    body.name = 'tg_nocompute';
    body.environment_compute_template.environment_compute_template_id = 'dddddddddddddddddddddddd';
    const bad = await fx.api.post(base(), body);
    expect(bad.status).toBe(400);
    expect(bad.body.details).toBe("Compute template with id 'dddddddddddddddddddddddd' not found");
  });

  it('refuses tables of another source, duplicate names and limits below 1', async () => {
    const other = await sourceWithTables(fx, 'src_other', ['z']);
    const foreign = await fx.api.post(base(), groupBody(fx.platform, 'tg_foreign', other.tableIds));
    expect(foreign.status).toBe(400);
    expect(foreign.body.details).toBe(
      `Table with id '${other.tableIds[0]}' does not belong to source 'src_groups'`,
    );

    await fx.api.create(base(), groupBody(fx.platform, 'tg_unique', []));
    const dup = await fx.api.post(base(), groupBody(fx.platform, 'tg_unique', []));
    expect(dup.body).toMatchObject({
      iw_code: 'IW10003',
      details: "Table group with name 'tg_unique' already exists",
    });
    // The same name is free in another source.
    expect(
      (await fx.api.post(`/sources/${other.sourceId}/table-groups`, groupBody(fx.platform, 'tg_unique', [])))
        .status,
    ).toBe(200);

    const zero = await fx.api.post(base(), {
      ...groupBody(fx.platform, 'tg_zero', []),
      max_parallel_entities: 0,
    });
    expect(zero.status).toBe(400);
    expect(zero.body.details).toBe("'max_parallel_entities' must be an integer greater than or equal to 1");
  });

  it('replaces a table group on PUT, ignoring server-owned fields and taking the schedule owner', async () => {
    const id = await fx.api.create(base(), {
      ...groupBody(fx.platform, 'tg_put', [tableIds[0]!]),
      warehouse: 'WH',
    });
    const current = (await fx.api.get(`${base()}/${id}`)).body.result;
    const put = await fx.api.put(`${base()}/${id}`, {
      ...current,
      id: 'ffffffffffffffffffffffff',
      warehouse: undefined,
      max_connections: 4,
      tables: [{ table_id: tableIds[2] }],
      scheduler_username: 'owner@dpac.local',
      scheduler_auth_token: 'token-canary-123',
    });
    expect(put.body).toEqual({ message: 'Successfully updated table group', result: { id } });
    const read = (await fx.api.get(`${base()}/${id}`)).body.result;
    expect(read.id).toBe(id);
    expect(read.max_connections).toBe(4);
    expect(read).not.toHaveProperty('warehouse');
    expect(read.scheduler_username).toBe('owner@dpac.local');
    expect(JSON.stringify(read)).not.toContain('token-canary-123');
    expect(read.tables.map((t: Json) => t.table_id)).toEqual([tableIds[2]]);
  });

  it('updates connection quotas, answers audit logs and the table mapping, then deletes', async () => {
    const id = await fx.api.create(base(), groupBody(fx.platform, 'tg_quota', [tableIds[1]!]));
    const quota = await fx.api.post(`${base()}/${id}/configurations`, {
      tables: [{ table_id: tableIds[1], connection_quota: 15 }],
    });
    expect(quota.body.result).toEqual({ status: 'success', id });
    const stored = (await fx.api.get(`${base()}/${id}`)).body.result;
    expect(stored.tables).toEqual([expect.objectContaining({ table_id: tableIds[1], connection_quota: 15 })]);
    const outsider = await fx.api.post(`${base()}/${id}/configurations`, {
      tables: [{ table_id: tableIds[0], connection_quota: 15 }],
    });
    expect(outsider.status).toBe(400);
    const audit = await fx.api.get(`${base()}/${id}/audit-logs`);
    expect(audit.body.result[0]).toMatchObject({
      entity_type: 'table_group',
      entity_id: id,
      modification: 'created',
    });
    const mapping = (await fx.api.get(`/sources/${sourceId}/tables-to-table-groups-mapping`)).body.result;
    expect(mapping[tableIds[1]!]).toContainEqual({ id, name: 'tg_quota' });
    const del = await fx.api.del(`${base()}/${id}`);
    expect(del.body.result).toEqual({ id });
    expect((await fx.api.get(`${base()}/${id}`)).status).toBe(404);
  });

  it('refuses to delete a compute template a table group uses', async () => {
    await fx.api.create(base(), groupBody(fx.platform, 'tg_compute_user', []));
    const del = await fx.api.del(
      `/admin/environment/${fx.platform.environmentId}/environment-compute-template/${fx.platform.computeId}`,
    );
    expect(del.status).toBe(400);
    expect(del.body.details).toContain('tg_compute_user');
  });

  it('lists table groups with a name filter', async () => {
    const reply = await fx.api.get(
      `${base()}?filter=${encodeURIComponent(JSON.stringify({ name: 'tg_read' }))}`,
    );
    expect(reply.body.result.map((g: Json) => g.name)).toEqual(['tg_read']);
    expect(reply.body.links.next).toContain(`/v3/sources/${sourceId}/table-groups?limit=10&offset=10`);
  });
});

describe('table group mapping view', () => {
  it('masks the connection password', async () => {
    const id = await fx.api.create('/sources', sourceBody(fx.platform, 'src_masked'));
    await fx.api.put(`/sources/${id}/configurations/connection`, {
      username: 'u',
      password: 'plain-pass',
      database: 'ORACLE',
    });
    const mapping = (await fx.api.get(`/sources/${id}/tables-to-table-groups-mapping`)).body.result;
    expect(mapping).toMatchObject({
      username: 'u',
      password: '********',
      database: 'ORACLE',
      enable_log_based_cdc: false,
    });
  });
});
