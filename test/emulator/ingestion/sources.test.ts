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
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(async () => {
  await fx.emu.close();
});

describe('sources', () => {
  it('creates a source and shows the server-owned fields on read', async () => {
    const create = await fx.api.post('/sources', sourceBody(fx.platform, 'src_read'));
    expect(create.status).toBe(200);
    expect(create.body.message).toBe('Source created successfully');
    const id = create.body.result.id;
    expect(id).toMatch(/^[0-9a-f]{24}$/);

    const read = await fx.api.get(`/sources/${id}`);
    expect(read.status).toBe(200);
    const source = read.body.result;
    expect(source).toMatchObject({
      id,
      name: 'src_read',
      state: 'ready',
      is_source_connection_verified: false,
      default_step: 'configure_synchronization',
      quoted_identifier: '"',
      tables: [],
      environment_id: fx.platform.environmentId,
      storage_id: fx.platform.storageId,
      filter_tables_properties: { tables_filter: '%', is_filter_enabled: false },
    });
    expect(source.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(source.environment_details[0].environment).toMatchObject({
      id: fx.platform.environmentId,
      name: 'env_test',
    });
    expect(source.environment_details[0].ephemeral_compute.map((c: Json) => c.id)).toEqual([
      fx.platform.computeId,
    ]);
    expect(source.environment_details[0].interactive_compute.map((c: Json) => c.id)).toEqual([
      fx.platform.clusterId,
    ]);
    expect(source.environment_details[0].storage[0].id).toBe(fx.platform.storageId);
  });

  it('refuses a duplicate source name with IW10003', async () => {
    await fx.api.create('/sources', sourceBody(fx.platform, 'src_dup'));
    const again = await fx.api.post('/sources', sourceBody(fx.platform, 'src_dup'));
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      iw_code: 'IW10003',
      details: "Source with name 'src_dup' already exists",
    });
  });

  it('refuses a source whose environment or storage does not exist, naming the missing one', async () => {
    const missing = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    const noEnv = await fx.api.post(
      '/sources',
      sourceBody(fx.platform, 'src_noenv', { environment_id: missing }),
    );
    expect(noEnv.status).toBe(400);
    expect(noEnv.body.iw_code).toBe('IW10006');
    expect(noEnv.body.details).toBe(`Environment with id '${missing}' not found`);
    const noStorage = await fx.api.post(
      '/sources',
      sourceBody(fx.platform, 'src_nostorage', { storage_id: missing }),
    );
    expect(noStorage.status).toBe(400);
    expect(noStorage.body.details).toBe(`Storage with id '${missing}' not found`);
  });

  it('patches a source, checks the new name and keeps server fields', async () => {
    const id = await fx.api.create('/sources', sourceBody(fx.platform, 'src_patch'));
    await fx.api.create('/sources', sourceBody(fx.platform, 'src_taken'));
    const clash = await fx.api.patch(`/sources/${id}`, { name: 'src_taken' });
    expect(clash.status).toBe(400);
    expect(clash.body.iw_code).toBe('IW10003');
    // A field the references do not give the PATCH is refused, named.
    const serverField = await fx.api.patch(`/sources/${id}`, { data_lake_schema: 'RAW', state: 'hacked' });
    expect(serverField.status).toBe(400);
    expect(serverField.body.details).toBe('unknown field /state');
    const patched = await fx.api.patch(`/sources/${id}`, { data_lake_schema: 'RAW', associated_domains: [] });
    expect(patched.status).toBe(200);
    expect(patched.body.result).toEqual({ id });
    const read = (await fx.api.get(`/sources/${id}`)).body.result;
    expect(read.data_lake_schema).toBe('RAW');
    expect(read.state).toBe('ready');
    const badDomain = await fx.api.patch(`/sources/${id}`, {
      associated_domains: ['bbbbbbbbbbbbbbbbbbbbbbbb'],
    });
    expect(badDomain.status).toBe(400);
    expect(badDomain.body.details).toBe("Domain with id 'bbbbbbbbbbbbbbbbbbbbbbbb' not found");
  });

  it('lists sources through filters on name and _id', async () => {
    const id = await fx.api.create('/sources', sourceBody(fx.platform, 'src_filter'));
    const byName = await fx.api.get(
      `/sources?filter=${encodeURIComponent(JSON.stringify({ name: 'src_filter' }))}`,
    );
    expect(byName.body.result.map((s: Json) => s.id)).toEqual([id]);
    const byId = await fx.api.get(`/sources?filter=${encodeURIComponent(JSON.stringify({ _id: id }))}`);
    expect(byId.body.result.map((s: Json) => s.name)).toEqual(['src_filter']);
    expect(byId.body.links.next).toMatch(/^\/v3\/sources\?limit=10&offset=10/);
  });

  it('never echoes a connection password in any read', async () => {
    const canary = 'canary-Pa55w0rd-do-not-leak';
    const id = await fx.api.create(
      '/sources',
      sourceBody(fx.platform, 'src_secret', { connection: { username: 'u', password: canary } }),
    );
    const put = await fx.api.put(`/sources/${id}/configurations/connection`, {
      connection_mode: 'jdbc',
      connection_url: 'jdbc:sqlserver://10.0.0.1:1433;databaseName=x',
      username: 'reader',
      password: { password_type: 'infoworks_managed', password: canary },
      secret_key: canary,
      database: 'SQLSERVER',
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ message: 'Connection details successfully added', result: true });
    const reads = [
      `/sources/${id}`,
      '/sources',
      `/sources/${id}/configurations`,
      `/sources/${id}/configurations/connection`,
      `/sources/${id}/config-migration`,
      `/sources/${id}/tables-to-table-groups-mapping`,
    ];
    for (const path of reads) {
      const reply = await fx.api.get(path);
      expect(reply.status, path).toBe(200);
      expect(reply.text, path).not.toContain(canary);
    }
    const connection = (await fx.api.get(`/sources/${id}/configurations/connection`)).body.result;
    expect(connection.username).toBe('reader');
    expect(connection.password.password_type).toBe('infoworks_managed');
    expect(connection.password.password).toMatch(/^enc:/);
    const mapping = (await fx.api.get(`/sources/${id}/tables-to-table-groups-mapping`)).body.result;
    expect(mapping.password).toEqual({ password_type: 'infoworks_managed', password: '********' });
  });

  it('does not journal a connection PUT that echoes the sealed connection it read', async () => {
    const id = await fx.api.create('/sources', sourceBody(fx.platform, 'src_echo'));
    const path = `/sources/${id}/configurations/connection`;
    await fx.api.put(path, { username: 'u', password: 'first-secret' });
    const sealed = (await fx.api.get(path)).body.result;
    const before = fx.emu.journal().length;
    expect((await fx.api.put(path, sealed)).status).toBe(200);
    expect(fx.emu.journal().length).toBe(before);
    await fx.api.put(path, { ...sealed, password: 'second-secret' });
    expect(
      fx.emu
        .journal()
        .slice(before)
        .map((e) => e.path),
    ).toEqual([`/v3${path}`]);
  });

  it('adds and removes metadata tags and answers the metadata wrapped in result', async () => {
    const id = await fx.api.create('/sources', sourceBody(fx.platform, 'src_meta'));
    const put = await fx.api.put(`/sources/${id}/metadata`, {
      tags_to_add: ['pii', 'gold', 'tmp'],
      tags_to_remove: [],
      is_favorite: true,
      description: 'orders db',
    });
    expect(put.body.result).toEqual({ message: 'Successfully updated metadata' });
    await fx.api.put(`/sources/${id}/metadata`, { tags_to_add: ['silver'], tags_to_remove: ['tmp'] });
    const read = await fx.api.get(`/sources/${id}/metadata`);
    expect(read.body.result).toEqual({
      tags: ['pii', 'gold', 'silver'],
      is_favorite: true,
      description: 'orders db',
    });
    const bad = await fx.api.put(`/sources/${id}/metadata`, { tags_to_add: 'pii' });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toBe("'tags_to_add' must be an array of strings");
  });

  it('manages source advanced configurations with the exact messages', async () => {
    const id = await fx.api.create('/sources', sourceBody(fx.platform, 'src_adv'));
    const base = `/sources/${id}/configurations/advance`;
    const add = await fx.api.post(base, {
      key: 'file_preview_row_count',
      value: 10,
      description: '',
      is_active: true,
    });
    expect(add.status).toBe(200);
    expect(add.body.result.message).toBe('Successfully added advanced configuration');
    const dup = await fx.api.post(base, { key: 'file_preview_row_count', value: '5' });
    expect(dup.body.iw_code).toBe('IW10003');
    const read = await fx.api.get(`${base}/file_preview_row_count`);
    expect(read.body.result).toMatchObject({
      key: 'file_preview_row_count',
      value: '10',
      entity_type: 'source',
      entity_id: id,
    });
    const put = await fx.api.put(`${base}/file_preview_row_count`, {
      key: 'file_preview_row_count',
      value: '20',
    });
    expect(put.body.message).toBe('Successfully updated Advance configuration');
    const listed = await fx.api.get(base);
    expect(listed.body.result.map((c: Json) => c.value)).toEqual(['20']);
    const del = await fx.api.del(`${base}/file_preview_row_count`);
    expect(del.body.message).toBe('Successfully removed Advance configuration');
    expect((await fx.api.get(`${base}/file_preview_row_count`)).status).toBe(404);
  });

  it('browses a source and adds tables, reporting tables already added with IW10003', async () => {
    const id = await fx.api.create('/sources', sourceBody(fx.platform, 'src_browse'));
    const missingFlag = await fx.api.get(`/sources/${id}/source_tables`);
    expect(missingFlag.status).toBe(400);
    const browse = await fx.api.get(
      `/sources/${id}/source_tables?is_filter_enabled=true&tables_filter=%&schemas_filter=%dbo`,
    );
    expect(browse.body.message).toBe('Source Browsed Successfully.');
    const job = await fx.api.get(`/sources/${id}/interactive-jobs/${browse.body.result.id}`);
    expect(job.body.result.status).toBe('completed');

    const body = { tables_to_add: [{ table_name: 'orders', schema_name: 'dbo', table_type: 'TABLE' }] };
    const added = await fx.api.post(`/sources/${id}/tables/source_tables`, body);
    expect(added.status).toBe(200);
    expect(added.body.result.added_tables).toHaveLength(1);
    expect(added.body.result.job_created).toMatch(/^[0-9a-f]{24}$/);
    expect(added.body.job_created).toBe(added.body.result.job_created);
    const again = await fx.api.post(`/sources/${id}/tables/source_tables`, body);
    expect(again.status).toBe(400);
    expect(again.body.iw_code).toBe('IW10003');

    const source = (await fx.api.get(`/sources/${id}`)).body.result;
    expect(source.tables).toEqual(added.body.result.added_tables);
    const count = await fx.api.get(
      `/sources/${id}/meta-crawled-table-count?table_ids=${JSON.stringify(source.tables)}`,
    );
    expect(count.body.result.count).toBe(1);
    const schemas = await fx.api.get(`/sources/${id}/source_tables/schema-for-source`);
    expect(schemas.body.result).toEqual([{ schemaName: 'dbo' }]);
  });

  it('starts one metadata crawl job per table-adding call, whatever its size, and names what it refused', async () => {
    const id = await fx.api.create('/sources', sourceBody(fx.platform, 'src_crawl'));
    const jobs = async () =>
      ((await fetch(`${fx.emu.baseUrl}/_emulator/jobs`).then((r) => r.json())) as { count: number }).count;
    const jobsBefore = await jobs();
    const item = (name: string) => ({ table_name: name, schema_name: 'dbo', table_type: 'TABLE' });
    const first = await fx.api.post(`/sources/${id}/tables/source_tables`, {
      tables_to_add: [item('t1'), item('t2'), item('t3')],
    });
    expect(first.body.result.added_tables).toHaveLength(3);
    // A batch mixing a new table and one already added adds the new one and names the other.
    const second = await fx.api.post(`/sources/${id}/tables/source_tables`, {
      tables_to_add: [item('t2'), item('t4')],
    });
    expect(second.status).toBe(200);
    expect(second.body.result.added_tables).toHaveLength(1);
    expect(second.body.result.failed_tables).toEqual([
      { table_name: 't2', schema_name: 'dbo', iw_code: 'IW10003', message: 'Table already added' },
    ]);

    expect((await jobs()) - jobsBefore).toBe(2);
    const job = (await fx.api.get(`/admin/jobs/${first.body.result.job_created}`)).body.result;
    expect(job).toMatchObject({
      type: 'source_fetch_metadata',
      source_id: id,
      table_ids: first.body.result.added_tables,
      status: 'completed',
    });
  });

  it('accepts jobs and reports them completed', async () => {
    const id = await fx.api.create('/sources', sourceBody(fx.platform, 'src_jobs'));
    const job = await fx.api.post(`/sources/${id}/jobs`, { job_type: 'source_test_connection' });
    expect(job.status).toBe(200);
    const status = await fx.api.get(`/admin/jobs/${job.body.result.id}`);
    expect(status.body.result.status).toBe('completed');
    const noCluster = await fx.api.post(`/sources/${id}/jobs`, {
      job_type: 'truncate_reload',
      interactive_cluster_id: 'cccccccccccccccccccccccc',
    });
    expect(noCluster.status).toBe(404);
    expect(noCluster.body.details).toBe('Compute Template not Found for Job.');
  });

  it('refuses to delete a source that has table groups, naming them', async () => {
    const { sourceId, tableIds } = await sourceWithTables(fx, 'src_grouped', ['t1']);
    await fx.api.create(`/sources/${sourceId}/table-groups`, groupBody(fx.platform, 'tg_keep', tableIds));
    const del = await fx.api.del(`/sources/${sourceId}`);
    expect(del.status).toBe(400);
    expect(del.body.iw_code).toBe('IW10006');
    expect(del.body.details).toContain("'tg_keep'");
  });

  it('deletes a source with its tables, mappings, validation specs and advanced configs', async () => {
    const { sourceId, tableIds } = await sourceWithTables(fx, 'src_cascade', ['a', 'b']);
    const tableId = tableIds[0];
    await fx.api.create(`/sources/${sourceId}/tables/${tableId}/validation-specs`, {
      name: 'v1',
      column_name: 'name',
      type: 'regex',
      regex_expression: '[a-z]+',
    });
    await fx.api.post(`/sources/${sourceId}/configurations/advance`, { key: 'k', value: 'v' });
    await fx.api.post(`/sources/${sourceId}/tables/${tableId}/configurations/advance`, {
      key: 'k',
      value: 'v',
    });
    await fx.api.create(`/sources/${sourceId}/file-mappings`, {
      name: 'fm1',
      configuration: { record_scope: 'file' },
    });
    const del = await fx.api.del(`/sources/${sourceId}`);
    expect(del.status).toBe(200);
    expect(del.body.result).toEqual({ id: sourceId });
    expect((await fx.api.get(`/sources/${sourceId}`)).status).toBe(404);
    expect(fx.emu.store.find('tables', (t) => t.source === sourceId)).toEqual([]);
    expect(fx.emu.store.find('file_mappings', (m) => m.source === sourceId)).toEqual([]);
    expect(fx.emu.store.find('validation_specs', (s) => s.table_id === tableId)).toEqual([]);
    expect(
      fx.emu.store.find('advanced_configs', (c) => c.entity_id === sourceId || c.entity_id === tableId),
    ).toEqual([]);
  });

  it('exports the source configuration with its tables and table groups', async () => {
    const { sourceId, tableIds } = await sourceWithTables(fx, 'src_export', ['x']);
    const groupId = await fx.api.create(
      `/sources/${sourceId}/table-groups`,
      groupBody(fx.platform, 'tg_exp', tableIds),
    );
    const reply = await fx.api.get(`/sources/${sourceId}/config-migration`);
    const config = reply.body.result.configuration;
    expect(config.entity).toEqual({ entity_type: 'source', entity_id: sourceId, entity_name: 'src_export' });
    expect(config.table_configs.map((t: Json) => t.entity_id)).toEqual(tableIds);
    expect(config.table_group_configs.map((g: Json) => g.entity_id)).toEqual([groupId]);
    expect(config.iw_mappings.map((m: Json) => m.entity_type)).toEqual([
      'source',
      'table',
      'table_group',
      'environment_compute_template',
    ]);
  });
});
