import { afterAll, describe, expect, it } from 'vitest';
import { emulator } from './harness.js';

const CANARY = 'canary-7f3a9c-never-echo';

describe('secrets', async () => {
  const { emu, admin } = await emulator();
  afterAll(() => emu.close());

  it('never returns a sealed secret in any GET body', async () => {
    const env = (
      await admin.post('/admin/environment', {
        name: 'sec',
        platform: 'aws',
        compute_engine: 'emr',
        connection_configuration: {
          access_key: { password_type: 'infoworks_managed', password: CANARY },
          secret_key: CANARY,
        },
        metastore: { type: 'hive', configuration: { mode: 'external', user_name: 'u', password: CANARY } },
      })
    ).body.result.id;
    const storage = await admin.post(`/admin/environment/${env}/environment-storage`, {
      name: 'st',
      storage_type: 'wasb',
      storage_authentication: { account_key: CANARY, container_name: 'c' },
    });
    const conn = await admin.post('/admin/data-connections', {
      name: 'c',
      sub_type: 'POSTGRES',
      properties: { password: { password_type: 'infoworks_managed', password: CANARY } },
    });
    await admin.post('/admin/users', {
      profile: { name: 'S', email: 's@x.io' },
      roles: ['analyst'],
      password: CANARY,
    });
    const paths = [
      '/admin/environment',
      `/admin/environment/${env}`,
      `/admin/environment/${env}/environment-storage`,
      `/admin/environment/${env}/environment-storage/${storage.body.result.id}`,
      '/admin/data-connections',
      `/admin/data-connections/${conn.body.result.id}`,
      '/admin/users',
      '/users',
      '/admin/allUsers',
    ];
    for (const path of paths) {
      const reply = await admin.get(path);
      expect(reply.status).toBe(200);
      expect(reply.text).not.toContain(CANARY);
    }
    const got = (await admin.get(`/admin/environment/${env}`)).body.result;
    expect(got.connection_configuration.access_key.password_type).toBe('infoworks_managed');
    expect(got.connection_configuration.access_key.password).toMatch(/^enc:v1:/);
    expect(JSON.stringify(emu.journal())).not.toContain(CANARY);
  });

  it('keeps the cipher text when a client re-posts the GET document', async () => {
    const env = (await admin.get('/admin/environment?filter={"name":"sec"}')).body.result[0];
    const before = env.connection_configuration.secret_key;
    await admin.patch(`/admin/environment/${env.id}`, env);
    const after = (await admin.get(`/admin/environment/${env.id}`)).body.result.connection_configuration
      .secret_key;
    expect(after).toBe(before);
  });
});
