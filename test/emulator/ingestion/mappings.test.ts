import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, groupBody, type Json, sourceBody, startFixture } from './ingestion-fixture.js';

let fx: Fixture;
let sourceId: string;
beforeAll(async () => {
  fx = await startFixture();
  sourceId = await fx.api.create(
    '/sources',
    sourceBody(fx.platform, 'src_maps', { type: 'file', sub_type: 'json' }),
  );
});
afterAll(async () => {
  await fx.emu.close();
});

describe('file mappings', () => {
  const base = () => `/sources/${sourceId}/file-mappings`;
  const configuration = {
    source_relative_path: '/landing/orders',
    record_scope: 'file',
    include_subdirectories: true,
    character_encoding: 'UTF-8',
    include_filename_regex: '.*',
  };

  it('creates, reads, patches and lists a file mapping', async () => {
    const create = await fx.api.post(base(), { name: 'fm_orders', configuration });
    expect(create.status).toBe(200);
    const id = create.body.result.id;
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect((await fx.api.post(base(), { name: 'fm_orders', configuration })).body.iw_code).toBe('IW10003');
    const badScope = await fx.api.post(base(), { name: 'fm_bad', configuration: { record_scope: 'page' } });
    expect(badScope.body.details).toBe("Invalid record_scope 'page': expected one of file, line");

    const patch = await fx.api.patch(`${base()}/${id}`, {
      name: 'fm_orders',
      configuration: { ...configuration, record_scope: 'line' },
    });
    expect(patch.body.message).toBe('Updated File mappings');
    const read = (await fx.api.get(`${base()}/${id}`)).body.result;
    expect(read).toMatchObject({
      name: 'fm_orders',
      source: sourceId,
      configuration: { record_scope: 'line' },
      table_details: [],
    });
    const listed = await fx.api.get(
      `${base()}?filter=${encodeURIComponent(JSON.stringify({ name: 'fm_orders' }))}`,
    );
    expect(listed.body.result.map((m: Json) => m.id)).toEqual([id]);
    expect(listed.body.links.next).toMatch(/^\/v3\/sources\/[0-9a-f]{24}\/file-mappings\?/);
  });

  it('accepts the flat create form with configuration keys at top level', async () => {
    const id = await fx.api.create(base(), { name: 'fm_flat', ...configuration });
    expect((await fx.api.get(`${base()}/${id}`)).body.result.configuration).toEqual(configuration);
  });

  it('creates a table from a mapping and deletes it with the exact message', async () => {
    const id = await fx.api.create(base(), { name: 'fm_tables', configuration });
    const table = await fx.api.post(`${base()}/${id}/tables`, '');
    expect(table.body.message).toBe('Table Created Successfully');
    const tableId = table.body.result.id;
    const read = (await fx.api.get(`${base()}/${id}/tables/${tableId}`)).body.result;
    expect(read).toMatchObject({ name: 'fm_tables', file_mapping_id: id, file_mapping_name: 'fm_tables' });
    expect((await fx.api.get(`${base()}/${id}`)).body.result.table_details).toEqual([
      { id: tableId, name: 'fm_tables', state: 'ready' },
    ]);
    expect((await fx.api.get(`${base()}/${id}/preview`)).body.result.status).toBe('completed');
    const del = await fx.api.del(`${base()}/${id}/tables/${tableId}`);
    expect(del.body.message).toBe('Table Deleted Successfully');
    expect((await fx.api.get(`/sources/${sourceId}/tables/${tableId}`)).status).toBe(404);
  });

  it('refuses to delete a mapping whose table is in a table group, then deletes it with its tables', async () => {
    const id = await fx.api.create(base(), { name: 'fm_grouped', configuration });
    const tableId = await fx.api.create(`${base()}/${id}/tables`, {});
    const groupId = await fx.api.create(
      `/sources/${sourceId}/table-groups`,
      groupBody(fx.platform, 'tg_fm', [tableId]),
    );
    const refused = await fx.api.del(`${base()}/${id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.details).toContain("'tg_fm'");
    expect((await fx.api.get(`/sources/${sourceId}/tables/${tableId}`)).status).toBe(200);
    await fx.api.del(`/sources/${sourceId}/table-groups/${groupId}`);
    const del = await fx.api.del(`${base()}/${id}`);
    expect(del.body.result).toEqual({ id });
    expect((await fx.api.get(`/sources/${sourceId}/tables/${tableId}`)).status).toBe(404);
  });
});

describe('topic mappings', () => {
  const base = () => `/sources/${sourceId}/topic-mappings`;

  it('creates a topic mapping, lists topics and refuses a missing topic identifier', async () => {
    const create = await fx.api.post(base(), {
      name: 'topic_mapping_1',
      configuration: { topic_identifier: { type: 'list', list: ['person'] } },
    });
    expect(create.body.result).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/) });
    const missing = await fx.api.post(base(), { name: 'tm_none', configuration: {} });
    expect(missing.body.details).toBe("'configuration.topic_identifier' is required");
    expect((await fx.api.get(`/sources/${sourceId}/topics`)).body.result.topics).toEqual(['person']);
    const table = await fx.api.post(`${base()}/${create.body.result.id}/tables`, {});
    expect(table.body.result.id).toMatch(/^[0-9a-f]{24}$/);
    const listed = await fx.api.get(
      `/sources/${sourceId}/tables?filter=${encodeURIComponent(JSON.stringify({ topic_mapping_name: 'topic_mapping_1' }))}`,
    );
    expect(listed.body.result).toHaveLength(1);
  });
});

describe('journal', () => {
  it('records a changed write once and a repeated identical PUT not at all', async () => {
    const tableId = await fx.api.create(`/sources/${sourceId}/tables`, {
      name: 'journaled',
      configuration: {},
    });
    const path = `/sources/${sourceId}/tables/${tableId}/configurations/ingestion`;
    const before = fx.emu.journal().length;
    await fx.api.put(path, { sync_type: 'full-load', storage_format: 'delta' });
    await fx.api.put(path, { sync_type: 'full-load', storage_format: 'delta' });
    await fx.api.get(path);
    const entries = fx.emu.journal().slice(before);
    expect(entries.map((e) => [e.method, e.path])).toEqual([['PUT', `/v3${path}`]]);
  });
});
