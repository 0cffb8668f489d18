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
beforeAll(async () => {
  fx = await startFixture();
  sourceId = await fx.api.create(
    '/sources',
    sourceBody(fx.platform, 'src_tables', { type: 'file', sub_type: 'structured' }),
  );
});
afterAll(async () => {
  await fx.emu.close();
});

const csvTable = (name: string, configuration: Json = {}): Json => ({
  name,
  source: sourceId,
  configuration: {
    source_file_type: 'csv',
    source_relative_path: `/${name}`,
    source_file_properties: { column_separator: ',', header_rows_count: 1 },
    target_table_name: name.toUpperCase(),
    ...configuration,
  },
});

describe('tables', () => {
  it('creates a CSV table and refuses a second table of the same name in the source', async () => {
    const reply = await fx.api.post(`/sources/${sourceId}/tables`, csvTable('customers'));
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe('Table Created Successfully');
    const again = await fx.api.post(`/sources/${sourceId}/tables`, csvTable('customers'));
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      iw_code: 'IW10003',
      details: "Table with name 'customers' already exists",
    });
  });

  it('lists tables carrying configuration, export configuration, metadata and columns', async () => {
    const id = await fx.api.create(`/sources/${sourceId}/tables`, csvTable('listed'));
    await fx.api.put(`/sources/${sourceId}/tables/${id}/metadata`, {
      tags_to_add: ['raw'],
      description: 'landing',
    });
    const reply = await fx.api.get(
      `/sources/${sourceId}/tables?filter=${encodeURIComponent(JSON.stringify({ name: 'listed' }))}`,
    );
    const [item] = reply.body.result;
    expect(item).toMatchObject({
      id,
      name: 'listed',
      source: sourceId,
      state: 'ready',
      tags: ['raw'],
      description: 'landing',
      columns: [],
      original_table_name: 'listed',
      export_configuration: { target_configuration: {} },
      configuration: { source_file_type: 'csv', target_table_name: 'LISTED' },
      data_lake_path: `/iw/sources/src_tables/${id}`,
    });
    expect(item).not.toHaveProperty('origTableName');
  });

  it('filters tables by the storage names origTableName and schemaNameAtSource', async () => {
    const { sourceId: sid } = await sourceWithTables(fx, 'src_storage_names', ['orders', 'lines']);
    const filter = { origTableName: 'orders', schemaNameAtSource: 'dbo' };
    const reply = await fx.api.get(
      `/sources/${sid}/tables?filter=${encodeURIComponent(JSON.stringify(filter))}`,
    );
    expect(reply.body.result.map((t: Json) => t.original_table_name)).toEqual(['orders']);
    const cross = await fx.api.get(
      `/tables?filter=${encodeURIComponent(JSON.stringify({ source: sid, table: 'lines' }))}`,
    );
    expect(cross.body.result.map((t: Json) => t.name)).toEqual(['lines']);
  });

  it('keeps stored ingestion keys that a partial PUT does not send', async () => {
    const id = await fx.api.create(
      `/sources/${sourceId}/tables`,
      csvTable('partial', { target_database_name: 'LAKE' }),
    );
    const path = `/sources/${sourceId}/tables/${id}/configurations/ingestion`;
    const put = await fx.api.put(path, {
      sync_type: 'incremental',
      update_strategy: 'append',
      watermark_columns: ['ts'],
    });
    expect(put.status).toBe(200);
    const config = (await fx.api.get(path)).body.result;
    expect(config).toMatchObject({
      sync_type: 'incremental',
      update_strategy: 'append',
      watermark_columns: ['ts'],
      target_database_name: 'LAKE',
      source_file_type: 'csv',
      target_table_name: 'PARTIAL',
    });
  });

  it('validates sync_type, update_strategy and the natural keys a merge needs', async () => {
    const id = await fx.api.create(`/sources/${sourceId}/tables`, csvTable('checked'));
    const path = `/sources/${sourceId}/tables/${id}/configurations/ingestion`;
    const badSync = await fx.api.put(path, { sync_type: 'incremental-merge' });
    expect(badSync.status).toBe(400);
    expect(badSync.body.details).toContain("Invalid sync_type 'incremental-merge'");
    const badStrategy = await fx.api.put(path, { update_strategy: 'upsert' });
    expect(badStrategy.body.details).toContain("Invalid update_strategy 'upsert'");
    const noKeys = await fx.api.put(path, { sync_type: 'incremental', update_strategy: 'merge' });
    expect(noKeys.status).toBe(400);
    expect(noKeys.body).toMatchObject({
      iw_code: 'IW10006',
      details: "'natural_keys' must be a non-empty array when update_strategy is 'merge'",
    });
    const cdc = await fx.api.put(path, {
      sync_type: 'cdc-timestamp-column',
      update_strategy: 'merge',
      natural_keys: ['id'],
    });
    expect(cdc.status).toBe(200);
  });

  it('merges table PUT bodies and answers result.id', async () => {
    const id = await fx.api.create(`/sources/${sourceId}/tables`, csvTable('put_me'));
    const put = await fx.api.put(`/sources/${sourceId}/tables/${id}`, {
      name: 'put_me',
      source: sourceId,
      configuration: { natural_keys: ['id'] },
      columns: [{ name: 'ID', original_name: 'ID', sql_type: 4, target_sql_type: 4 }],
    });
    expect(put.body.result.id).toBe(id);
    const table = (await fx.api.get(`/sources/${sourceId}/tables/${id}`)).body.result;
    expect(table.configuration).toMatchObject({ natural_keys: ['id'], source_file_type: 'csv' });
    expect(table.columns.map((c: Json) => c.name)).toEqual(['ID']);
  });

  it('updates the schema by PATCH and reorders columns', async () => {
    const id = await fx.api.create(`/sources/${sourceId}/tables`, csvTable('schema'));
    const base = `/sources/${sourceId}/tables/${id}`;
    const patch = await fx.api.patch(`${base}/configurations/schema`, {
      type: 'column',
      columns: [
        { name: 'A', original_name: 'A', target_sql_type: 12, is_deleted: false },
        { name: 'B', original_name: 'B', target_sql_type: 3, target_precision: '10', target_scale: '2' },
      ],
    });
    expect(patch.body.result.id).toBe(id);
    const move = await fx.api.patch(`${base}/column-order`, { name: 'B', target_column_position: 1 });
    expect(move.body.result.message).toBe('Successfully updated metadata');
    const columns = (await fx.api.get(base)).body.result.columns;
    expect(columns.map((c: Json) => [c.name, c.target_column_order])).toEqual([
      ['B', 1],
      ['A', 2],
    ]);
    expect(columns[0].target_precision).toBe('10');
  });

  it('stores export configuration with the password sealed', async () => {
    const canary = 'export-canary-secret';
    const id = await fx.api.create(`/sources/${sourceId}/tables`, csvTable('exported'));
    const base = `/sources/${sourceId}/tables/${id}/configurations/export`;
    const bad = await fx.api.put(base, { sync_type: 'SOMETIMES', target_type: 'SNOWFLAKE' });
    expect(bad.status).toBe(400);
    const put = await fx.api.put(base, {
      sync_type: 'OVERWRITE',
      target_type: 'SNOWFLAKE',
      connection: { username: 'w', password: canary },
      target_configuration: { table_name: 'T' },
      columns: [],
    });
    expect(put.body.result.message).toBe('Successfully updated export configuration');
    for (const path of [
      base,
      `${base}/connection`,
      `/sources/${sourceId}/tables/${id}`,
      `/sources/${sourceId}/tables`,
    ]) {
      const reply = await fx.api.get(path);
      expect(reply.status, path).toBe(200);
      expect(reply.text, path).not.toContain(canary);
    }
    expect((await fx.api.get(base)).body.result.target_configuration).toEqual({ table_name: 'T' });
  });

  it('manages validation specs with the exact messages', async () => {
    const id = await fx.api.create(`/sources/${sourceId}/tables`, csvTable('validated'));
    const base = `/sources/${sourceId}/tables/${id}/validation-specs`;
    const spec = {
      name: 'validation_regex_1',
      column_name: 'CITY_COL',
      table_id: id,
      type: 'regex',
      regex_expression: '[a-zA-Z]',
    };
    const add = await fx.api.post(base, spec);
    expect(add.body.message).toBe('Validation Specs added Successfully');
    const specId = add.body.result.id;
    expect((await fx.api.post(base, spec)).body.iw_code).toBe('IW10003');
    const badRegex = await fx.api.post(base, { ...spec, name: 'v2', regex_expression: '[' });
    expect(badRegex.status).toBe(400);
    const patch = await fx.api.patch(`${base}/${specId}`, { regex_expression: '[0-9]' });
    expect(patch.body).toEqual({
      message: 'Validation Specs updated successfully',
      result: { status: 'success', id: specId },
    });
    expect((await fx.api.get(base)).body.result.map((s: Json) => s.regex_expression)).toEqual(['[0-9]']);
    const del = await fx.api.del(`${base}/${specId}`);
    expect(del.body.message).toBe('Validation Specs deleted successfully');
  });

  it('manages table advanced configurations with snake and camel keys', async () => {
    const id = await fx.api.create(`/sources/${sourceId}/tables`, csvTable('advanced'));
    const base = `/sources/${sourceId}/tables/${id}/configurations/advance`;
    const add = await fx.api.post(base, { key: 'should_run_dedupe', value: 'false', is_active: false });
    expect(add.body.result.id).toMatch(/^[0-9a-f]{24}$/);
    const read = (await fx.api.get(`${base}/should_run_dedupe`)).body.result;
    expect(read).toMatchObject({
      entity_id: id,
      entityId: id,
      is_active: false,
      isActive: false,
      parent_entity_id: sourceId,
    });
    const put = await fx.api.put(`${base}/should_run_dedupe`, [
      { key: 'should_run_dedupe', value: 'true', entityId: id, entityType: 'table' },
    ]);
    expect(put.body.message).toBe('Successfully updated Advance configuration');
    const listed = await fx.api.get(base);
    expect(listed.body.result.map((c: Json) => c.value)).toEqual(['true']);
    expect(listed.body.results).toEqual(listed.body.result);
    expect((await fx.api.del(`${base}/should_run_dedupe`)).body.message).toBe(
      'Successfully removed Advance configuration',
    );
  });

  it('refuses to delete a table used by a table group, naming the group', async () => {
    const { sourceId: sid, tableIds } = await sourceWithTables(fx, 'src_tg_table', ['kept']);
    await fx.api.create(`/sources/${sid}/table-groups`, groupBody(fx.platform, 'tg_holds', tableIds));
    const del = await fx.api.del(`/sources/${sid}/tables/${tableIds[0]}`);
    expect(del.status).toBe(400);
    expect(del.body.details).toContain("'tg_holds'");
  });

  it('deletes a free table with the exact message', async () => {
    const id = await fx.api.create(`/sources/${sourceId}/tables`, csvTable('doomed'));
    const del = await fx.api.del(`/sources/${sourceId}/tables/${id}`);
    expect(del.body.message).toBe('Table Deleted Successfully');
    expect((await fx.api.get(`/sources/${sourceId}/tables/${id}`)).status).toBe(404);
  });

  it('stores segmentation, file mapping properties and streaming configuration', async () => {
    const id = await fx.api.create(`/sources/${sourceId}/tables`, csvTable('extras'));
    const base = `/sources/${sourceId}/tables/${id}`;
    const start = await fx.api.post(`${base}/segmentation/start`, {
      extract_from_column: true,
      column: { name: 'TS', sql_type: 93 },
    });
    expect(start.status).toBe(400);
    const ok = await fx.api.post(`${base}/segmentation/start`, {
      derive_format: 'MM',
      derive_function: 'month',
      extract_from_column: true,
      column: { name: 'TS', sql_type: 93 },
    });
    expect(ok.status).toBe(200);
    expect((await fx.api.get(`${base}/segmentation`)).body.result).toMatchObject({
      table_id: id,
      status: 'started',
    });

    const fm = await fx.api.patch(`${base}/configurations/file-mapping`, {
      record_width_type: 'fixed_width',
      columns_configuration: [{ column_width: 4 }],
    });
    expect(fm.body.result).toEqual({ status: 'success', id });
    const props = (await fx.api.get(`${base}/configurations/ingestion`)).body.result.source_file_properties;
    expect(props).toEqual({
      column_separator: ',',
      header_rows_count: 1,
      record_width_type: 'fixed_width',
      columns_configurations: [{ column_width: 4 }],
    });

    const notStreaming = await fx.api.put(`/sources/${sourceId}/table/${id}/configurations/streaming`, {
      state: 'enabled',
    });
    expect(notStreaming.status).toBe(400);
    expect(notStreaming.body.details).toContain('is not a streaming source');
  });

  it('keeps the streaming configuration of a table of a streaming source, with the emulator rules', async () => {
    const streamSource = await fx.api.create(
      '/sources',
      sourceBody(fx.platform, 'src_stream', { type: 'streaming', sub_type: 'kafka' }),
    );
    const added = await fx.api.post(`/sources/${streamSource}/tables/source_tables`, {
      tables_to_add: [{ table_name: 'clicks', table_type: 'TABLE' }],
    });
    const id = added.body.result.added_tables[0];
    const streaming = `/sources/${streamSource}/table/${id}/configurations/streaming`;
    expect((await fx.api.put(streaming, { state: 'on' })).status).toBe(400);
    expect((await fx.api.put(streaming, { streaming_value: 1.5 })).status).toBe(400);
    expect((await fx.api.put(streaming, { streaming_frequency: 'weeks' })).status).toBe(400);
    const put = await fx.api.put(streaming, {
      state: 'enabled',
      streaming_frequency: 'minutes',
      streaming_value: 5,
    });
    expect(put.body.result).toEqual({ status: 'success', id });
    expect((await fx.api.get(streaming)).body).toMatchObject({ table_id: id, status: 'enabled' });
    expect((await fx.api.get(streaming)).body.result.configuration).toEqual({
      state: 'enabled',
      streaming_frequency: 'minutes',
      streaming_value: 5,
    });
    const stop = await fx.api.post(`/sources/${streamSource}/stop-streaming`, { table_ids: [id] });
    expect(stop.status).toBe(200);
    const streamingTables = await fx.api.get(`/sources/${streamSource}/streaming-tables`);
    expect(streamingTables.body.result).toEqual([{ table_id: id, status: 'stopped', job_id: null }]);
  });

  it('pages a list of 1,200 tables by following links.next until an empty page', async () => {
    const { sourceId: sid } = await sourceWithTables(
      fx,
      'src_many',
      Array.from({ length: 1200 }, (_, i) => `t${String(i).padStart(4, '0')}`),
    );
    const seen: string[] = [];
    let next = `/v3/sources/${sid}/tables?limit=500&offset=0`;
    let pages = 0;
    for (;;) {
      const reply = await fx.api.get(next.replace(/^\/v3/, ''));
      expect(reply.status).toBe(200);
      pages++;
      if (reply.body.result.length === 0) break;
      seen.push(...reply.body.result.map((t: Json) => t.name));
      expect(reply.body.total_count).toBe(1200);
      next = reply.body.links.next;
      expect(next.startsWith('/v3/')).toBe(true);
    }
    expect(pages).toBe(4);
    expect(seen).toHaveLength(1200);
    expect(new Set(seen).size).toBe(1200);
    expect(seen[1199]).toBe('t1199');
  });
});
