import { describe, expect, it } from 'vitest';
import { growth, renderTargets, type TargetInput, targetRows } from '../../src/bench/bench-targets.js';
import type { ScopedRun } from '../../src/bench/scoped-bench.js';

const point = (tables: number, cpu_ms: number, peak_rss_mb = 200) => ({
  tables,
  cpu_ms,
  process_cpu_ms: cpu_ms + 400,
  wall_ms: cpu_ms + 100,
  peak_rss_mb,
  noop: true,
});

const input: TargetInput = {
  cpuPlans: [point(10_000, 1900), point(10_000, 2100), point(10_000, 1800)],
  latencyPlans: [
    { wall_ms: 2500, gets: 1600, read_concurrency: 16, latency_ms: 20 },
    { wall_ms: 2700, gets: 1600, read_concurrency: 8, latency_ms: 20 },
    { wall_ms: 2400, gets: 1600, read_concurrency: 16, latency_ms: 20 },
  ],
  validate: [{ cpu_ms: 1400, wall_ms: 1600 }],
  scale: [point(10_000, 1900), point(30_000, 5200)],
  apply: {
    wall_ms: 170_000,
    writes: 31_600,
    reads: 400,
    write_concurrency: 4,
    read_concurrency: 16,
    latency_ms: 20,
    sources: 100,
    table_adding_posts: 100,
    crawl_jobs: 100,
  },
  export_ms: 3100,
  largeHint: 'run with DPAC_BENCH_SOURCES=1000',
};

const byFigure = (rows: ReturnType<typeof targetRows>, start: string) =>
  rows.find((r) => r.figure.startsWith(start));

describe('the bench targets table', () => {
  it('judges each figure against its bound: medians for CPU, the highest peak RSS', () => {
    const rows = targetRows(input);
    expect(byFigure(rows, 'no-op plan CPU')).toMatchObject({
      met: true,
      measured: expect.stringContaining('1.90 s'),
    });
    // The median wall (2.5 s) against max(1.3 × 1600 × 20 / 16 = 2.6 s, 2.0 s + 0.5 s): the
    // highest read limit of the runs (16, not 8) gives the smaller request bound.
    expect(byFigure(rows, 'no-op plan wall')).toMatchObject({
      met: true,
      target: expect.stringContaining('= 2.60 s'),
      measured: expect.stringContaining('2.50 s (median of 3; 16 reads'),
    });
    expect(byFigure(rows, 'dpac validate')?.met).toBe(true);
    expect(byFigure(rows, 'peak RSS')?.met).toBe(true);
    // 1.3 × 31,600 × 20 / 4 + 400 × 20 / 16 = 205.9 s
    expect(byFigure(rows, 'apply from empty at')).toMatchObject({
      met: true,
      target: expect.stringContaining('205.90 s'),
    });
    expect(byFigure(rows, 'export')?.met).toBe(false);
  });

  it('counts crawl jobs against the sources: one table-adding call per source is the bound', () => {
    expect(byFigure(targetRows(input), 'apply from empty, 10k tables')).toEqual({
      figure: 'apply from empty, 10k tables: table-adding POSTs (crawl jobs)',
      target: '≤ 1 per source per apply, so ≤ 100 crawl jobs',
      measured: '100 table-adding POSTs, 100 crawl jobs for 100 sources',
      met: true,
    });
    const perTable = { ...input, apply: { ...input.apply, table_adding_posts: 10_000, crawl_jobs: 10_000 } };
    expect(byFigure(targetRows(perTable), 'apply from empty, 10k tables')?.met).toBe(false);
  });

  it('prints the unmeasured rows as such, never as met', () => {
    const rows = targetRows(input);
    expect(byFigure(rows, '100k')).toMatchObject({
      measured: 'not measured — run with DPAC_BENCH_SOURCES=1000',
      met: false,
    });
    expect(byFigure(rows, '100k tables, one changed')).toMatchObject({
      measured: expect.stringContaining(
        'not measured — run with DPAC_BENCH_SOURCES=1000, or DPAC_BENCH_ONLY=scoped',
      ),
      met: false,
    });
    expect(rows).toHaveLength(9);
    expect(renderTargets(rows)).toContain('met: false  export of 10k tables');
  });

  it('holds the scoped plan to its wall and GETs at 0 ms, on 100k tables, planning exactly the one change', () => {
    const run = (latency_ms: number, over: Partial<ScopedRun> = {}): ScopedRun => ({
      latency_ms,
      wall_ms: 700,
      process_wall_ms: 1200,
      cpu_ms: 350,
      process_cpu_ms: 700,
      gets: 27,
      requests: 28,
      files: 2,
      summary: { add: 0, change: 1, replace: 0, destroy: 0, adopt: 0, unmanaged: 0 },
      ...over,
    });
    const scoped = (tables: number, ...runs: ScopedRun[]) => ({
      ...input,
      scoped: { tables, changed_file: 'sources/bench_src_500.yaml', runs },
    });
    const row = (i: TargetInput) => byFigure(targetRows(i), '100k tables, one changed');
    expect(row(scoped(100_000, run(0), run(20, { process_wall_ms: 2400 })))).toEqual({
      figure: '100k tables, one changed manifest file: plan --changed-since (whole process)',
      target: '≤ 1.5 s wall and ≤ 50 GETs at 0 ms latency, planning exactly that change; reported at 20 ms',
      measured:
        '100k tables, sources/bench_src_500.yaml changed: at 0 ms: 1.20 s (0.70 s in the plan; CPU 0.70 s, 0.35 s in the plan), 27 GETs, 2 files read; at 20 ms: 2.40 s (0.70 s in the plan; CPU 0.70 s, 0.35 s in the plan), 27 GETs, 2 files read',
      met: true,
    });
    expect(row(scoped(100_000, run(0, { process_wall_ms: 1600 })))?.met).toBe(false);
    expect(row(scoped(100_000, run(0, { gets: 51 })))?.met).toBe(false);
    expect(row(scoped(30_000, run(0)))?.met).toBe(false);
    const two = { add: 1, change: 1, replace: 0, destroy: 0, adopt: 0, unmanaged: 0 };
    const wrong = row(scoped(100_000, run(0), run(20, { summary: two })));
    expect(wrong?.met).toBe(false);
    expect(wrong?.measured).toContain('NOT the one change');
  });

  it('calls 100k met only with linear growth within the CPU and memory bounds', () => {
    const linear = {
      ...input,
      scale: [point(10_000, 2000), point(30_000, 6000), point(100_000, 20_000, 900)],
    };
    expect(byFigure(targetRows(linear), '100k')?.met).toBe(true);
    const quadratic = {
      ...input,
      scale: [point(10_000, 2000), point(30_000, 9000), point(100_000, 24_000, 900)],
    };
    expect(growth({ tables: 10_000, value: 2000 }, { tables: 100_000, value: 24_000 })).toBeGreaterThan(1.05);
    expect(byFigure(targetRows(quadratic), '100k')?.met).toBe(false);
    const heavy = { ...input, scale: [point(10_000, 2000), point(100_000, 20_000, 1600)] };
    expect(byFigure(targetRows(heavy), '100k')?.met).toBe(false);
  });
});
