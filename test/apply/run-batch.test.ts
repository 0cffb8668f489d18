// Batched creates in the executor: ids item by item, per-item failures that skip only the calls
// that need those items, and ambiguous batches settled by read-back without duplicates.
import { describe, expect, it } from 'vitest';
import { IndeterminateWriteError, TransportError } from '../../src/api/errors.js';
import { executePlan, type WriteClient } from '../../src/apply/execute-plan.js';
import { addressFrom } from '../../src/core/address.js';
import type { Call } from '../../src/core/call.js';

type Req = Parameters<WriteClient['request']>[0];
type Item = Record<string, unknown>;

const SOURCE_ID = '0000000000000000000000a0';
const NAMES = ['a', 'b', 'c'];

const batchCall: Call = {
  id: 'c1',
  address: addressFrom('Source/s'),
  method: 'POST',
  path: `/sources/${SOURCE_ID}/tables/source_tables`,
  body: { tables_to_add: NAMES.map((n) => ({ table_name: n })) },
  creates: '/result/added_tables',
  batch: { list: '/tables_to_add', max: 500 },
  items: NAMES.map((n) => addressFrom(`Table/s/${n}`)),
  depends_on: [],
};

/** The ingestion write of each table, after the batch (it names the table's id). */
const followUps: Call[] = NAMES.map((n, i) => ({
  id: `c${i + 2}`,
  address: addressFrom(`Table/s/${n}`),
  method: 'PUT',
  path: `/sources/${SOURCE_ID}/tables/\${Table/s/${n}.id}/configurations/ingestion`,
  body: {},
  depends_on: ['c1'],
}));

/**
 * A platform holding tables by name: `onAdd` decides, per attempt, which of the sent items it
 * commits and whether the answer is lost (ambiguous) or lists fewer ids.
 */
function platform(onAdd: (attempt: number) => { commit: (name: string) => boolean; lost?: boolean }) {
  const tables = new Map<string, string[]>();
  const sent: Req[] = [];
  let attempts = 0;
  let next = 0;
  const client: WriteClient = {
    async request(req) {
      sent.push(req);
      if (req.method === 'PUT') return { status: 200, body: { result: true } };
      const rule = onAdd(++attempts);
      const added: string[] = [];
      for (const item of (req.body as { tables_to_add: Item[] }).tables_to_add) {
        const name = String(item.table_name);
        if (!rule.commit(name)) continue;
        const id = (++next).toString(16).padStart(24, '0');
        tables.set(name, [...(tables.get(name) ?? []), id]);
        added.push(id);
      }
      if (rule.lost) {
        const cause = new TransportError({
          failure: 'reset',
          method: req.method,
          path: req.path,
          attempts: 1,
        });
        throw new IndeterminateWriteError({ method: req.method, path: req.path, body: req.body, cause });
      }
      return { status: 200, body: { result: { added_tables: added } } };
    },
  };
  const readBackBatch = async (items: readonly { body: Item }[]) =>
    items.map((i) => tables.get(String(i.body.table_name)) ?? []);
  const posts = () => sent.filter((r) => r.method === 'POST');
  return { client, readBackBatch, tables, posts, sent };
}

const run = (p: ReturnType<typeof platform>) =>
  executePlan({
    calls: [batchCall, ...followUps],
    client: p.client,
    env: {},
    parallelism: 4,
    readBack: async () => [],
    readBackBatch: p.readBackBatch,
    readBackDelaysMs: [0, 0],
    sleep: async () => {},
  });

describe('batched creates', () => {
  it('takes the ids of the answer item by item and fills them into each table’s later calls', async () => {
    const p = platform(() => ({ commit: () => true }));
    const results = await run(p);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    expect(results[0]?.items?.map((i) => i.id)).toEqual([...p.tables.values()].map((ids) => ids[0]));
    const puts = p.sent.filter((r) => r.method === 'PUT').map((r) => r.path);
    expect(puts).toContain(`/sources/${SOURCE_ID}/tables/${p.tables.get('b')?.[0]}/configurations/ingestion`);
    expect(p.posts()).toHaveLength(1);
  });

  it('fails exactly the items the platform did not add and skips only their calls', async () => {
    const p = platform(() => ({ commit: (name) => name !== 'b' }));
    const results = await run(p);
    expect(results.map((r) => r.status)).toEqual(['failed', 'applied', 'skipped', 'applied']);
    expect(results[0]?.items?.map((i) => i.status)).toEqual(['applied', 'failed', 'applied']);
    expect(results[0]?.items?.[1]?.message).toBe(
      'Could not create Table/s/b: the platform answered without adding it',
    );
    expect(results[0]?.message).toContain('1 of 3 not created');
  });

  it('adopts what an ambiguous batch committed and re-sends only the missing items, once each', async () => {
    // The first call commits a and c but its answer is lost; the re-send carries b alone.
    const p = platform((attempt) =>
      attempt === 1 ? { commit: (name) => name !== 'b', lost: true } : { commit: () => true },
    );
    const results = await run(p);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    expect(p.posts().map((r) => (r.body as { tables_to_add: Item[] }).tables_to_add.length)).toEqual([3, 1]);
    expect(p.posts()[1]?.body).toEqual({ tables_to_add: [{ table_name: 'b' }] });
    expect([...p.tables.values()].every((ids) => ids.length === 1)).toBe(true);
    expect(results[0]?.items?.map((i) => i.resolution)).toEqual([
      'adopted-after-read-back',
      'resent-after-read-back',
      'adopted-after-read-back',
    ]);
  });

  it('stops after two re-sends of items still proven absent, and never duplicates one', async () => {
    const p = platform(() => ({ commit: (name) => name === 'a', lost: true }));
    const results = await run(p);
    expect(results[0]?.items?.map((i) => i.status)).toEqual(['applied', 'failed', 'failed']);
    expect(results[0]?.items?.[1]?.message).toContain('proven absent after 2 re-sends');
    expect(p.posts()).toHaveLength(3);
    expect(p.tables.get('a')).toHaveLength(1);
    expect(results.slice(1).map((r) => r.status)).toEqual(['applied', 'skipped', 'skipped']);
  });
});
