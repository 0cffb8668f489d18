// Point 5 of issue 12: a wrong URL fails fast and says what to fix; a blip mid-run is still retried.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { startEmulator } from '../../src/emulator/server.js';
import { type E2e, REFRESH_TOKEN, startE2e } from '../helpers/e2e.js';

/** A loopback port nothing listens on (bound, read, closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('connection failures', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ seed: 'demo' });
    await e2e.write('domain.yaml', 'apiVersion: dpac/v1\nkind: Domain\nmetadata: {name: sales}\nspec: {}\n');
  });
  afterAll(() => e2e.close());

  it('a refused connection on the first request fails at once, naming the host and the cause', async () => {
    const port = await closedPort();
    const started = Date.now();
    const run = await e2e.dpac(['plan'], { env: { DPAC_URL: `http://127.0.0.1:${port}/v3` } });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`could not connect to 127.0.0.1:${port}: the connection was refused`);
    expect(run.stderr).toContain('(ECONNREFUSED)');
    expect(run.stderr).toContain('not retried');
    expect(run.stderr).not.toMatch(/after \d+ attempts/);
    expect(run.stderr).not.toContain('    at ');
  });

  it('a host name that does not resolve fails at once', async () => {
    const started = Date.now();
    const run = await e2e.dpac(['plan'], { env: { DPAC_URL: 'https://dpac-no-such-host.invalid/v3' } });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('could not connect to dpac-no-such-host.invalid');
    expect(run.stderr).toMatch(/ENOTFOUND|EAI_AGAIN/);
    expect(run.stderr).not.toMatch(/after [2-9] attempts/);
  });

  it('a 404 on the first call of a URL without /v3 suggests the /v3 URL', async () => {
    const bare = e2e.emulator.url.replace(/\/v3$/, '');
    const run = await e2e.dpac(['plan'], { env: { DPAC_URL: bare } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('returned 404');
    expect(run.stderr).toContain(`did you mean ${bare}/v3?`);
  });

  it('once the server has answered, a refused connection is retried as a blip', async () => {
    const emulator = await startEmulator({ port: 0, quiet: true });
    const log: string[] = [];
    const client = createClient({
      baseUrl: emulator.url,
      auth: { refreshToken: REFRESH_TOKEN },
      retry: { baseDelayMs: 1, maxDelayMs: 5 },
      log: (line) => log.push(line),
    });
    await client.get('/admin/domains');
    await emulator.close();
    try {
      await expect(client.get('/admin/domains')).rejects.toThrow(/after 8 attempts/);
      expect(log.filter((l) => l.includes('ECONNREFUSED')).length).toBeGreaterThan(1);
    } finally {
      await client.close();
    }
  });
});
