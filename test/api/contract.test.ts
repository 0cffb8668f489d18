// Contract: the client against the emulator on a real loopback port — logins, paging, expiry, logout, faults.

import { Agent, type Dispatcher } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { type CreateClientOptions, createClient, IndeterminateWriteError } from '../../src/api/index.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/server.js';

const open: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function emulator(options: Parameters<typeof startEmulator>[0] = {}): Promise<RunningEmulator> {
  const emu = await startEmulator({ port: 0, quiet: true, ...options });
  open.push(emu);
  return emu;
}

function client(emu: RunningEmulator, extra: Partial<CreateClientOptions> = {}) {
  const c = createClient({
    baseUrl: emu.url,
    auth: { refreshToken: emu.adminRefreshToken },
    retry: { baseDelayMs: 1, maxDelayMs: 20 },
    ...extra,
  });
  open.push(c);
  return c;
}

/** A dispatcher that remembers the Authorization headers it carried, to test the token after logout. */
function recordingDispatcher(): { dispatcher: Dispatcher; authorizations: string[] } {
  const authorizations: string[] = [];
  const agent = new Agent();
  open.push(agent);
  const dispatcher = agent.compose((dispatch) => (opts, handler) => {
    const headers = (opts.headers ?? {}) as Record<string, string>;
    if (headers.authorization) authorizations.push(headers.authorization);
    return dispatch(opts, handler);
  });
  return { dispatcher, authorizations };
}

async function createDomains(c: ReturnType<typeof client>, count: number): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      await c.request({
        method: 'POST',
        path: '/domains',
        body: { name: `dom_${i}` },
        intent: `create Domain/dom_${i}`,
      });
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

describe('contract with the emulator', () => {
  it.each(['legacy', 'current'] as const)('logs in both ways on the %s revision', async (revision) => {
    const emu = await emulator({ revision });
    const byToken = client(emu);
    const byPassword = client(emu, { auth: { username: emu.adminEmail, password: emu.adminPassword } });
    for (const c of [byToken, byPassword]) {
      expect(await c.listAll('/domains')).toEqual([]);
      expect(c.stats().mints).toBe(1);
    }
  });

  it('pages a list of 2,500 domains created through the API', async () => {
    const emu = await emulator();
    const c = client(emu, { concurrency: { writes: 16 } });
    await createDomains(c, 2500);
    const items = await c.listAll('/domains', { pageSize: 500 });
    expect(items).toHaveLength(2500);
    expect(new Set(items.map((d) => d.name)).size).toBe(2500);
    const filtered = await c.listAll('/domains', { filter: { name: { $in: ['dom_7', 'dom_2499'] } } });
    expect(filtered.map((d) => d.name).sort()).toEqual(['dom_2499', 'dom_7']);
  }, 60_000);

  it('survives 2 s tokens during a 5 s read loop with no failed call', async () => {
    const emu = await emulator({ tokenTtlSeconds: 2 });
    const c = client(emu);
    const until = Date.now() + 5_000;
    let calls = 0;
    while (Date.now() < until) {
      await c.get('/domains');
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(calls).toBeGreaterThan(0);
    expect(c.stats().remints).toBeGreaterThanOrEqual(2);
  }, 20_000);

  it('invalidates its token at close', async () => {
    const emu = await emulator();
    const { dispatcher, authorizations } = recordingDispatcher();
    const c = createClient({ baseUrl: emu.url, auth: { refreshToken: emu.adminRefreshToken }, dispatcher });
    await c.get('/domains');
    const bearer = authorizations.find((a) => a.startsWith('Bearer '));
    expect(bearer).toBeDefined();
    await c.close();
    const probe = async (path: string) => {
      const res = await fetch(`${emu.url}${path}`, { headers: { authorization: bearer! } });
      return { status: res.status, body: (await res.json()) as { result?: { is_valid?: boolean } } };
    };
    expect((await probe('/security/token/validate')).body.result?.is_valid).toBe(false);
    expect([401, 406]).toContain((await probe('/domains')).status);
  });

  it('reads the same 10,000 items with 20% of GETs failing as without faults', async () => {
    const emu = await emulator();
    for (let i = 0; i < 10_000; i++) {
      emu.store.insert('domains', {
        name: `bulk_${i}`,
        description: '',
        environment_ids: [],
        users: [],
        secrets: [],
      });
    }
    const c = client(emu);
    const clean = await c.listAll('/domains', { pageSize: 500 });
    expect(clean).toHaveLength(10_000);
    emu.setFaults('5xx=0.2@GET,seed=3');
    const faulty = await c.listAll('/domains', { pageSize: 500 });
    expect(c.stats().retries).toBeGreaterThan(0);
    expect(faulty.map((d) => d.id)).toEqual(clean.map((d) => d.id));
  }, 60_000);

  it('never re-sends a POST that failed after the emulator committed it', async () => {
    const emu = await emulator();
    const c = client(emu);
    emu.setFaults('5xx=1@POST,seed=1');
    const error = await c
      .request({ method: 'POST', path: '/domains', body: { name: 'once' }, intent: 'create Domain/once' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IndeterminateWriteError);
    expect(c.stats().byMethod.POST).toBe(1);
    emu.setFaults('');
    const found = await c.listAll('/domains', { filter: { name: 'once' } });
    expect(found.length).toBe(emu.journal().filter((e) => e.method === 'POST').length);
  });
});
