// Batched table creation through the real CLI against the emulator: one table-adding call (one
// crawl job) per source, ids fed to each table's later calls, and an ambiguous batch settled by
// read-back without duplicates.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Faults } from '../../../src/emulator/faults.js';
import { type E2e, startE2e } from '../../helpers/e2e.js';
import * as f from './fixtures.js';

const SOURCES = 3;
const TABLES = 7;
const ADD_TABLES = /^\/v3\/sources\/[0-9a-f]{24}\/tables\/source_tables$/;

/** N sources of M tables; every third table is named apart from its source table (it is renamed). */
function project(sources = SOURCES, tables = TABLES): Record<string, string> {
  const files: Record<string, string> = { 'platform.yaml': f.platform() };
  for (let s = 0; s < sources; s++) {
    const source = `src_${s}`;
    const docs = [f.salesDb().replaceAll('sales_db', source)];
    for (let t = 0; t < tables; t++) {
      const name = `t_${t}`;
      docs.push(f.table({ name, source, ...(t % 3 === 0 ? { sourceTable: `raw_${name}` } : {}) }));
    }
    files[`${source}.yaml`] = f.docs(...docs);
  }
  return files;
}

async function crawlJobs(e2e: E2e): Promise<number> {
  const res = await fetch(`${e2e.emulator.baseUrl}/_emulator/jobs`);
  return ((await res.json()) as { count: number }).count;
}

describe('batched table creation', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  afterAll(() => e2e.close());

  it('adds the tables of each source with one call (one crawl job) and converges', async () => {
    await f.resetWith(e2e, project());
    const plan = await f.planJson(e2e);
    const adds = plan.calls.filter((c) => c.path.endsWith('/tables/source_tables'));
    expect(adds.map((c) => [c.address, c.items?.length])).toEqual(
      Array.from({ length: SOURCES }, (_, s) => [`Source/src_${s}`, TABLES]),
    );

    await f.applyOk(e2e);
    const posts = e2e.writesSince(0).filter((w) => w.method === 'POST' && ADD_TABLES.test(w.path));
    expect(posts).toHaveLength(SOURCES);
    expect(await crawlJobs(e2e)).toBe(SOURCES);
    // Each table got its own later calls: the renamed ones carry their manifest names.
    const api = await f.connectApi(e2e);
    const source = await api.idOf('/sources', 'src_1');
    expect(await api.idOf(`/sources/${source}/tables`, 't_3')).toMatch(/^[0-9a-f]{24}$/);
    expect(e2e.emulator.store.all('tables')).toHaveLength(SOURCES * TABLES);
    await f.expectConverged(e2e);
  });

  it('applies saved plans: one holding batches, and one saved before batching (a call per table)', async () => {
    await f.resetWith(e2e, project(2, 3));
    const out = path.join(e2e.dir, 'plan.json');
    expect((await e2e.dpac(['plan', '--out', out])).code).toBe(0);
    const saved = JSON.parse(await readFile(out, 'utf8')) as { calls: SavedCall[] };
    const seq = e2e.lastSeq();
    const applied = await e2e.dpac(['apply', '--plan', out, '--no-color']);
    expect(applied.stderr, applied.stdout).toBe('');
    expect(applied.code).toBe(0);
    expect(e2e.writesSince(seq).filter((w) => ADD_TABLES.test(w.path))).toHaveLength(2);
    await f.expectConverged(e2e);

    await f.resetWith(e2e, project(2, 3));
    expect((await e2e.dpac(['plan', '--out', out])).code).toBe(0);
    const fresh = JSON.parse(await readFile(out, 'utf8')) as { calls: SavedCall[] };
    expect(fresh.calls.filter((c) => c.items)).toHaveLength(saved.calls.filter((c) => c.items).length);
    await writeFile(out, JSON.stringify(unbatched(fresh)));
    const old = await e2e.dpac(['apply', '--plan', out, '--no-color']);
    expect(old.stderr, old.stdout).toBe('');
    expect(old.code).toBe(0);
    expect(e2e.writesSince(0).filter((w) => ADD_TABLES.test(w.path))).toHaveLength(6);
    await f.expectConverged(e2e);
  });

  it('settles a batch whose answer was lost after it committed: adopted by read-back, no duplicate', async () => {
    const files = project(1, TABLES);
    const [source] = (files['src_0.yaml'] as string).split('\n---\n');
    // The source first (no faults), then its tables with the table-adding answer lost.
    await f.resetWith(e2e, {
      'platform.yaml': files['platform.yaml'] as string,
      'src_0.yaml': source as string,
    });
    await f.applyOk(e2e);
    await e2e.write('src_0.yaml', files['src_0.yaml'] as string);
    const spec = afterCommitSeed('5xx=1@POST:/sources/*/tables/source_tables');
    e2e.emulator.setFaults(spec);
    const applied = await e2e.dpac(['apply', '--auto-approve', '--no-color']);
    e2e.emulator.setFaults('');
    expect(applied.stderr, applied.stdout).toBe('');
    expect(applied.code).toBe(0);

    const posts = e2e.writesSince(0).filter((w) => w.method === 'POST' && ADD_TABLES.test(w.path));
    expect(posts.map((w) => w.fault)).toEqual(['5xx-after']);
    const keys = e2e.emulator.store.all('tables').map((t) => t.original_table_name);
    expect(keys).toHaveLength(TABLES);
    expect(new Set(keys).size).toBe(TABLES);
    expect(await crawlJobs(e2e)).toBe(1);
    await f.expectConverged(e2e);
  });
});

type SavedCall = f.PlanJson['calls'][number] & { creates?: unknown; batch?: unknown; note?: string };

/**
 * The plan as dpac wrote it before batching: one single-table add per table (`creates` the first
 * id of the answer), each table's later calls depending on its own add.
 */
function unbatched(plan: { calls: SavedCall[] }): { calls: SavedCall[] } {
  const calls: SavedCall[] = [];
  const addOf = new Map<string, string>();
  for (const c of plan.calls) {
    if (!c.items) {
      const deps = c.depends_on.flatMap((d) =>
        addOf.has(`${d} ${c.address}`) ? [addOf.get(`${d} ${c.address}`) as string] : [d],
      );
      calls.push({ ...c, depends_on: deps });
      continue;
    }
    const { items, batch: _batch, ...rest } = c;
    const list = (c.body as { tables_to_add: unknown[] }).tables_to_add;
    items.forEach((address, i) => {
      const id = `${c.id}_${i}`;
      addOf.set(`${c.id} ${address}`, id);
      calls.push({
        ...rest,
        id,
        address,
        body: { tables_to_add: [list[i]] },
        creates: '/result/added_tables/0',
        note: 'add source table',
      });
    });
  }
  return { ...plan, calls };
}

/** A fault spec whose first draw on the scoped path is a 5xx after the handler committed. */
function afterCommitSeed(rule: string): string {
  for (let seed = 1; seed < 100; seed++) {
    const spec = `${rule},seed=${seed}`;
    const first = new Faults(spec).decide('POST', '/sources/x/tables/source_tables');
    if (first.kind === '5xx' && first.afterCommit) return spec;
  }
  throw new Error('no seed gives a 5xx after commit');
}
