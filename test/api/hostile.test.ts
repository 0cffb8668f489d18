// The client against a hostile server: endless paging, trickled and oversized bodies, hangs.

import { afterEach, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  type CreateClientOptions,
  createClient,
  DpacApiError,
  IndeterminateWriteError,
  TransportError,
} from '../../src/api/index.js';
import {
  type HostileScript,
  type HostileServer,
  hugeList,
  sendJson,
  startHostileServer,
  trickle,
} from '../helpers/hostile-server.js';

const open: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function hostile(
  script: HostileScript,
  options: Partial<CreateClientOptions> = {},
): Promise<{ server: HostileServer; client: ApiClient }> {
  const server = await startHostileServer({ script });
  open.push(server);
  const client = createClient({
    baseUrl: server.url,
    auth: { refreshToken: 'rt' },
    retry: { sleep: async () => {}, random: () => 0 },
    ...options,
  });
  open.push(client);
  return { server, client };
}

const ordinary = (server: HostileServer) => server.seen.filter((r) => !r.path.startsWith('/v3/security'));
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );
const item = (n: number) => ({ id: n.toString(16).padStart(24, '0'), name: `d${n}` });

describe('endless paging', () => {
  it('fails, naming the list, when links.next keeps changing and the pages never empty', async () => {
    const { server, client } = await hostile(
      (req, { res }) => {
        const offset = Number(new URL(req.url, 'http://x').searchParams.get('offset') ?? 0);
        sendJson(res, 200, {
          result: [item(1)],
          links: { next: `/v3/domains?limit=1&offset=${offset + 1}` },
        });
        return true;
      },
      { limits: { maxPagesPerList: 50 } },
    );
    const error = await failureOf(client.listAll('/domains', { intent: 'read Domain list' }));
    expect(error).toBeInstanceOf(DpacApiError);
    expect((error as Error).message).toMatch(
      /^Could not read Domain list: GET \/v3\/domains: the list does not end: more than 50 pages/,
    );
    expect(ordinary(server)).toHaveLength(50);
  });

  it('fails when links.next leads back to a page already read (A → B → A)', async () => {
    const { server, client } = await hostile((req, { res }) => {
      const next = req.url.includes('offset=1')
        ? '/v3/domains?limit=1&offset=0'
        : '/v3/domains?limit=1&offset=1';
      sendJson(res, 200, { result: [item(1)], links: { next } });
      return true;
    });
    const error = await failureOf(client.listAll('/domains', { intent: 'read Domain list' }));
    expect((error as Error).message).toContain('links.next led back to a page already read');
    expect(ordinary(server).map((r) => r.url)).toEqual([
      '/v3/domains?limit=500',
      '/v3/domains?limit=1&offset=1',
      '/v3/domains?limit=1&offset=0',
    ]);
  });

  it('stops once total_count items were read, without the empty page', async () => {
    const { server, client } = await hostile((req, { res }) => {
      const offset = Number(new URL(req.url, 'http://x').searchParams.get('offset') ?? 0);
      const result = offset < 4 ? [item(offset), item(offset + 1)] : [item(99)];
      sendJson(res, 200, { result, total_count: 4, links: { next: `/v3/domains?offset=${offset + 2}` } });
      return true;
    });
    const items = await client.listAll('/domains');
    expect(items).toHaveLength(4);
    expect(ordinary(server)).toHaveLength(2);
  });

  it('pages on to the empty page when total_count is contradicted by the items read', async () => {
    const { client } = await hostile((req, { res }) => {
      const offset = Number(new URL(req.url, 'http://x').searchParams.get('offset') ?? 0);
      const result = offset < 6 ? [item(offset), item(offset + 1)] : [];
      // A count smaller than the first page says nothing true: it must not truncate the list.
      sendJson(res, 200, { result, total_count: 1, links: { next: `/v3/domains?offset=${offset + 2}` } });
      return true;
    });
    expect(await client.listAll('/domains')).toHaveLength(6);
  });
});

describe('slow and large bodies', () => {
  it('cuts a body that trickles past the whole-response deadline, and retries the GET', async () => {
    const { server, client } = await hostile(
      (_req, { res }) => {
        trickle(res, { result: [item(1)] }, 100);
        return true;
      },
      { timeouts: { readMs: 400, hedging: false } },
    );
    const error = await failureOf(client.get('/domains'));
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).failure).toBe('timeout');
    expect((error as Error).message).toContain('DPAC_RESPONSE_DEADLINE');
    expect(ordinary(server)).toHaveLength(8);
  });

  it('settles a write whose body trickles past the deadline as indeterminate, sent once', async () => {
    const { server, client } = await hostile(
      (_req, { res }) => {
        trickle(res, { result: { id: '0'.repeat(24) } }, 100);
        return true;
      },
      { timeouts: { writeMs: 400 } },
    );
    const error = await failureOf(client.request({ method: 'POST', path: '/domains', body: { name: 'd' } }));
    expect(error).toBeInstanceOf(IndeterminateWriteError);
    expect(ordinary(server)).toHaveLength(1);
  });

  it('fails clearly on a body past the size cap instead of holding it', async () => {
    const { server, client } = await hostile(
      (_req, { res }) => {
        hugeList(res, 8 * 1024 * 1024);
        return true;
      },
      { limits: { maxResponseBytes: 1024 * 1024 } },
    );
    const error = await failureOf(client.listAll('/domains', { intent: 'read Domain list' }));
    expect(error).toBeInstanceOf(TransportError);
    expect((error as Error).message).toBe(
      'Could not read Domain list: GET /v3/domains failed: the response was larger than the size cap (DPAC_MAX_RESPONSE_MB)',
    );
    expect(ordinary(server)).toHaveLength(1);
  });

  it('refuses a declared content-length past the cap before reading the body', async () => {
    const { client } = await hostile(
      (_req, { res }) => {
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': String(10 * 1024 * 1024),
        });
        res.write('{"result":[');
        return true;
      },
      { limits: { maxResponseBytes: 1024 * 1024 } },
    );
    const error = await failureOf(client.get('/domains'));
    expect((error as TransportError).failure).toBe('oversize');
  });
});

describe('hangs', () => {
  it('hedges a GET that outlives the hedge delay: the second answers, the first is dropped', async () => {
    let calls = 0;
    const { server, client } = await hostile(
      (_req, { res }) => {
        calls++;
        if (calls === 1) return true; // never answered
        sendJson(res, 200, { result: { id: 'second' } });
        return true;
      },
      { timeouts: { readMs: 10_000, hedgeFloorMs: 50 } },
    );
    const body = await client.get<{ result: { id: string } }>('/domains/x');
    expect(body.result.id).toBe('second');
    expect(ordinary(server)).toHaveLength(2);
    expect(client.stats().hedges).toBe(1);
  });

  it('never hedges a write: a hanging POST is sent once and cut by its deadline', async () => {
    const { server, client } = await hostile(() => true, { timeouts: { writeMs: 300, hedgeFloorMs: 10 } });
    const error = await failureOf(client.request({ method: 'POST', path: '/domains', body: { name: 'd' } }));
    expect(error).toBeInstanceOf(IndeterminateWriteError);
    expect(ordinary(server)).toHaveLength(1);
    expect(client.stats().hedges).toBe(0);
  });

  it('shortens the attempt deadline to the floor once it has seen a fast server', async () => {
    let calls = 0;
    const { client } = await hostile(
      (_req, { res }) => {
        calls++;
        if (calls <= 25) sendJson(res, 200, { result: { id: 'ok' } });
        return true; // from then on: a hang
      },
      { timeouts: { writeMs: 60_000, floorMs: 200 } },
    );
    for (let i = 0; i < 25; i++) await client.request({ method: 'PUT', path: '/domains/x', body: {} });
    // At the 60 s ceiling this would outlast the test's own timeout; at the 200 ms floor it does not.
    const error = await failureOf(client.request({ method: 'POST', path: '/domains', body: { name: 'd' } }));
    expect(error).toBeInstanceOf(IndeterminateWriteError);
    expect(client.stats().timeouts).toBe(1);
  });

  it('gives back the limiter slot of a hung write, so the next write does not wait for its deadline', async () => {
    const { client } = await hostile(
      (req, { res }) => {
        if (req.path === '/v3/domains/a') return true; // hangs, attempt after attempt
        sendJson(res, 200, { result: 'ok' });
        return true;
      },
      { concurrency: { writes: 1 }, timeouts: { writeMs: 20_000, floorMs: 1_000, hedgeFloorMs: 100 } },
    );
    for (let i = 0; i < 5; i++) await client.request({ method: 'PUT', path: '/domains/b', body: {} });
    const hung = failureOf(client.request({ method: 'PUT', path: '/domains/a', body: {} }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await client.request({ method: 'PUT', path: '/domains/b', body: {} });
    // The second write went through while the first was still in its first attempt.
    expect(client.stats().timeouts).toBe(0);
    expect(await hung).toBeInstanceOf(TransportError);
  });

  it('starts no attempt once the run-wide deadline has passed', async () => {
    const { server, client } = await hostile(() => true, {
      runTimeoutMs: 300,
      timeouts: { readMs: 10_000, hedging: false },
    });
    const error = await failureOf(client.get('/domains/x'));
    expect(error).toBeInstanceOf(TransportError);
    expect((error as Error).message).toContain('the run-wide deadline (DPAC_TIMEOUT) has passed');
    expect(ordinary(server)).toHaveLength(1);
  });
});
