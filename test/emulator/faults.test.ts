import { describe, expect, it, onTestFinished } from 'vitest';
import { Client, emulator } from './harness.js';

async function outcomes(spec: string, count: number): Promise<string[]> {
  const { emu, admin } = await emulator({ faults: spec });
  try {
    const seen: string[] = [];
    for (let i = 0; i < count; i++) {
      try {
        seen.push(String((await admin.get('/domains')).status));
      } catch {
        seen.push('reset');
      }
    }
    return seen;
  } finally {
    await emu.close();
  }
}

describe('faults', () => {
  it('gives the same fault sequence for the same seed and a different one for another seed', async () => {
    const spec = '5xx=0.2,reset=0.05,429=0.03';
    const a = await outcomes(`${spec},seed=7`, 120);
    const b = await outcomes(`${spec},seed=7`, 120);
    const c = await outcomes(`${spec},seed=8`, 120);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(a.filter((o) => o === '200').length).toBeGreaterThan(60);
    expect(a.some((o) => o !== '200')).toBe(true);
  });

  it('splits 5xx before and after commit, journaling only the committed ones', async () => {
    const { emu, admin } = await emulator({ faults: '5xx=1@POST,seed=3' });
    onTestFinished(() => emu.close());
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await admin.post('/domains', { name: `d${i}` })).status);
    expect(statuses.every((s) => s === 500 || s === 503)).toBe(true);
    const created = emu.store.all('domains').length;
    const journaled = emu.journal().filter((e) => e.fault === '5xx-after');
    expect(created).toBe(journaled.length);
    expect(created).toBeGreaterThan(0);
    expect(created).toBeLessThan(20);
    expect((await admin.get('/domains?limit=100')).body.result).toHaveLength(created);
  });

  it('resets the connection before or after commit', async () => {
    const { emu, admin } = await emulator({ faults: 'reset=1@POST:/domains*,seed=4' });
    onTestFinished(() => emu.close());
    let resets = 0;
    for (let i = 0; i < 10; i++) {
      await admin.post('/domains', { name: `r${i}` }).catch(() => resets++);
    }
    expect(resets).toBe(10);
    expect(emu.journal().every((e) => e.fault === 'reset-after')).toBe(true);
    expect(emu.journal().length).toBe(emu.store.all('domains').length);
    expect((await admin.get('/domains')).status).toBe(200);
  });

  it('answers 429 with Retry-After and never faults /security or /_emulator', async () => {
    const { emu, admin } = await emulator({ faults: '429=1,seed=1' });
    onTestFinished(() => emu.close());
    const reply = await admin.get('/domains');
    expect(reply.status).toBe(429);
    expect(reply.headers.get('retry-after')).toBe('1');
    await admin.login();
    expect((await admin.get('/security/token/validate')).status).toBe(200);
    expect((await admin.get('/_emulator/health')).status).toBe(200);
    expect((await admin.put('/_emulator/faults', { spec: '' })).status).toBe(200);
    expect((await admin.get('/domains')).status).toBe(200);
  });

  it('hangs without answering and still closes', async () => {
    const { emu, admin } = await emulator({ faults: 'hang=1@GET,seed=1' });
    const aborted = await fetch(`${emu.url}/domains`, {
      headers: { authorization: `Bearer ${admin.token}` },
      signal: AbortSignal.timeout(300),
    }).then(
      () => false,
      () => true,
    );
    expect(aborted).toBe(true);
    const pending = fetch(`${emu.url}/domains`, {
      headers: { authorization: `Bearer ${admin.token}` },
    }).catch(() => 'closed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await emu.close();
    expect(await pending).toBe('closed');
  });

  it('refuses a malformed fault spec', async () => {
    const { emu } = await emulator();
    onTestFinished(() => emu.close());
    const client = new Client(emu);
    const reply = await client.put('/_emulator/faults', { spec: '5xx=lots' });
    expect(reply.status).toBe(400);
    expect(() => emu.setFaults('boom=0.1')).toThrow(/boom/);
  });
});
