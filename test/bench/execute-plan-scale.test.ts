import { describe, expect, it } from 'vitest';
import { executePlan, type WriteClient } from '../../src/apply/execute-plan.js';
import { makeAddress } from '../../src/core/address.js';
import type { Call } from '../../src/core/call.js';

/** `fan` sources, each created by one call with `perSource` dependent table calls. */
function wideTree(fan: number, perSource: number): { calls: Call[]; dependsReads: () => number } {
  let reads = 0;
  const calls: Call[] = [];
  for (let s = 0; s < fan; s++) {
    const parent = `s${s}`;
    calls.push(
      counted(
        { id: parent, address: makeAddress('Source', [], parent), method: 'POST', path: '/sources' },
        [],
      ),
    );
    for (let t = 0; t < perSource; t++) {
      const address = makeAddress('Table', [parent], `t${t}`);
      calls.push(counted({ id: `${parent}t${t}`, address, method: 'PUT', path: '/x' }, [parent]));
    }
  }
  return { calls, dependsReads: () => reads };

  function counted(draft: Omit<Call, 'depends_on'>, deps: string[]): Call {
    const c = { ...draft } as Call;
    Object.defineProperty(c, 'depends_on', {
      enumerable: true,
      get: () => {
        reads++;
        return deps;
      },
    });
    return c;
  }
}

const client: WriteClient = { request: async () => ({ status: 200, body: {} }) };
const base = { env: {}, parallelism: 4, readBack: async () => [], sleep: async () => {} };

describe('executePlan at scale', () => {
  it('looks at each call’s dependencies a bounded number of times, not once per finished step', async () => {
    const { calls, dependsReads } = wideTree(20, 50);
    const results = await executePlan({ ...base, calls, client });
    expect(results.every((r) => r.status === 'applied')).toBe(true);
    // Rescanning every call whenever one finished read depends_on on the order of calls² times.
    expect(dependsReads()).toBeLessThan(calls.length * 4);
  });

  it('starts ready calls in plan order', async () => {
    const { calls } = wideTree(3, 2);
    const started: string[] = [];
    await executePlan({
      ...base,
      parallelism: 1,
      calls,
      client,
      onEvent: (e) => void (e.type === 'start' && started.push(e.call.id)),
    });
    expect(started).toEqual(['s0', 's0t0', 's0t1', 's1', 's1t0', 's1t1', 's2', 's2t0', 's2t1']);
  });

  it('skips every call below a failed one and still runs the other branches', async () => {
    const { calls } = wideTree(3, 2);
    const failing: WriteClient = {
      request: async (req) => {
        if (req.intent === 'write Source/s1') throw new Error('boom');
        return { status: 200, body: {} };
      },
    };
    const results = await executePlan({ ...base, calls, client: failing });
    expect(Object.fromEntries(results.map((r) => [r.call.id, r.status]))).toEqual({
      s0: 'applied',
      s0t0: 'applied',
      s0t1: 'applied',
      s1: 'failed',
      s1t0: 'skipped',
      s1t1: 'skipped',
      s2: 'applied',
      s2t0: 'applied',
      s2t1: 'applied',
    });
  });
});
