// The client against a hostile server: endless paging, trickled and oversized bodies, hangs.

import { afterEach, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  ApiError,
  type CreateClientOptions,
  createClient,
  DpacApiError,
  IndeterminateWriteError,
  ReadLimitError,
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

  it('follows links.next past a total_count smaller than the list: never a silent cut', async () => {
    const { server, client } = await hostile((req, { res }) => {
      const offset = Number(new URL(req.url, 'http://x').searchParams.get('offset') ?? 0);
      const result = offset < 6 ? [item(offset), item(offset + 1)] : [];
      // The count says 4; links.next still offers pages 3 and 4: the items there are read too.
      sendJson(res, 200, { result, total_count: 4, links: { next: `/v3/domains?offset=${offset + 2}` } });
      return true;
    });
    expect(await client.listAll('/domains')).toHaveLength(6);
    expect(ordinary(server)).toHaveLength(4);
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

  it('follows links.next after a short page while total_count says more items follow', async () => {
    const { server, client } = await hostile((req, { res }) => {
      const offset = Number(new URL(req.url, 'http://x').searchParams.get('offset') ?? 0);
      // Pages of 2 under an echoed limit of 500: short, yet the count says 5.
      const result = offset < 5 ? [item(offset), item(offset + 1)].slice(0, 5 - offset) : [];
      sendJson(res, 200, {
        result,
        limit: 500,
        total_count: 5,
        links: { next: `/v3/domains?offset=${offset + 2}` },
      });
      return true;
    });
    expect(await client.listAll('/domains')).toHaveLength(5);
    expect(ordinary(server)).toHaveLength(3);
  });

  it('fails, naming the list, when it ends short of the total_count it announced', async () => {
    const { client } = await hostile((req, { res }) => {
      const offset = Number(new URL(req.url, 'http://x').searchParams.get('offset') ?? 0);
      const result = offset < 4 ? [item(offset), item(offset + 1)] : [];
      sendJson(res, 200, { result, total_count: 10, links: { next: `/v3/domains?offset=${offset + 2}` } });
      return true;
    });
    const error = await failureOf(client.listAll('/domains', { intent: 'read Domain list' }));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe(
      'Could not read Domain list: GET /v3/domains returned 200: the list ended after 4 items, but the platform announced total_count 10: items may be missing (the list may have changed while it was read); run again',
    );
  });
});

describe('read limits', () => {
  /** Full pages of `size` items of about 1 KB each, links.next forever. */
  const endlessPages =
    (size: number): HostileScript =>
    (req, { res }) => {
      const offset = Number(new URL(req.url, 'http://x').searchParams.get('offset') ?? 0);
      const result = Array.from({ length: size }, (_, i) => ({ ...item(offset + i), pad: 'x'.repeat(1000) }));
      sendJson(res, 200, { result, links: { next: `/v3/domains?offset=${offset + size}` } });
      return true;
    };

  it('stops an endless list at the items one list may hold, naming the list and the setting', async () => {
    const { server, client } = await hostile(endlessPages(100), { limits: { maxListItems: 1_000 } });
    const error = await failureOf(client.listAll('/domains', { intent: 'read Domain list' }));
    expect(error).toBeInstanceOf(ReadLimitError);
    expect((error as Error).message).toBe(
      'Could not read Domain list: GET /v3/domains: stopped reading: the list holds more than 1,000 items (DPAC_MAX_LIST_ITEMS; raise it if the list is really that long); stopped after 11 pages',
    );
    expect(ordinary(server)).toHaveLength(11);
  });

  it('stops a list past a quarter of the bytes the run may read', async () => {
    const { client } = await hostile(endlessPages(100), { limits: { maxReadBytes: 1024 * 1024 } });
    const error = await failureOf(client.listAll('/domains', { intent: 'read Domain list' }));
    expect((error as Error).message).toMatch(
      /^Could not read Domain list: GET \/v3\/domains: stopped reading: the list is larger than 0\.3 MiB \(a quarter of DPAC_MAX_READ_MB\); stopped after 3 pages$/,
    );
  });

  it("stops at the run's bytes across reads, and at ten lists' worth of items", async () => {
    const { client } = await hostile(
      (req, { res }) => {
        if (req.path === '/v3/domains/big') sendJson(res, 200, { result: { pad: 'x'.repeat(400 * 1024) } });
        else sendJson(res, 200, { result: Array.from({ length: 60 }, (_, i) => item(i)) });
        return true;
      },
      { limits: { maxReadBytes: 1024 * 1024, maxListItems: 100 } },
    );
    await client.get('/domains/big');
    await client.get('/domains/big');
    const error = await failureOf(client.get('/domains/big', undefined, 'read a big document'));
    expect((error as Error).message).toBe(
      'Could not read a big document: GET /v3/domains/big: stopped reading: the run has read more than 1 MiB from the platform (DPAC_MAX_READ_MB)',
    );
    const { client: lists } = await hostile(
      (_req, { res }) => {
        sendJson(res, 200, { result: Array.from({ length: 60 }, (_, i) => item(i)), limit: 500 });
        return true;
      },
      { limits: { maxListItems: 100 } },
    );
    for (let i = 0; i < 16; i++) await lists.listAll(`/domains/${i}/x`);
    const runOut = await failureOf(lists.listAll('/domains/last/x', { intent: 'read the last list' }));
    expect((runOut as Error).message).toContain(
      "stopped reading: the run's lists hold more than 1,000 items together (10 × DPAC_MAX_LIST_ITEMS)",
    );
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

describe('the request deadline, across all attempts', () => {
  it('fails a GET whose body drips at the request deadline, saying so, before its attempts run out', async () => {
    const { server, client } = await hostile(
      (_req, { res }) => {
        trickle(res, { result: [item(1)] }, 100);
        return true;
      },
      { timeouts: { readMs: 400, hedging: false }, requestTimeoutMs: 1_000 },
    );
    const error = await failureOf(client.get('/domains', undefined, 'read the domains'));
    expect(error).toBeInstanceOf(TransportError);
    expect((error as Error).message).toMatch(
      /^Could not read the domains: GET \/v3\/domains failed: no response in time \(DPAC_RESPONSE_DEADLINE\) after \d attempts; gave up at the request deadline, 1 s across all attempts \(DPAC_REQUEST_TIMEOUT\)$/,
    );
    // Eight attempts of 400 ms would not fit in 1 s.
    expect(ordinary(server).length).toBeLessThan(8);
  });

  it('bounds the token call the same way: a token endpoint that never answers', async () => {
    const server = await startHostileServer({ script: () => true, scriptSecurity: true });
    open.push(server);
    const client = createClient({
      baseUrl: server.url,
      auth: { refreshToken: 'rt' },
      retry: { sleep: async () => {}, random: () => 0 },
      timeouts: { readMs: 300 },
      requestTimeoutMs: 800,
    });
    open.push(client);
    const error = await failureOf(client.get('/domains'));
    expect((error as Error).message).toMatch(
      /^Could not get an access token with DPAC_REFRESH_TOKEN: GET \/v3\/security\/token\/access failed: no response in time .*; gave up at the request deadline, 0\.8 s across all attempts \(DPAC_REQUEST_TIMEOUT\)$/,
    );
    expect(server.seen.length).toBeLessThan(8);
  });
});

describe('what a read answers', () => {
  it('fails a read answered 200 with an HTML page, naming it, and does not retry it', async () => {
    const { server, client } = await hostile((_req, { res }) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!DOCTYPE html><html><body><form action="/login">Sign in</form></body></html>');
      return true;
    });
    const error = await failureOf(
      client.get(
        '/sources/0123456789abcdef01234567/configurations/connection',
        undefined,
        'read a connection',
      ),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe(
      "Could not read a connection: GET /v3/sources/0123456789abcdef01234567/configurations/connection returned 200: not the JSON the v3 API answers, but an HTML page (a proxy's login?)",
    );
    expect(ordinary(server)).toHaveLength(1);
  });

  it('fails a list answered with an empty body, text, or JSON that is not the envelope', async () => {
    const answers: Array<[string, (res: import('node:http').ServerResponse) => void]> = [
      ['an empty body', (res) => res.writeHead(200).end()],
      [
        'text that is not JSON (text/plain): "upstream connect error"',
        (res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('upstream connect error'),
      ],
      ['a JSON array', (res) => sendJson(res, 200, [1, 2])],
    ];
    for (const [said, answer] of answers) {
      const { client } = await hostile((_req, { res }) => {
        answer(res);
        return true;
      });
      const error = await failureOf(client.listAll('/domains', { intent: 'read Domain list' }));
      expect((error as Error).message).toBe(
        `Could not read Domain list: GET /v3/domains returned 200: not the JSON the v3 API answers, but ${said}`,
      );
    }
    const { client } = await hostile((_req, { res }) => {
      sendJson(res, 200, { message: 'ok', data: {} });
      return true;
    });
    expect(((await failureOf(client.get('/domains/x'))) as Error).message).toBe(
      'GET /v3/domains/x returned 200: not the v3 API\'s envelope: JSON without "result" (keys "message", "data")',
    );
  });

  it('says a redirect is not followed, and where it points, without the credentials it carries', async () => {
    const { client } = await hostile((_req, { res }) => {
      res.writeHead(302, { location: 'https://user:hunter2@sso.example.com/login?token=abc&next=/v3' });
      res.end();
      return true;
    });
    const error = await failureOf(client.get('/domains', undefined, 'read the domains'));
    const message = (error as Error).message;
    expect(message).toBe(
      "Could not read the domains: GET /v3/domains returned 302; dpac does not follow redirects: it points to https://sso.example.com/login?… (a proxy's login page, or should DPAC_URL be that address?)",
    );
    expect(message).not.toMatch(/hunter2|user:|token=abc/);
  });
});
