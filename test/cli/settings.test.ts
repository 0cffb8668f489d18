// Each setting has one resolution. Parallelism: `--parallelism` beats dpac.yaml's `parallelism`, which beats 4; both
// are checked by one schema; `apply --plan` honours it; and it is the client's write limit too, so
// the number of writes in flight on the wire is exactly the setting (not capped at 4 below it).
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type Connection, type ConnectOptions, connect } from '../../src/library.js';
import { defaultProject } from '../../src/manifest/project-config.js';
import { type E2e, startE2e } from '../helpers/e2e.js';
import { generatePlatform, writePlatform } from '../reliability/generate-platform.js';

const PROJECT = 'apiVersion: dpac/v1\nkind: Project\n';

describe('connect settings', () => {
  const project = {
    ...defaultProject(),
    parallelism: 7,
    ownership_tag: 'team:a',
    targets: { staging: { url: 'https://staging.example/v3', variables: {}, names: {} } },
  };
  const env = {
    DPAC_URL: 'https://env.example/v3',
    DPAC_REFRESH_TOKEN: 'generic',
    DPAC_STAGING_REFRESH_TOKEN: 'staging-own',
  };
  const opened: Connection[] = [];
  const open = (options: ConnectOptions) => {
    const connection = connect({ env, project, ...options });
    opened.push(connection);
    return connection;
  };
  afterEach(async () => {
    for (const c of opened.splice(0)) await c.client.close();
  });

  it('takes the flag, then dpac.yaml, then the default', () => {
    expect(open({ parallelism: 3 }).parallelism).toBe(3);
    expect(open({}).parallelism).toBe(7);
    expect(open({ project: defaultProject() }).parallelism).toBe(4);
  });

  it('takes --url, then the chosen target, then DPAC_URL', () => {
    expect(open({ url: 'https://env.example/v3/', target: 'staging' }).url).toBe('https://env.example/v3/');
    expect(open({ target: 'staging' }).url).toBe('https://staging.example/v3');
    expect(open({}).url).toBe('https://env.example/v3');
    expect(() => connect({ project, env: { DPAC_REFRESH_TOKEN: 'x' } })).toThrow(/No API URL/);
  });

  it("takes dpac.yaml's ownership tag", () => {
    expect(open({}).ownershipTag).toBe('team:a');
  });

  it('refuses a target dpac.yaml does not define, with a suggestion', () => {
    expect(() => connect({ project, env, target: 'stagign' })).toThrow(
      'Target stagign is not defined in dpac.yaml. Did you mean staging?',
    );
  });
});

describe('an unknown --target', () => {
  let e2e: E2e;
  afterEach(() => e2e.close());

  it('is refused by commands that read only dpac.yaml, as by those that load manifests', async () => {
    e2e = await startE2e();
    await e2e.write('dpac.yaml', `${PROJECT}targets:\n  staging:\n    url: http://127.0.0.1:1/v3\n`);
    const seq = e2e.lastSeq();
    for (const args of [
      ['export', '--out', 'x', '--target', 'stagign'],
      ['plan', '--target', 'stagign'],
    ]) {
      const run = await e2e.dpac(args);
      expect(run.code, args[0]).toBe(1);
      expect(run.stderr).toContain('Target stagign is not defined in dpac.yaml. Did you mean staging?');
    }
    expect(e2e.writesSince(seq)).toEqual([]);
  });
});

describe('a parallelism out of range', () => {
  let e2e: E2e;
  afterEach(() => e2e.close());

  it('is a usage error as a flag and a located error in dpac.yaml, with the same bounds', async () => {
    e2e = await startE2e();
    await e2e.write('dpac.yaml', PROJECT);
    for (const value of ['0', '65', 'four', '2.5', '']) {
      const run = await e2e.dpac(['apply', '--auto-approve', '--parallelism', value]);
      expect(run.code, value).toBe(1);
      expect(run.stderr).toContain(`argument '${value}' is invalid. expected a whole number from 1 to 64.`);
    }
    await e2e.write('dpac.yaml', `${PROJECT}parallelism: 65\n`);
    const yaml = await e2e.dpac(['validate']);
    expect(yaml.code).toBe(1);
    expect(yaml.stdout).toMatch(/dpac\.yaml:3:\d+ error: .*64/);
  });
});

/** A loopback proxy in front of the emulator that records the most writes it saw in flight at once. */
async function writeCounter(target: string) {
  let inFlight = 0;
  let most = 0;
  const server = http.createServer((req, res) => {
    const isWrite = req.method !== 'GET';
    if (isWrite) most = Math.max(most, ++inFlight);
    const upstream = http.request(
      new URL(req.url ?? '/', target),
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', () => {
          if (isWrite) inFlight--;
        });
      },
    );
    req.pipe(upstream);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v3`,
    mostWrites: () => most,
    reset: () => {
      most = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('writes in flight during apply', () => {
  let e2e: E2e;
  let proxy: Awaited<ReturnType<typeof writeCounter>>;
  afterEach(async () => {
    await proxy.close();
    await e2e.close();
  });

  // Twelve independent domains: after the environment exists, more creates are ready than any
  // setting below lets run, and latency keeps each one on the wire long enough to overlap.
  async function platform(projectExtra: string) {
    e2e = await startE2e({ latencyMs: 25 });
    proxy = await writeCounter(e2e.emulator.url);
    const generated = generatePlatform({ sources: 0, domains: 12, users: 0 });
    const folder = await writePlatform(e2e.write, generated);
    await e2e.write(`${folder}/dpac.yaml`, `${PROJECT}${projectExtra}`);
    return { folder, env: { ...generated.env, DPAC_URL: proxy.url } };
  }

  it('applies a saved plan with dpac.yaml parallelism', async () => {
    const { folder, env } = await platform('parallelism: 2\n');
    expect((await e2e.dpac(['plan', folder, '--out', 'p.json'], { env })).code).toBe(0);
    await e2e.write('dpac.yaml', `${PROJECT}parallelism: 2\n`);
    proxy.reset();
    const applied = await e2e.dpac(['apply', '--plan', 'p.json'], { env });
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    expect(proxy.mostWrites()).toBe(2);
  });

  it('sends as many writes at once as --parallelism says, past the client default of 4', async () => {
    const { folder, env } = await platform('parallelism: 2\n');
    expect((await e2e.dpac(['plan', folder, '--out', 'p.json'], { env })).code).toBe(0);
    proxy.reset();
    const applied = await e2e.dpac(['apply', '--plan', 'p.json', '--parallelism', '6'], { env });
    expect(applied.code).toBe(0);
    expect(proxy.mostWrites()).toBe(6);
    expect((await e2e.dpac(['plan', folder, '--detailed-exitcode'], { env })).code).toBe(0);
  });

  it('sends at most 4 writes at once by default', async () => {
    const { folder, env } = await platform('');
    const applied = await e2e.dpac(['apply', folder, '--auto-approve'], { env });
    expect(applied.code).toBe(0);
    expect(proxy.mostWrites()).toBe(4);
  });
});
