// One test per row of the client's retry table (src/api/retry-policy.ts), against a real loopback server.

import { afterEach, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  ApiError,
  type CreateClientOptions,
  createClient,
  type HttpMethod,
  IndeterminateWriteError,
  TransportError,
} from '../../src/api/index.js';
import { type Answer, answers } from './helpers/answers.js';
import {
  freePort,
  recordingSleep,
  type ScriptedServer,
  startScriptedServer,
} from './helpers/scripted-server.js';

const open: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function setup(queue: Answer[], extra: Partial<CreateClientOptions> = {}) {
  const server = await startScriptedServer(answers(queue));
  open.push(server);
  const sleeper = recordingSleep();
  const client = createClient({
    baseUrl: server.url,
    auth: { refreshToken: 'test-refresh-token' },
    retry: { sleep: sleeper.sleep, random: () => 1 },
    timeouts: { readMs: 300, writeMs: 300, hedging: false },
    ...extra,
  });
  open.push(client);
  return { server, client, delays: sleeper.delays };
}

function call(client: ApiClient, method: HttpMethod) {
  return client.request({
    method,
    path: '/domains/d1',
    ...(method === 'GET' || method === 'DELETE' ? {} : { body: { name: 'd1' } }),
    intent: `${method.toLowerCase()} Domain/d1`,
  });
}

function countOf(server: ScriptedServer, method: string): number {
  return server.seen.filter((r) => r.method === method).length;
}

const METHODS: HttpMethod[] = ['GET', 'PUT', 'DELETE', 'PATCH', 'POST'];

describe('connect error before sending', () => {
  it.each(METHODS)('retries a %s whose connection was refused mid-run, and sends it once', async (method) => {
    const port = await freePort();
    const first = await startScriptedServer(answers([]), { port });
    let server: ScriptedServer | undefined;
    const sleeps: number[] = [];
    const client = createClient({
      baseUrl: `http://127.0.0.1:${port}/v3`,
      auth: { refreshToken: 'rt' },
      retry: {
        random: () => 1,
        // The server comes back during the first backoff: the first attempt was provably refused.
        sleep: async (ms) => {
          sleeps.push(ms);
          if (!server) {
            server = await startScriptedServer(answers([]), { port });
            open.push(server);
          }
        },
      },
    });
    open.push(client);
    // The run has had an answer, so a refused connection is a blip, not a wrong URL.
    await client.get('/domains');
    await first.close();
    // Let the client see its kept-alive socket close, so the next attempt is refused, not reset.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const response = await call(client, method);
    expect(response.status).toBe(200);
    expect(sleeps.length).toBeGreaterThan(0);
    expect(countOf(server!, method)).toBe(1);
  });

  /** A client of a loopback port, recording its backoff sleeps. */
  function refusedClient(port: number) {
    const sleeper = recordingSleep();
    const client = createClient({
      baseUrl: `http://127.0.0.1:${port}/v3`,
      auth: { refreshToken: 'rt' },
      retry: { sleep: sleeper.sleep, random: () => 1 },
    });
    open.push(client);
    return { client, sleeper };
  }

  it('fails a refused first request at once, naming the host', async () => {
    const port = await freePort();
    const { client, sleeper } = refusedClient(port);
    const error = await client.get('/domains').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).failure).toBe('connect');
    expect((error as TransportError).attempts).toBe(1);
    expect((error as TransportError).message).toContain(`could not connect to 127.0.0.1:${port}`);
    expect(sleeper.delays).toEqual([]);
  });

  it('gives up on a GET after 8 refused attempts once the run has had an answer', async () => {
    const port = await freePort();
    const first = await startScriptedServer(answers([]), { port });
    const { client, sleeper } = refusedClient(port);
    await client.get('/domains');
    await first.close();
    const error = await client.get('/domains').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).failure).toBe('connect');
    expect((error as TransportError).attempts).toBe(8);
    expect(sleeper.delays).toEqual([500, 1000, 2000, 4000, 8000, 16000, 20000]);
  });
});

describe('401 / 406 on an ordinary call', () => {
  it.each(METHODS.flatMap((m) => [401, 406].map((s) => [m, s] as const)))(
    're-mints once and replays a %s answered %i',
    async (method, status) => {
      const { server, client } = await setup([status]);
      const response = await call(client, method);
      expect(response.status).toBe(200);
      expect(server.mints()).toBe(2);
      expect(countOf(server, method)).toBe(2);
      expect(client.stats().remints).toBe(1);
    },
  );

  it('fails when the replay is rejected again, without a third token', async () => {
    const { server, client } = await setup([406, 406, 200]);
    const error = await call(client, 'PATCH').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(406);
    expect(server.mints()).toBe(2);
    expect(countOf(server, 'PATCH')).toBe(2);
  });
});

describe('429 / 503', () => {
  it.each(METHODS)('retries a %s, honouring Retry-After', async (method) => {
    const { server, client, delays } = await setup([[429, { 'retry-after': '7' }], 503]);
    const response = await call(client, method);
    expect(response.status).toBe(200);
    expect(delays).toEqual([7000, 1000]);
    expect(countOf(server, method)).toBe(3);
  });

  it('caps Retry-After at 60 s', async () => {
    const { client, delays } = await setup([[503, { 'retry-after': '3600' }]]);
    await client.get('/domains');
    expect(delays).toEqual([60_000]);
  });
});

describe('other 5xx (not 501)', () => {
  it('retries a GET with full-jitter backoff', async () => {
    const { client, delays } = await setup([500, 502, 504]);
    await client.get('/domains');
    expect(delays).toEqual([500, 1000, 2000]);
  });

  it('draws backoff delays between 0 and the ceiling', async () => {
    const { client, delays } = await setup([500, 500], {
      retry: { random: () => 0.5, sleep: async (ms) => void delays.push(ms) },
    });
    await client.get('/domains');
    expect(delays).toEqual([250, 500]);
  });

  it('retries a PUT', async () => {
    const { server, client } = await setup([500]);
    await call(client, 'PUT');
    expect(countOf(server, 'PUT')).toBe(2);
  });

  it('treats a DELETE answered 404 after a retry as done', async () => {
    const { client } = await setup([500, 404]);
    const response = await call(client, 'DELETE');
    expect(response.alreadyGone).toBe(true);
    expect(client.stats().deletesAlreadyGone).toBe(1);
  });

  it('fails an undocumented DELETE answered 404 (the operation may not exist), and a 405, without retrying', async () => {
    for (const status of [404, 405]) {
      const { server, client } = await setup([status]);
      const error = await client
        .request({ method: 'DELETE', path: '/domains/d1', undocumented: true })
        .catch((e: unknown) => e);
      expect((error as ApiError).status).toBe(status);
      expect(countOf(server, 'DELETE')).toBe(1);
      expect(client.stats().deletesAlreadyGone).toBe(0);
    }
  });

  it.each(['PATCH', 'POST'] as const)('never re-sends a %s: it is indeterminate', async (method) => {
    const { server, client } = await setup([502]);
    const error = await call(client, method).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IndeterminateWriteError);
    const indeterminate = error as IndeterminateWriteError;
    expect(indeterminate).toMatchObject({ method, path: '/v3/domains/d1', body: { name: 'd1' } });
    expect(indeterminate.intent).toBe(`${method.toLowerCase()} Domain/d1`);
    expect((indeterminate.cause as ApiError).status).toBe(502);
    expect(countOf(server, method)).toBe(1);
  });

  it('gives up on a GET after 8 attempts and a PUT after 4', async () => {
    const get = await setup([500, 500, 500, 500, 500, 500, 500, 500, 500]);
    await expect(get.client.get('/domains')).rejects.toMatchObject({ status: 500 });
    expect(countOf(get.server, 'GET')).toBe(8);
    const put = await setup([503, 503, 503, 503, 503]);
    await expect(call(put.client, 'PUT')).rejects.toMatchObject({ status: 503 });
    expect(countOf(put.server, 'PUT')).toBe(4);
  });
});

describe('reset or timeout after the request was sent', () => {
  it('retries a GET after a reset and a timeout', async () => {
    const { server, client } = await setup(['reset', 'hang']);
    await client.get('/domains');
    expect(countOf(server, 'GET')).toBe(3);
  });

  it.each([
    ['PUT', 'hang'],
    ['DELETE', 'reset'],
  ] as const)('retries a %s after a %s', async (method, fault) => {
    const { server, client } = await setup([fault]);
    const response = await call(client, method);
    expect(response.status).toBe(200);
    expect(countOf(server, method)).toBe(2);
  });

  it.each([
    ['POST', 'reset'],
    ['POST', 'hang'],
    ['PATCH', 'reset'],
    ['PATCH', 'hang'],
  ] as const)('sends a %s exactly once after a %s and reports it indeterminate', async (method, fault) => {
    const { server, client } = await setup([fault]);
    const error = await call(client, method).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IndeterminateWriteError);
    expect((error as IndeterminateWriteError).cause).toBeInstanceOf(TransportError);
    expect(countOf(server, method)).toBe(1);
    expect(client.stats().retries).toBe(0);
  });
});

describe('client errors', () => {
  it.each(
    [400, 403, 404, 405, 409, 422, 501].flatMap((status) =>
      (['GET', 'PUT', 'PATCH', 'POST'] as const).map((method) => [method, status] as const),
    ),
  )('fails a %s answered %i at once', async (method, status) => {
    const { server, client, delays } = await setup([status]);
    const error = await call(client, method).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, method, path: '/v3/domains/d1' });
    expect(delays).toEqual([]);
    expect(countOf(server, method)).toBe(1);
  });

  it('treats a DELETE answered 404 as done and fails a DELETE answered 409', async () => {
    const gone = await setup([404]);
    expect((await call(gone.client, 'DELETE')).alreadyGone).toBe(true);
    const conflict = await setup([409]);
    await expect(call(conflict.client, 'DELETE')).rejects.toMatchObject({ status: 409 });
  });

  it('states intent, method, path, status, iw_code and details in the message', async () => {
    const { client } = await setup([400]);
    const error = await client
      .request({ method: 'PATCH', path: 'sources/66cd', body: {}, intent: 'update Source/sales_db' })
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'Could not update Source/sales_db: PATCH /v3/sources/66cd returned 400 IW10006: scripted 400',
    );
  });
});

describe('retry budget', () => {
  it('stops retrying when the budget is spent and surfaces the error', async () => {
    const { server, client } = await setup([500, 500, 500, 500, 500], {
      retry: { budget: 5, sleep: async () => {} },
    });
    await expect(client.get('/domains')).rejects.toMatchObject({ status: 500 });
    // 5 → 3 → 1: the third retry cannot be paid for.
    expect(countOf(server, 'GET')).toBe(3);
    expect(client.stats().retryBudgetLeft).toBe(1);
  });

  it('charges a timeout more than an ordinary failure', async () => {
    const { server, client } = await setup(['hang', 'hang', 'hang'], {
      retry: { budget: 7, sleep: async () => {} },
    });
    await expect(client.get('/domains')).rejects.toBeInstanceOf(TransportError);
    expect(countOf(server, 'GET')).toBe(2);
  });

  it('earns one token per first-try success, up to the start value', async () => {
    const { client } = await setup([500], { retry: { budget: 10, sleep: async () => {} } });
    await client.get('/domains');
    expect(client.stats().retryBudgetLeft).toBe(8);
    await client.get('/domains');
    expect(client.stats().retryBudgetLeft).toBe(9);
    for (let i = 0; i < 5; i++) await client.get('/domains');
    expect(client.stats().retryBudgetLeft).toBe(10);
  });
});

describe('cancellation', () => {
  it('cancels a hanging call when the signal aborts', async () => {
    const controller = new AbortController();
    const { client } = await setup(['hang'], {
      signal: controller.signal,
      timeouts: { readMs: 30_000 },
    });
    const pending = client.get('/domains').catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 50);
    const error = await pending;
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).failure).toBe('aborted');
  });
});

describe('concurrency', () => {
  it('halves the read limit after repeated 429s', async () => {
    const { client } = await setup([429, 429, 429]);
    expect(client.stats().concurrency).toEqual({ reads: 16, writes: 4, peakReads: 16 });
    await client.get('/domains');
    expect(client.stats().concurrency).toEqual({ reads: 8, writes: 4, peakReads: 16 });
  });
});

describe('stats', () => {
  it('counts requests, retries and writes by method', async () => {
    const { client } = await setup([500]);
    await client.get('/domains');
    await call(client, 'POST');
    await call(client, 'DELETE');
    const stats = client.stats();
    expect(stats.byMethod).toEqual({ GET: 3, POST: 1, DELETE: 1 });
    expect(stats.retries).toBe(1);
    expect(stats.writes).toBe(2);
    expect(stats.requests).toBe(5);
  });
});
