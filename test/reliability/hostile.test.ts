// The real CLI against a hostile server in front of the real emulator: tampered ids, endless and
// oversized lists, understated counts, a proxy's login page, a dripping body. Every attack ends in a
// clear error, exit 1, with nothing written — or, where nothing is lost, in the right plan.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../helpers/e2e.js';
import { hugeList, sendJson, startHostileServer, trickle } from '../helpers/hostile-server.js';
import { platformApi } from '../helpers/platform-api.js';
import { generatePlatform, writePlatform } from './generate-platform.js';

let e2e: E2e;
const open: Array<{ close: () => Promise<void> }> = [];
beforeEach(async () => {
  e2e = await startE2e();
});
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
  await e2e.close();
});

async function proxy(script: Parameters<typeof startHostileServer>[0]['script']) {
  const server = await startHostileServer({ script, upstream: e2e.emulator.url });
  open.push(server);
  return server;
}

const DOMAIN = `apiVersion: dpac/v1
kind: Domain
metadata:
  name: sales
spec:
  description: Sales.
`;

describe('ids in paths', () => {
  it('refuses a listed id that is a path, so the delete of an owned table cannot reach a domain', async () => {
    const small = { sources: 1, tablesPerSource: 2, domains: 1, users: 0 };
    const platform = generatePlatform(small);
    const folder = await writePlatform(e2e.write, platform);
    expect((await e2e.dpac(['apply', folder, '--auto-approve'], { env: platform.env })).code).toBe(0);
    const api = await platformApi(e2e.emulator.url);
    await api.send('POST', '/domains', { name: 'victim', environment_ids: [] });
    const victim = await api.idOf('/admin/domains', 'victim');
    // The manifests drop table t_001: dpac plans the delete of an owned table.
    await writePlatform(e2e.write, generatePlatform({ ...small, tablesPerSource: 1 }));
    const server = await proxy(async (req, { res, forward }) => {
      if (req.method !== 'GET' || !/^\/v3\/sources\/[0-9a-f]{24}\/tables$/.test(req.path)) return false;
      const upstream = await forward();
      const body = upstream.json as { result: { id: string; name: string }[] };
      for (const table of body.result) {
        if (table.name === 't_001') table.id = `../../../domains/${victim}`;
      }
      sendJson(res, upstream.status, body);
      return true;
    });

    const seq = e2e.lastSeq();
    const run = await e2e.dpac(['apply', folder, '--auto-approve'], {
      env: { ...platform.env, DPAC_URL: server.url },
    });

    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Could not read Table list');
    expect(run.stderr).toContain(`has id "../../../domains/${victim}", which is not a platform id`);
    expect(server.seen.filter((r) => r.method !== 'GET' && !r.path.startsWith('/v3/security'))).toEqual([]);
    expect(e2e.writesSince(seq)).toEqual([]);
    expect(await api.idOf('/admin/domains', 'victim')).toBe(victim);
  });

  it('refuses an id a create answers that is not a platform id, and skips its dependents', async () => {
    const platform = generatePlatform({ sources: 1, tablesPerSource: 1, domains: 1, users: 0 });
    const folder = await writePlatform(e2e.write, platform);
    const server = await proxy(async (req, { res, forward }) => {
      if (req.method !== 'POST' || req.path !== '/v3/sources') return false;
      const upstream = await forward();
      sendJson(res, upstream.status, { ...(upstream.json as object), result: { id: '../admin/domains' } });
      return true;
    });

    const run = await e2e.dpac(['apply', folder, '--auto-approve'], {
      env: { ...platform.env, DPAC_URL: server.url },
    });

    expect(run.code).not.toBe(0);
    expect(run.stdout).toContain(
      'the platform answered the id "../admin/domains", which is not a platform id',
    );
    const usedIt = server.seen.filter(
      (r) => r.url.includes('admin/domains') && r.path !== '/v3/admin/domains',
    );
    expect(usedIt).toEqual([]);
  });
});

describe('lists that would not end', () => {
  it('fails a plan, naming the list, when links.next keeps changing', async () => {
    const file = await e2e.write('d.yaml', DOMAIN);
    const server = await proxy((req, { res }) => {
      if (req.method !== 'GET' || req.path !== '/v3/admin/domains') return false;
      const offset = Number(new URL(req.url, 'http://x').searchParams.get('offset') ?? 0);
      const result = [{ id: (offset + 1).toString(16).padStart(24, '0'), name: `d${offset}` }];
      sendJson(res, 200, { result, links: { next: `/v3/admin/domains?offset=${offset + 1}` } });
      return true;
    });

    const run = await e2e.dpac(['plan', file], { env: { DPAC_URL: server.url, DPAC_MAX_PAGES: '25' } });

    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Could not read Domain list: GET /v3/admin/domains: the list does not end');
    expect(run.stderr).toContain('more than 25 pages');
    expect(server.seen.filter((r) => r.path === '/v3/admin/domains')).toHaveLength(25);
  });

  it('fails a plan clearly when a body passes the size cap', async () => {
    const file = await e2e.write('d.yaml', DOMAIN);
    const server = await proxy((req, { res }) => {
      if (req.method !== 'GET' || req.path !== '/v3/admin/domains') return false;
      hugeList(res, 4 * 1024 * 1024);
      return true;
    });

    const run = await e2e.dpac(['plan', file], { env: { DPAC_URL: server.url, DPAC_MAX_RESPONSE_MB: '1' } });

    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'Could not read Domain list: GET /v3/admin/domains failed: the response was larger than the size cap (DPAC_MAX_RESPONSE_MB)',
    );
  });
});

describe('memory: an endless list of large pages', () => {
  it('ends at the list item limit with the default settings: a located error and exit 1, not a crash', async () => {
    const file = await e2e.write('d.yaml', DOMAIN);
    const filler = 'x'.repeat(900);
    const server = await proxy((req, { res }) => {
      if (req.method !== 'GET' || req.path !== '/v3/admin/domains') return false;
      const offset = Number(new URL(req.url, 'http://x').searchParams.get('offset') ?? 0);
      const result = Array.from({ length: 1000 }, (_, i) => ({
        id: (offset + i + 1).toString(16).padStart(24, '0'),
        name: `d${offset + i}`,
        description: filler,
      }));
      sendJson(res, 200, { result, links: { next: `/v3/admin/domains?offset=${offset + 1000}` } });
      return true;
    });

    const run = await e2e.dpac(['plan', file], { env: { DPAC_URL: server.url } });

    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'Error: Could not read Domain list: GET /v3/admin/domains: stopped reading: the list holds more than 100,000 items (DPAC_MAX_LIST_ITEMS; raise it if the list is really that long); stopped after 101 pages',
    );
    expect(server.seen.filter((r) => r.path === '/v3/admin/domains')).toHaveLength(101);
  });
});

describe('paging never cuts a list silently', () => {
  it('reads past a total_count that understates the list, so an existing domain is not created again', async () => {
    const platform = generatePlatform({ sources: 0, domains: 3, users: 0 });
    const folder = await writePlatform(e2e.write, platform);
    expect((await e2e.dpac(['apply', folder, '--auto-approve'], { env: platform.env })).code).toBe(0);
    // One domain a page, each page claiming the list holds one item.
    const server = await proxy(async (req, { res, forward }) => {
      if (req.method !== 'GET' || req.path !== '/v3/admin/domains') return false;
      // `at`, not `offset`: the emulator behind (strict: it knows only the documented query) is
      // asked for the whole list every time.
      const offset = Number(new URL(req.url, 'http://x').searchParams.get('at') ?? 0);
      const all = (await forward('/v3/admin/domains?limit=1000')).json as { result: unknown[] };
      sendJson(res, 200, {
        result: all.result.slice(offset, offset + 1),
        total_count: 1,
        links: { next: `/v3/admin/domains?at=${offset + 1}` },
      });
      return true;
    });
    const run = await e2e.dpac(['plan', folder, '--detailed-exitcode'], {
      env: { ...platform.env, DPAC_URL: server.url },
    });
    expect(run.stdout).toContain('No changes.');
    expect(run.code).toBe(0);
  });
});

describe('a read that fails is never taken for an absent object', () => {
  it("refuses the plan when a proxy answers a source's connection with its HTML login page", async () => {
    const platform = generatePlatform({ sources: 2, tablesPerSource: 1, domains: 1, users: 0 });
    const folder = await writePlatform(e2e.write, platform);
    expect((await e2e.dpac(['apply', folder, '--auto-approve'], { env: platform.env })).code).toBe(0);
    const server = await proxy((req, { res }) => {
      if (!req.path.endsWith('/configurations/connection')) return false;
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body><h1>Sign in to the corporate proxy</h1></body></html>');
      return true;
    });
    const seq = e2e.lastSeq();

    const run = await e2e.dpac(['apply', folder, '--auto-approve'], {
      env: { ...platform.env, DPAC_URL: server.url },
    });

    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^Error: Could not read the connection of Source\/src_\d+: GET \/v3\/sources\/[0-9a-f]{24}\/configurations\/connection returned 200: not the JSON the v3 API answers, but an HTML page \(a proxy's login\?\)$/,
    );
    expect(run.stdout).not.toContain('Plan:');
    expect(e2e.writesSince(seq)).toEqual([]);
  });
});

describe('time: a server that drips', () => {
  it('fails the plan at the request deadline, saying so, when a list drips a byte at a time', async () => {
    const file = await e2e.write('d.yaml', DOMAIN);
    const server = await proxy((req, { res }) => {
      if (req.method !== 'GET' || req.path !== '/v3/admin/domains') return false;
      trickle(res, { result: [] }, 400);
      return true;
    });

    const run = await e2e.dpac(['plan', file], {
      env: { DPAC_URL: server.url, DPAC_REQUEST_TIMEOUT: '3s' },
    });

    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^Error: Could not read Domain list: GET \/v3\/admin\/domains failed: .*; gave up at the request deadline, 3 s across all attempts \(DPAC_REQUEST_TIMEOUT\)$/,
    );
  });
});
