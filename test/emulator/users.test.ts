import { afterAll, describe, expect, it } from 'vitest';
import { Client, emulator } from './harness.js';

describe('users', async () => {
  const { emu, admin } = await emulator();
  afterAll(() => emu.close());
  const newUser = (email: string) => ({
    profile: { name: email.split('@')[0], email, needs_password_reset: false },
    roles: ['modeller'],
    password: 'secret-pass',
  });

  it('creates a user with a 17-char id, derived emails and login enabled', async () => {
    const reply = await admin.post('/admin/users', newUser('ann@dpac.local'));
    expect(reply.body.result.id).toMatch(/^[0-9A-Za-z]{17}$/);
    const user = (await admin.get(`/admin/users/${reply.body.result.id}`)).body.result;
    expect(user.emails).toEqual([{ address: 'ann@dpac.local', verified: false }]);
    expect(user.login_disabled).toBe(false);
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('password_hash');
  });

  it('refuses a duplicate email', async () => {
    const reply = await admin.post('/admin/users', newUser('ANN@dpac.local'));
    expect(reply.status).toBe(400);
    expect(reply.body.iw_code).toBe('IW10003');
  });

  it('masks refresh tokens in lists but filters on refreshToken and profile.email', async () => {
    const all = await admin.get('/users?&limit=50');
    expect(all.body.result.every((u: { refresh_token: string }) => u.refresh_token === '')).toBe(true);
    const me = await admin.get(
      `/admin/users?filter=${encodeURIComponent(JSON.stringify({ refreshToken: emu.adminRefreshToken }))}`,
    );
    expect(me.body.result.map((u: { id: string }) => u.id)).toEqual(['dpacAdmin00000001']);
    const byEmail = await admin.get('/admin/users?filter={"profile.email": "ann@dpac.local"}');
    expect(byEmail.body.result).toHaveLength(1);
    expect(JSON.stringify(all.body)).not.toContain(emu.adminRefreshToken);
  });

  it('patches, toggles login, adds domains, resets passwords and deletes', async () => {
    const id = (await admin.post('/users', newUser('bob@dpac.local'))).body.result.id;
    const patched = await admin.patch(`/admin/users/${id}`, { profile: { name: 'Bobby' } });
    expect(patched.body.result.id).toBe(id);
    expect((await admin.get(`/users/${id}`)).body.result.profile).toMatchObject({
      name: 'Bobby',
      email: 'bob@dpac.local',
    });
    const toggled = await admin.patch(`/admin/users/${id}/toggle-user-login`);
    expect(toggled.body.result).toEqual({ login_disabled: true });
    expect((await new Client(emu).loginWithPassword('bob@dpac.local', 'secret-pass')).status).toBe(406);
    await admin.patch(`/admin/users/${id}/toggle-user-login`);
    const domain = await admin.post('/domains', { name: 'Bob Domain', environment_ids: [] });
    const added = await admin.post(`/admin/users/${id}/accessible-domains`, {
      entity_ids: [domain.body.result.id],
    });
    expect(added.body.message).toBe('Added Domain(s) to User');
    const reset = await admin.patch(`/admin/users/${id}/reset-password`, { new_password: 'next-pass' });
    expect(reset.status).toBe(200);
    expect((await new Client(emu).loginWithPassword('bob@dpac.local', 'next-pass')).status).toBe(200);
    expect((await admin.call('POST', '/users/unlock?user_email=bob@dpac.local')).status).toBe(200);
    expect((await admin.del(`/admin/users/${id}/delete-schedules`)).status).toBe(200);
    expect((await admin.del(`/admin/users/${id}`)).status).toBe(200);
    expect((await admin.get(`/admin/users/${id}`)).status).toBe(404);
  });

  it('lets a non-admin list all users but not create one', async () => {
    await admin.post('/admin/users', newUser('cid@dpac.local'));
    const cid = new Client(emu);
    await cid.loginWithPassword('cid@dpac.local', 'secret-pass');
    expect((await cid.get('/admin/allUsers')).body.result.length).toBeGreaterThan(1);
    expect((await cid.post('/users', newUser('dan@dpac.local'))).status).toBe(403);
    expect((await cid.get('/admin/users')).status).toBe(403);
  });
});
