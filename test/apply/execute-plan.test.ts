import { describe, expect, it } from 'vitest';
import { ApiError, IndeterminateWriteError, TransportError } from '../../src/api/errors.js';
import { executePlan, type WriteClient } from '../../src/apply/execute-plan.js';
import { addressFrom } from '../../src/core/address.js';
import type { Call } from '../../src/core/call.js';

type Req = Parameters<WriteClient['request']>[0];

function call(id: string, over: Partial<Omit<Call, 'address'>> & { address?: string }): Call {
  const { address = 'Domain/d', ...rest } = over;
  return { id, address: addressFrom(address), method: 'POST', path: '/domains', depends_on: [], ...rest };
}

function fakeClient(answer: (req: Req, n: number) => unknown): WriteClient & { sent: Req[] } {
  const sent: Req[] = [];
  return {
    sent,
    async request(req) {
      sent.push(req);
      const out = answer(req, sent.length);
      if (out instanceof Error) throw out;
      return { status: 200, body: out };
    },
  };
}

const indeterminate = (req: Req) =>
  new IndeterminateWriteError({
    method: req.method,
    path: req.path,
    body: req.body,
    cause: new TransportError({ failure: 'reset', method: req.method, path: req.path, attempts: 1 }),
  });

const base = { env: {}, parallelism: 4, readBackDelaysMs: [0, 0], sleep: async () => {} };

describe('executePlan', () => {
  it('turns a 404 or 405 on an undocumented call into a step to do by hand, and goes on with the rest', async () => {
    for (const status of [404, 405]) {
      const calls = [
        call('c1', {
          address: 'EnvironmentStorage/prod/lake',
          method: 'DELETE',
          path: '/admin/environment/e/environment-storage/s',
          undocumented: true,
        }),
        call('c2', { address: 'Domain/d', method: 'PATCH', path: '/domains/d', body: { description: 'x' } }),
      ];
      const client = fakeClient((req) =>
        req.method === 'DELETE'
          ? new ApiError({ status, method: 'DELETE', path: `/v3${req.path}`, intent: req.intent })
          : { result: { id: 'd' } },
      );
      const results = await executePlan({ ...base, calls, client, readBack: async () => [] });
      expect(results.map((r) => r.status)).toEqual(['failed', 'applied']);
      expect(results[0]?.message).toBe(
        `Could not delete EnvironmentStorage/prod/lake: the platform answered ${status} to DELETE /v3/admin/environment/e/environment-storage/s, an operation that is not in its published API. Delete EnvironmentStorage/prod/lake by hand (in the platform's UI), then run dpac plan again.`,
      );
      expect(client.sent[0]).toMatchObject({ method: 'DELETE', undocumented: true });
      expect(client.sent.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    }
  });

  it('sends a call marked multipart/form-data with that content type', async () => {
    const calls = [
      call('c1', {
        address: 'GenericSourceType/t',
        path: '/admin/generic-source-type',
        body: { name: 't' },
        content_type: 'multipart/form-data',
      }),
    ];
    const client = fakeClient(() => ({ result: { id: 't' } }));
    await executePlan({ ...base, calls, client, readBack: async () => [] });
    expect(client.sent[0]).toMatchObject({ contentType: 'multipart/form-data', body: { name: 't' } });
  });

  it('fills the id a create returned into the calls that depend on it', async () => {
    const calls = [
      call('c1', { address: 'Source/s', path: '/sources', creates: true, body: { name: 's' } }),
      call('c2', {
        address: 'Source/s',
        method: 'PUT',
        path: '/sources/${Source/s.id}/configurations/connection',
        body: { password: '${env.PW}' },
        fills: [{ path: '/password', env: 'PW' }],
        depends_on: ['c1'],
      }),
    ];
    const client = fakeClient((req) =>
      req.path === '/sources' ? { result: { id: '0000000000000000000000d1' } } : { result: true },
    );
    const results = await executePlan({
      ...base,
      calls,
      client,
      env: { PW: 'pw' },
      readBack: async () => [],
    });
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(client.sent[1]).toMatchObject({
      method: 'PUT',
      path: '/sources/0000000000000000000000d1/configurations/connection',
      body: { password: 'pw' },
    });
  });

  it('skips the dependents of a failed step and continues independent branches', async () => {
    const calls = [
      call('c1', { address: 'Domain/a', creates: true }),
      call('c2', {
        address: 'User/u',
        method: 'PATCH',
        path: '/admin/users/${Domain/a.id}',
        depends_on: ['c1'],
      }),
      call('c3', { address: 'Domain/b', creates: true, body: { name: 'b' } }),
    ];
    const client = fakeClient((req) =>
      req.body === undefined
        ? new ApiError({
            status: 400,
            method: 'POST',
            path: '/v3/domains',
            iwCode: 'IW10006',
            details: 'bad',
            intent: 'create Domain/a',
          })
        : { result: { id: '0000000000000000000000b1' } },
    );
    const results = await executePlan({ ...base, calls, client, readBack: async () => [] });
    expect(results.map((r) => r.status)).toEqual(['failed', 'skipped', 'applied']);
    expect(results[0]?.message).toBe('Could not create Domain/a: POST /v3/domains returned 400 IW10006: bad');
    expect(results[1]?.message).toContain('depends on c1');
  });

  it('adopts the one object found by read-back after an ambiguous create, without re-sending', async () => {
    const calls = [call('c1', { address: 'Domain/a', creates: true })];
    const client = fakeClient((req) => indeterminate(req));
    const results = await executePlan({ ...base, calls, client, readBack: async () => ['found-id'] });
    expect(results[0]).toMatchObject({
      status: 'applied',
      id: 'found-id',
      resolution: 'adopted-after-read-back',
    });
    expect(client.sent).toHaveLength(1);
  });

  it('re-sends an ambiguous create once read-back proves it absent', async () => {
    const calls = [call('c1', { address: 'Domain/a', creates: true })];
    const client = fakeClient((req, n) => (n === 1 ? indeterminate(req) : { result: { id: 'new-id' } }));
    const results = await executePlan({ ...base, calls, client, readBack: async () => [] });
    expect(results[0]).toMatchObject({
      status: 'applied',
      id: 'new-id',
      resolution: 'resent-after-read-back',
    });
    expect(client.sent).toHaveLength(2);
  });

  it('stops on a key that several live objects carry and deletes nothing', async () => {
    const calls = [call('c1', { address: 'Domain/a', creates: true })];
    const client = fakeClient((req) => indeterminate(req));
    const results = await executePlan({ ...base, calls, client, readBack: async () => ['x', 'y'] });
    expect(results[0]?.status).toBe('failed');
    expect(results[0]?.message).toContain('2 live objects carry this name (ids x, y)');
    expect(client.sent.every((r) => r.method === 'POST')).toBe(true);
  });

  it('re-sends one key at most twice, reading it back before each re-send', async () => {
    const calls = [call('c1', { address: 'Domain/a', creates: true, body: { name: 'a' } })];
    const client = fakeClient((req) => indeterminate(req));
    let readBacks = 0;
    const results = await executePlan({
      ...base,
      calls,
      client,
      readBack: async () => {
        readBacks++;
        return [];
      },
    });
    expect(client.sent).toHaveLength(3); // the first try + 2 re-sends
    expect(readBacks).toBe(6); // 2 delays per look-up, 3 look-ups
    expect(results[0]?.message).toContain('proven absent after 2 re-sends');
  });

  it('adopts what a re-send whose outcome was unknown created', async () => {
    const calls = [call('c1', { address: 'Domain/a', creates: true, body: { name: 'a' } })];
    const client = fakeClient((req) => indeterminate(req));
    let lookUps = 0;
    const results = await executePlan({
      ...base,
      readBackDelaysMs: [0],
      calls,
      client,
      readBack: async () => (++lookUps >= 2 ? ['landed'] : []),
    });
    expect(client.sent).toHaveLength(2);
    expect(results[0]).toMatchObject({
      status: 'applied',
      id: 'landed',
      resolution: 'resent-after-read-back',
    });
  });

  it('starts nothing new once an interrupt is requested', async () => {
    let stop = false;
    const calls = [
      call('c1', { address: 'Domain/a', creates: true }),
      call('c2', { address: 'Domain/b', creates: true, depends_on: ['c1'] }),
    ];
    const client = fakeClient(() => {
      stop = true;
      return { result: { id: '0000000000000000000000a1' } };
    });
    const results = await executePlan({
      ...base,
      calls,
      client,
      readBack: async () => [],
      stopRequested: () => stop,
    });
    expect(results.map((r) => r.status)).toEqual(['applied', 'not_started']);
    expect(client.sent).toHaveLength(1);
  });

  it('fails a step whose secret variable is unset, naming the variable only', async () => {
    const calls = [
      call('c1', {
        address: 'Domain/a',
        creates: true,
        body: { password: '${env.NOPE}' },
        fills: [{ path: '/password', env: 'NOPE' }],
      }),
    ];
    const client = fakeClient(() => ({ result: { id: 'a' } }));
    const results = await executePlan({ ...base, calls, client, readBack: async () => [] });
    expect(results[0]).toMatchObject({
      status: 'failed',
      message: 'Could not create Domain/a: needs the environment variable NOPE',
    });
    expect(client.sent).toHaveLength(0);
  });
});
