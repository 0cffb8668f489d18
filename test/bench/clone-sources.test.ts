import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cloneSources } from '../../src/bench/clone-sources.js';
import { measurePlan } from '../../src/bench/plan-bench.js';
import { seedPlatform, writeBenchManifests } from '../../src/bench/seed-platform.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/server.js';

const shape = { sources: 1, tablesPerSource: 12, groupsPerSource: 1, tablesPerGroup: 3 };

describe('growing the bench platform by cloning a seeded source', () => {
  let emulator: RunningEmulator;
  let dir: string;
  beforeEach(async () => {
    emulator = await startEmulator({ port: 0, quiet: true });
    dir = await mkdtemp(path.join(tmpdir(), 'dpac-clone-test-'));
  });
  afterEach(async () => {
    await emulator.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores what applying the copies’ manifests would have: their plan is a no-op', async () => {
    expect((await seedPlatform({ dir: path.join(dir, 'seed'), url: emulator.url, shape })).code).toBe(0);
    const names = ['bench_src_001', 'bench_src_002', 'bench_src_003'];
    emulator.store.load(cloneSources(emulator.store.snapshot(), { template: 'bench_src_000', names }));
    expect(
      emulator.store
        .scan('sources')
        .map((s) => s.name)
        .sort(),
    ).toEqual(['bench_src_000', ...names]);
    expect(emulator.store.scan('tables')).toHaveLength(48);

    await writeBenchManifests(path.join(dir, 'all'), { ...shape, sources: 4 });
    const figures = await measurePlan({ dir: path.join(dir, 'all'), url: emulator.url });
    expect(figures.manifests).toBe(4 + 48 + 4 + 3);
    expect(figures.summary).toMatchObject({ add: 0, change: 0, replace: 0, destroy: 0 });
    expect(figures.noop).toBe(true);
  });

  it('gives every copy its own ids, and its groups the copies of its own tables', () => {
    const snapshot = {
      sources: [{ id: 'aaaaaaaaaaaaaaaaaaaaaaa1', name: 'src' }],
      tables: [{ id: 'aaaaaaaaaaaaaaaaaaaaaaa2', name: 't', source: 'aaaaaaaaaaaaaaaaaaaaaaa1' }],
      table_groups: [
        {
          id: 'aaaaaaaaaaaaaaaaaaaaaaa3',
          source: 'aaaaaaaaaaaaaaaaaaaaaaa1',
          tables: [{ table_id: 'aaaaaaaaaaaaaaaaaaaaaaa2' }],
        },
      ],
      environments: [{ id: 'eeeeeeeeeeeeeeeeeeeeeee1', name: 'env' }],
    };
    const out = cloneSources(snapshot, { template: 'src', names: ['src2'] });
    const [, copy] = out.sources ?? [];
    const [, table] = out.tables ?? [];
    const [, group] = out.table_groups ?? [];
    expect(copy?.name).toBe('src2');
    expect(copy?.id).not.toBe('aaaaaaaaaaaaaaaaaaaaaaa1');
    expect(table).toMatchObject({ source: copy?.id });
    expect(group).toMatchObject({ source: copy?.id, tables: [{ table_id: table?.id }] });
    expect(out.environments).toEqual(snapshot.environments);
    expect(snapshot.sources).toHaveLength(1);
  });
});
