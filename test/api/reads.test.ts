// Typed reads of previews, lineage, audit logs and job status.

import { afterEach, describe, expect, it } from 'vitest';
import {
  createClient,
  readInteractiveJobStatus,
  readJobStatus,
  readSourceAuditLogs,
  readTableGroupAuditLogs,
  readTableLineage,
  readTablePreview,
} from '../../src/api/index.js';
import { json, type ScriptedServer, startScriptedServer } from './helpers/scripted-server.js';

const open: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

const ANSWERS: Record<string, unknown> = {
  '/v3/tables/t1/lineage': { result: { table: { id: 't1', name: 'orders' }, domains: [{ id: 'd1' }] } },
  '/v3/admin/jobs/j1': { result: { status: 'running', type: 'source_crawl', percentage: 40 } },
  '/v3/sources/s1/interactive-jobs/j2': { result: { status: 'completed' } },
  '/v3/sources/s1/table/t1/get-preview': { result: { id: 't1', rows: [[1]] } },
};

async function setup() {
  const server: ScriptedServer = await startScriptedServer((req, res) => {
    const path = req.url.split('?')[0] ?? '';
    if (path.endsWith('/audit-logs')) {
      const offset = Number(new URL(req.url, 'http://x').searchParams.get('offset') ?? 0);
      const result = offset === 0 ? [{ id: 'a1', entity_type: 'table_group', modification: [] }] : [];
      return json(res, 200, { result, links: { next: `${path}?limit=500&offset=${offset + 500}` } });
    }
    const answer = ANSWERS[path];
    return answer ? json(res, 200, answer) : json(res, 404, { iw_code: 'IW10001', details: 'not found' });
  });
  open.push(server);
  const client = createClient({ baseUrl: server.url, auth: { refreshToken: 'rt' } });
  open.push(client);
  return { server, client };
}

describe('reads', () => {
  it('reads lineage, previews and audit logs', async () => {
    const { client, server } = await setup();
    expect(await readTableLineage(client, 't1')).toEqual({
      table: { id: 't1', name: 'orders' },
      domains: [{ id: 'd1' }],
    });
    expect(await readTablePreview(client, { sourceId: 's1', tableId: 't1' })).toEqual({
      id: 't1',
      rows: [[1]],
    });
    expect(await readSourceAuditLogs(client, 's1')).toHaveLength(1);
    expect(await readTableGroupAuditLogs(client, { sourceId: 's1', tableGroupId: 'g1' })).toEqual([
      { id: 'a1', entity_type: 'table_group', modification: [] },
    ]);
    expect(server.seen.map((r) => r.url)).toContain('/v3/sources/s1/table-groups/g1/audit-logs?limit=500');
  });

  it('reports job states and whether they are terminal', async () => {
    const { client } = await setup();
    expect(await readJobStatus(client, 'j1')).toMatchObject({
      id: 'j1',
      status: 'running',
      terminal: false,
      percentage: 40,
    });
    expect(await readInteractiveJobStatus(client, { sourceId: 's1', jobId: 'j2' })).toMatchObject({
      status: 'completed',
      terminal: true,
    });
  });

  it('restates what it was reading when the job is missing', async () => {
    const { client } = await setup();
    await expect(readJobStatus(client, 'nope')).rejects.toThrow(
      'Could not read the status of job nope: GET /v3/admin/jobs/nope returned 404 IW10001: not found',
    );
  });
});
