// Reads in flight follow latency: more against a distant but healthy server, never more against one
// that queues. Real client, real HTTP on loopback; the servers count what is in flight.

import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiClient, type CreateClientOptions, createClient } from '../../src/api/index.js';
import { json, type ScriptedServer, startScriptedServer } from './helpers/scripted-server.js';

const open: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

interface Counted {
  server: ScriptedServer;
  client: ApiClient;
  /** The most reads the server held at once. */
  peak: () => number;
}

/** A server that answers each read after `answer(done)` calls back, counting reads in flight. */
async function counted(
  answer: (done: () => void) => void,
  options: Partial<CreateClientOptions> = {},
): Promise<Counted> {
  let inFlight = 0;
  let peak = 0;
  const server = await startScriptedServer((_req, res: ServerResponse) => {
    inFlight++;
    peak = Math.max(peak, inFlight);
    answer(() => {
      inFlight--;
      json(res, 200, { message: 'ok', result: { id: 'x' } });
    });
  });
  open.push(server);
  const client = createClient({ baseUrl: server.url, auth: { refreshToken: 'rt' }, ...options });
  open.push(client);
  return { server, client, peak: () => peak };
}

const readAll = (client: ApiClient, count: number) =>
  Promise.all(Array.from({ length: count }, (_, i) => client.get(`/things/${i}`)));

describe('read concurrency', () => {
  it('grows from 16 to its ceiling of 64 reads in flight against a server that answers in 50 ms', async () => {
    const { client, peak } = await counted((done) => setTimeout(done, 50));
    await readAll(client, 1_000);
    expect(peak()).toBe(64);
    expect(client.stats().concurrency.peakReads).toBe(64);
  });

  it('stays at 16 against a server that answers one read at a time, as its answers slow with the queue', async () => {
    const queue: Array<() => void> = [];
    let busy = false;
    const next = (): void => {
      const done = queue.shift();
      if (!done) {
        busy = false;
        return;
      }
      busy = true;
      setTimeout(() => {
        done();
        next();
      }, 3);
    };
    const { client, peak } = await counted((done) => {
      queue.push(done);
      if (!busy) next();
    });
    await readAll(client, 300);
    expect(peak()).toBe(16);
    expect(client.stats().concurrency.peakReads).toBe(16);
  });

  it('keeps a read limit given by the caller fixed', async () => {
    const { client, peak } = await counted((done) => setTimeout(done, 50), { concurrency: { reads: 8 } });
    await readAll(client, 200);
    expect(peak()).toBe(8);
    expect(client.stats().concurrency.peakReads).toBe(8);
  });
});
