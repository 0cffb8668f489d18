// The emulator holds every request to the references (src/emulator/contract): an operation none
// documents is 405 unless it is told to serve those, an undocumented content type 415, an unknown
// body field or a query parameter the operation does not declare 400 naming it; what another
// reference (seed, vendor SDK) adds is accepted. `strict: false` accepts anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import type { RunningEmulator } from '../../src/emulator/server.js';
import { captureIo } from '../helpers/capture-io.js';
import { Client, emulator } from './harness.js';

const environment = {
  name: 'prod',
  platform: 'azure',
  compute_engine: 'databricks',
  connection_configuration: { workspace_url: 'https://x.example', token: 'pat', region: 'eastus' },
};
const storage = { name: 'lake', storage_type: 'dbfs', storage_authentication: {} };

let environments = 0;
/** A new environment with one storage: the storage's path. */
async function withStorage(admin: Client): Promise<string> {
  const name = `env_${++environments}`;
  const env = (await admin.post('/admin/environment', { ...environment, name })).body.result.id as string;
  const id = (await admin.post(`/admin/environment/${env}/environment-storage`, storage)).body.result.id;
  return `/admin/environment/${env}/environment-storage/${id}`;
}

describe('the strict emulator', () => {
  let admin: Client;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const started = await emulator();
    admin = started.admin;
    close = () => started.emu.close();
  });
  afterAll(() => close());

  it('answers 405 to an operation no reference documents, and leaves the object alone', async () => {
    const path = await withStorage(admin);
    const refused = await admin.del(path);
    expect(refused.status).toBe(405);
    expect(refused.body.details).toContain('is not in the published API: no reference documents it');
    expect((await admin.get(path)).status).toBe(200);
  });

  it('answers 415 to a content type the operation does not take', async () => {
    const refused = await admin.call('POST', '/domains', 'name=sales', { 'content-type': 'text/plain' });
    expect(refused.status).toBe(415);
    expect(refused.body.details).toBe('POST /domains takes application/json, not text/plain');
  });

  it('answers 400 naming every body field the references do not list, nested ones too', async () => {
    const refused = await admin.post('/domains', { name: 'sales', colour: 'blue', environment_ids: [] });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toBe('unknown field /colour');
    const env = (await admin.post('/admin/environment', { ...environment, name: 'dev' })).body.result.id;
    const nested = await admin.patch(`/admin/environment/${env}`, {
      connection_configuration: { workspace_url: 'https://y.example', colour: 'red' },
      shade: 1,
    });
    expect(nested.status).toBe(400);
    expect(nested.body.details).toBe('unknown field /connection_configuration/colour; unknown field /shade');
  });

  it('answers 400 to a query parameter on an operation that declares none', async () => {
    const domain = (await admin.post('/domains', { name: 'ops' })).body.result.id;
    const refused = await admin.get(`/domains/${domain}?limit=500`);
    expect(refused.status).toBe(400);
    expect(refused.body.details).toBe(
      'query parameter limit is not one GET /domains/{} declares (it declares none)',
    );
  });

  it('accepts what the seed or the vendor SDK add to the contract', async () => {
    // Paging on the users list (seed platform.md §1.3), description on an environment (§4.3).
    expect((await admin.get('/admin/users?limit=20&offset=0')).status).toBe(200);
    const env = (await admin.post('/admin/environment', { ...environment, name: 'qa', description: 'QA.' }))
      .body.result.id;
    expect(env).toMatch(/^[0-9a-f]{24}$/);
    // The storage PATCH the vendor SDK sends (admin_client.update_storage), with the create body.
    const path = await withStorage(admin);
    expect((await admin.patch(path, { description: 'The lake.' })).status).toBe(200);
  });

  it('checks auth before the body: an unauthenticated request is 401, not 400', async () => {
    const anonymous = await admin.call(
      'POST',
      '/domains',
      { name: 'x', colour: 'blue' },
      { authorization: '' },
    );
    expect(anonymous.status).toBe(401);
  });
});

describe('the emulator told to serve undocumented operations', () => {
  it('deletes a storage with allowUndocumented (and with `dpac emulator --allow-undocumented`)', async () => {
    const { emu, admin } = await emulator({ allowUndocumented: true });
    try {
      const path = await withStorage(admin);
      expect((await admin.del(path)).status).toBe(200);
      expect((await admin.get(path)).status).toBe(404);
    } finally {
      await emu.close();
    }

    const io = captureIo();
    const run = runCli(['emulator', '--port', '0', '--allow-undocumented'], io);
    for (let i = 0; i < 200 && io.stdout.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    const url = /listening on (\S+)/.exec(io.stdout[0] ?? '')?.[1] ?? '';
    expect(io.stdout.join('\n')).toContain('undocumented:  served');
    try {
      const cli = await new Client({ url } as RunningEmulator).login();
      const path = await withStorage(cli);
      expect((await cli.del(path)).status).toBe(200);
    } finally {
      process.emit('SIGTERM');
      expect(await run).toBe(0);
    }
  });
});

describe('the lenient emulator (strict: false)', () => {
  it('accepts what the references do not document, and records every request', async () => {
    const { emu, admin } = await emulator({ strict: false, recordRequests: true });
    try {
      const path = await withStorage(admin);
      expect((await admin.get(`${path}?limit=5`)).status).toBe(200);
      expect((await admin.del(path)).status).toBe(200);
      const seen = emu.requests().map((r) => [r.method, r.path, r.query]);
      expect(seen.slice(-2)).toEqual([
        ['GET', path, { limit: '5' }],
        ['DELETE', path, {}],
      ]);
    } finally {
      await emu.close();
    }
  });
});
