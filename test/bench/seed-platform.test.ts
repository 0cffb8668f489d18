import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { measurePlan } from '../../src/bench/plan-bench.js';
import { runBenchCli, seedPlatform } from '../../src/bench/seed-platform.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/server.js';

const shape = { sources: 2, tablesPerSource: 3, groupsPerSource: 1, tablesPerGroup: 2 };

describe('the benchmark seeding', () => {
  let emulator: RunningEmulator;
  let dir: string;
  beforeEach(async () => {
    emulator = await startEmulator({ port: 0, quiet: true });
    dir = await mkdtemp(path.join(tmpdir(), 'dpac-bench-test-'));
  });
  afterEach(async () => {
    await emulator.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('applies the generated manifests so that the measured plan is a no-op', async () => {
    const applied = await seedPlatform({ dir, url: emulator.url, shape });
    expect(applied.code).toBe(0);
    // 2 sources, 6 tables, 2 groups, plus environment, storage and compute template.
    expect(applied.stdout).toContain('Resources: 13 added');
    const seq = emulator.journal().at(-1)?.seq ?? 0;

    const figures = await measurePlan({ dir, url: emulator.url });
    expect(figures).toMatchObject({ manifests: 13, noop: true, read_concurrency: 16 });
    expect(figures.by_method.GET).toBeGreaterThan(6);
    expect(emulator.journal(seq)).toEqual([]);
  });

  it('reads the same requests one at a time when asked for concurrency 1', async () => {
    await seedPlatform({ dir, url: emulator.url, shape });
    const concurrent = await measurePlan({ dir, url: emulator.url });
    const sequential = await measurePlan({ dir, url: emulator.url, reads: 1 });
    expect(sequential.read_concurrency).toBe(1);
    expect(sequential.noop).toBe(true);
    expect(sequential.by_method).toEqual(concurrent.by_method);
  });

  it('reports a changed table in the plan of the seeded folder', async () => {
    await seedPlatform({ dir, url: emulator.url, shape });
    const table = emulator.store.find('tables', (t) => t.name === 'table_001')[0];
    expect(table).toBeDefined();
    emulator.store.update('tables', String(table?.id), { description: 'edited in the UI' });
    const plan = await runBenchCli(['plan', '.'], { dir, url: emulator.url });
    expect(plan.stdout).toMatch(/Table\/bench_src_\d+\/table_001/);
    expect((await measurePlan({ dir, url: emulator.url })).noop).toBe(false);
  });
});
