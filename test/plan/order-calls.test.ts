import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressFrom } from '../../src/core/address.js';
import type { Call } from '../../src/core/call.js';
import type { Change } from '../../src/diff/change.js';
import { orderCalls } from '../../src/plan/order-calls.js';
import type { Draft } from '../../src/plan/plan-calls.js';

/** One draft; its path names its draft index, so the output can be traced back. */
function draft(index: number, address: string, over: Partial<Draft> = {}): Draft {
  return {
    method: 'PUT',
    path: `/d/${index}`,
    address: addressFrom(address),
    needsCreated: [],
    phase: 'write',
    ...over,
  };
}

function change(address: string, action: Change['action']): Change {
  const [kind, ...rest] = address.split('/');
  return {
    address: addressFrom(address),
    kind: kind as Change['kind'],
    name: rest.at(-1) as string,
    ancestors: rest.slice(0, -1),
    action,
    reason: 'test',
    fields: [],
  };
}

const summary = (calls: Call[]) => calls.map((c) => `${c.id} ${c.path} <- [${c.depends_on.join(',')}]`);

/**
 * A platform's worth of drafts: sources created (then their tables, one to three calls each),
 * sources deleted (after their tables' deletes), listed in a shuffled order.
 */
function generated(seed: number, sources: number, tables: number): { drafts: Draft[]; changes: Change[] } {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const items: Array<Omit<Draft, 'path'>> = [];
  const changes: Change[] = [];
  for (let s = 0; s < sources; s++) {
    const source = addressFrom(`Source/s${s}`);
    const deleting = s % 3 === 2;
    changes.push(change(source, deleting ? 'delete' : 'create'));
    const phase = deleting ? 'delete' : 'write';
    items.push({
      method: deleting ? 'DELETE' : 'POST',
      address: source,
      needsCreated: [],
      phase,
      creates: !deleting,
    });
    for (let t = 0; t < tables; t++) {
      const table = addressFrom(`Table/s${s}/t${t}`);
      changes.push(change(table, deleting ? 'delete' : 'create'));
      const calls = deleting ? 1 : 1 + Math.floor(random() * 3);
      for (let c = 0; c < calls; c++)
        items.push({
          method: deleting ? 'DELETE' : c === 0 ? 'POST' : 'PUT',
          address: table,
          needsCreated: deleting ? [] : [source],
          phase,
          creates: !deleting && c === 0,
        });
    }
  }
  // Shuffle whole resources, keeping each resource's own calls in order.
  const byAddress = new Map<string, Array<Omit<Draft, 'path'>>>();
  for (const item of items) byAddress.set(item.address, [...(byAddress.get(item.address) ?? []), item]);
  const addresses = [...byAddress.keys()].sort(() => random() - 0.5);
  const drafts = addresses.flatMap((a) => byAddress.get(a) ?? []).map((d, i) => ({ ...d, path: `/d/${i}` }));
  return { drafts, changes };
}

/** The order as the first implementation computed it (sorting the ready list at every step). */
function referenceOrder(calls: Call[]): number[] {
  const indexOf = new Map(calls.map((c) => [c.id, Number(c.path.slice(3))]));
  const edges: number[][] = calls.map(() => []);
  for (const c of calls)
    edges[indexOf.get(c.id) as number] = c.depends_on.map((d) => indexOf.get(d) as number);
  const remaining = edges.map((e) => e.length);
  const dependents = edges.map(() => [] as number[]);
  edges.forEach((deps, i) => {
    for (const d of deps) dependents[d]?.push(i);
  });
  const ready = remaining.flatMap((n, i) => (n === 0 ? [i] : []));
  const order: number[] = [];
  while (ready.length) {
    ready.sort((a, b) => a - b);
    const next = ready.shift() as number;
    order.push(next);
    for (const dep of dependents[next] ?? []) if (--(remaining[dep] as number) === 0) ready.push(dep);
  }
  return order;
}

const orderOf = (calls: Call[]) => calls.map((c) => Number(c.path.slice(3)));

describe('orderCalls', () => {
  it('puts parents first, keeps a resource’s calls in order, and otherwise keeps the drafted order', () => {
    const drafts = [
      draft(0, 'Table/s/t2', { needsCreated: [addressFrom('Source/s')] }),
      draft(1, 'Source/old', { method: 'DELETE', phase: 'delete' }),
      draft(2, 'Source/s', { method: 'POST', creates: true }),
      draft(3, 'Table/s/t1', { needsCreated: [addressFrom('Source/s')] }),
      draft(4, 'Table/old/t', { method: 'DELETE', phase: 'delete' }),
      draft(5, 'Table/s/t2', { method: 'PATCH', needsCreated: [addressFrom('Source/s')] }),
    ];
    const changes = [
      change('Source/s', 'create'),
      change('Source/old', 'delete'),
      change('Table/s/t1', 'create'),
      change('Table/s/t2', 'create'),
      change('Table/old/t', 'delete'),
    ];
    expect(summary(orderCalls(drafts, changes, () => undefined))).toEqual([
      'c1 /d/2 <- []',
      'c2 /d/0 <- [c1]',
      'c3 /d/3 <- [c1]',
      'c4 /d/4 <- []',
      'c5 /d/1 <- [c4]',
      'c6 /d/5 <- [c2]',
    ]);
  });

  it('orders a generated 6,000-call platform exactly as the sorting implementation did', () => {
    const { drafts, changes } = generated(7, 150, 20);
    const calls = orderCalls(drafts, changes, () => undefined);
    expect(calls.length).toBe(drafts.length);
    expect(drafts.length).toBeGreaterThan(4000);
    expect(orderOf(calls)).toEqual(referenceOrder(calls));
    // Every dependency comes earlier in the plan.
    const position = new Map(calls.map((c, i) => [c.id, i]));
    for (const [i, c] of calls.entries())
      for (const d of c.depends_on) expect(position.get(d)).toBeLessThan(i);
  });

  it('orders random small platforms as the sorting implementation did', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 0, max: 6 }), (seed, s, t) => {
        const { drafts, changes } = generated(seed, s, t);
        const calls = orderCalls(drafts, changes, () => undefined);
        expect(orderOf(calls)).toEqual(referenceOrder(calls));
      }),
      { numRuns: 300 },
    );
  });
});
