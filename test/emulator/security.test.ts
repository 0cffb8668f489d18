import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_REFRESH, Client, emulator } from './harness.js';

const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('security on the current revision', async () => {
  const { emu, admin } = await emulator({ tokenTtlSeconds: 1 });
  afterAll(() => emu.close());

  it('authenticates with user and password and returns the user id', async () => {
    const client = new Client(emu);
    const reply = await client.loginWithPassword('admin@dpac.local', 'admin');
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe('Authentication Success');
    expect(reply.body.result.is_authenticated).toBe(true);
    expect(reply.body.result.user_id).toHaveLength(17);
    const [head, claims] = reply.body.result.authentication_token.split('.');
    expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    const payload = JSON.parse(Buffer.from(claims, 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(1);
    expect(JSON.parse(payload.sub).email).toBe('admin@dpac.local');
    expect(typeof payload.jti).toBe('string');
  });

  it('refuses bad credentials with 406 IW10031', async () => {
    const reply = await new Client(emu).loginWithPassword('admin@dpac.local', 'wrong');
    expect(reply.status).toBe(406);
    expect(reply.body).toMatchObject({ iw_code: 'IW10031', message: 'Security Client Errors' });
    expect(typeof reply.body.details).toBe('string');
    const bad = await new Client(emu).call('GET', '/security/token/access/', undefined, {
      authorization: 'Basic not-a-token',
    });
    expect(bad.status).toBe(406);
  });

  it('mints an access token from the refresh token without is_authenticated', async () => {
    const reply = await new Client(emu).call('GET', '/security/token/access', undefined, {
      authorization: `Basic ${ADMIN_REFRESH}`,
    });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body.result)).toEqual(['authentication_token']);
  });

  it('answers an expired bearer with 406 and validate with is_valid false', async () => {
    const client = await new Client(emu).login();
    expect((await client.get('/admin/users')).status).toBe(200);
    await sleep(2100);
    const expired = await client.get('/admin/users');
    expect(expired.status).toBe(406);
    expect(expired.body.iw_code).toBe('IW10031');
    const valid = await client.get('/security/token/validate');
    expect(valid.body.result).toEqual({ is_valid: false });
    await client.login();
    expect((await client.get('/security/token/validate')).body.result.is_valid).toBe(true);
  });

  it('blacklists the bearer on DELETE /security/token/access', async () => {
    const client = await new Client(emu).login();
    const revoke = await client.del('/security/token/access');
    expect(revoke.body.result).toBe('Token successfully blacklisted');
    const after = await client.get('/domains');
    expect(after.status).toBe(406);
    expect(after.status).not.toBe(403);
  });

  it('rejects a missing or forged bearer with 401 IW10005', async () => {
    const client = new Client(emu);
    expect((await client.get('/domains')).body.iw_code).toBe('IW10005');
    client.token = `${admin.token.slice(0, -4)}AAAA`;
    const forged = await client.get('/domains');
    expect(forged.status).toBe(401);
  });

  it('regenerates the refresh token on DELETE /security/token/refresh', async () => {
    await admin.login();
    const user = await admin.post('/admin/users', {
      profile: { name: 'Rot', email: 'rot@dpac.local' },
      roles: ['modeller'],
      password: 'rot-pass',
    });
    expect(user.status).toBe(200);
    const before = emu.store.get('users', user.body.result.id)?.refreshToken as string;
    const reply = await new Client(emu).call('DELETE', '/security/token/refresh', undefined, {
      authorization: `Basic ${before}`,
    });
    expect(reply.body.result).toBe('Successfully Blacklisted Refresh Token.');
    const old = await new Client(emu).call('GET', '/security/token/access', undefined, {
      authorization: `Basic ${before}`,
    });
    expect(old.status).toBe(406);
  });

  it('verifies a scheduler username and refresh token pair', async () => {
    await admin.login();
    const good = await admin.put('/verify-refresh-token', {
      scheduler_username: 'admin@dpac.local',
      scheduler_auth_token: ADMIN_REFRESH,
    });
    expect(good.status).toBe(200);
    const bad = await admin.put('/verify-refresh-token', {
      scheduler_username: 'admin@dpac.local',
      scheduler_auth_token: 'x',
    });
    expect(bad.status).toBe(400);
  });

  it('answers authorise, sso, user data and ldap sync', async () => {
    await admin.login();
    const authorise = await admin.post('/security/authorise/user', {
      entityType: 'source',
      action: 'read',
      entityId: 'x',
    });
    expect(authorise.body.result.is_authorised).toBe(true);
    expect((await admin.get('/security/sso/initialise')).body.Location).toMatch(/^http/);
    const data = await admin.post('/security/get/user/data', {
      userIds: ['dpacAdmin00000001', 'nobody'],
      searchAttribute: 'email',
    });
    expect(data.body).toEqual({ users: ['dpacAdmin00000001'] });
    const sync = await new Client(emu).call(
      'POST',
      '/security/bulk-ldap-sync',
      { search_on: 'email', search_list: ['admin@dpac.local', 'ghost@x.io'] },
      { authorization: basic('admin@dpac.local', 'admin') },
    );
    expect(sync.body.result.existing_user_count).toBe(1);
    expect(sync.body.result.failed[0].email).toBe('ghost@x.io');
  });

  it('refuses /admin calls from a non-admin with 403 IW10004', async () => {
    await admin.login();
    await admin.post('/admin/users', {
      profile: { name: 'Op', email: 'op@dpac.local' },
      roles: ['analyst'],
      password: 'op',
    });
    const op = new Client(emu);
    expect((await op.loginWithPassword('op@dpac.local', 'op')).status).toBe(200);
    const reply = await op.get('/admin/environment');
    expect(reply.status).toBe(403);
    expect(reply.body.iw_code).toBe('IW10004');
    expect((await op.get('/domains')).status).toBe(200);
  });
});

describe('security on the legacy revision', async () => {
  const { emu } = await emulator({ revision: 'legacy', expiredTokenStatus: 401, tokenTtlSeconds: 1 });
  afterAll(() => emu.close());

  it('returns is_authenticated and no user_id', async () => {
    const client = new Client(emu);
    const reply = await client.loginWithPassword('admin@dpac.local', 'admin');
    expect(reply.body.result.is_authenticated).toBe(true);
    expect(reply.body.result.user_id).toBeUndefined();
    const access = await client.call('GET', '/security/token/access', undefined, {
      authorization: `Basic ${ADMIN_REFRESH}`,
    });
    expect(access.body.result.is_authenticated).toBe(true);
  });

  it('has no later security endpoints', async () => {
    const client = await new Client(emu).login();
    expect(
      (await client.post('/security/authorise/user', { entityType: 'a', action: 'b', entityId: 'c' })).status,
    ).toBe(404);
    expect((await client.get('/security/sso/initialise')).status).toBe(404);
    expect((await client.del('/security/token/refresh')).status).toBe(404);
  });

  it('answers an expired bearer with 401 when configured so', async () => {
    const client = await new Client(emu).login();
    await sleep(2100);
    const reply = await client.get('/domains');
    expect(reply.status).toBe(401);
  });
});
