import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client, emulator } from './harness.js';

describe('journal, reset and persistence', () => {
  it('journals committed writes only', async () => {
    const { emu, admin } = await emulator();
    try {
      const id = (await admin.post('/domains', { name: 'J' })).body.result.id;
      await admin.get(`/domains/${id}`);
      await admin.patch(`/domains/${id}`, { name: 'J' });
      await admin.post('/domains', { name: 'J' });
      await admin.patch(`/domains/${id}`, { description: 'changed' });
      await admin.del(`/domains/${id}`);
      const reply = await admin.get('/_emulator/journal');
      const entries = reply.body.entries;
      expect(entries.map((e: { method: string }) => e.method)).toEqual(['POST', 'PATCH', 'DELETE']);
      expect(entries[0]).toMatchObject({ seq: 1, path: '/v3/domains', status: 200, entity: 'domain' });
      expect(entries[2].path).toBe(`/v3/domains/${id}`);
      expect((await admin.get('/_emulator/journal?since=2')).body.entries).toHaveLength(1);
    } finally {
      await emu.close();
    }
  });

  it('resets to the admin only', async () => {
    const { emu, admin } = await emulator({ seed: 'demo' });
    try {
      expect((await admin.get('/admin/environment?filter={"name":"demo-sandbox"}')).body.result).toHaveLength(
        1,
      );
      const ops = new Client(emu);
      expect((await ops.loginWithPassword('ops@dpac.local', 'ops')).status).toBe(200);
      expect((await admin.post('/_emulator/reset')).status).toBe(200);
      await admin.login();
      expect((await admin.get('/admin/environment')).body.result).toEqual([]);
      expect((await admin.get('/admin/users')).body.result).toHaveLength(1);
      expect(emu.journal()).toEqual([]);
    } finally {
      await emu.close();
    }
  });

  it('persists state across a restart with a data file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'dpac-emu-')), 'state.json');
    const first = await emulator({ dataFile: file });
    await first.admin.post('/domains', { name: 'Kept' });
    await first.admin.post('/admin/users', {
      profile: { name: 'P', email: 'p@x.io' },
      roles: ['analyst'],
      password: 'pw-canary-91',
    });
    await first.emu.close();
    expect(readFileSync(file, 'utf8')).not.toContain('pw-canary-91');
    const second = await emulator({ dataFile: file });
    try {
      expect((await second.admin.get('/domains?filter={"name":"Kept"}')).body.result).toHaveLength(1);
      expect((await new Client(second.emu).loginWithPassword('p@x.io', 'pw-canary-91')).status).toBe(200);
      expect(second.emu.journal().map((e) => e.entity)).toEqual(['domain', 'user']);
    } finally {
      await second.emu.close();
    }
  });

  it('answers a write (a reset too) only once it is on disk, also when many arrive together', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'dpac-emu-')), 'state.json');
    const { emu, admin } = await emulator({ dataFile: file });
    try {
      // Concurrent writes share saves (group commit); each answer still comes after its own save.
      const names = Array.from({ length: 40 }, (_, i) => `Together_${i}`);
      await Promise.all(
        names.map(async (name) => {
          expect((await admin.post('/domains', { name })).status).toBe(200);
          expect(readFileSync(file, 'utf8')).toContain(`"${name}"`);
        }),
      );
      // A reset through the instrument route is a write too.
      expect((await admin.post('/_emulator/reset')).status).toBe(200);
      expect(readFileSync(file, 'utf8')).not.toContain('Together_0');
    } finally {
      await emu.close();
    }
  });
});
