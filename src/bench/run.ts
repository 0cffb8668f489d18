// `npm run bench`: seeds an emulator (in its own process) with N sources × M tables + table groups
// by applying manifests once, then measures no-op plans, each in a fresh process, and prints one
// JSON document with the figures and the targets. Knobs: DPAC_BENCH_SOURCES, _TABLES,
// _LATENCY (ms), _SEQUENTIAL (slice | full | off), _SLICE_SOURCES, _EXPORT (off).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type BenchEmulator, type EmulatorCounts, forkEmulator } from './fork-emulator.js';
import type { PlanFigures } from './plan-bench.js';
import { type BenchShape, FULL_SHAPE, seedPlatform } from './seed-platform.js';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const number = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= 0 && process.env[name] !== '' ? value : fallback;
};
const round2 = (n: number): number => Math.round(n * 100) / 100;

interface Measured extends PlanFigures {
  emulator_requests: number;
}

/** One plan in a fresh process, so CPU and peak RSS are that plan's alone. */
async function measure(emu: BenchEmulator, dir: string, reads?: number): Promise<Measured> {
  const before = await emu.count();
  const args = [path.join(here, 'plan-bench.js'), dir, emu.url, ...(reads ? [String(reads)] : [])];
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const figures = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as PlanFigures;
  const after = await emu.count();
  return { ...figures, emulator_requests: after.requests - before.requests };
}

async function seed(emu: BenchEmulator, shape: BenchShape, root: string) {
  const dir = await mkdtemp(path.join(root, `s${shape.sources}-`));
  const before = await emu.count();
  const cpu = process.cpuUsage();
  const applied = await seedPlatform({ dir, url: emu.url, shape });
  if (applied.code !== 0) throw new Error(`seeding apply failed (exit ${applied.code}):\n${applied.stderr}`);
  const used = process.cpuUsage(cpu);
  const after = await emu.count();
  const apply = {
    wall_ms: Math.round(applied.ms),
    cpu_ms: Math.round((used.user + used.system) / 1000),
    emulator_requests: after.requests - before.requests,
    by_method: diffCounts(before, after),
    summary: applied.stdout.split('\n').find((line) => line.startsWith('Apply complete')) ?? '',
  };
  return { dir, apply };
}

function diffCounts(before: EmulatorCounts, after: EmulatorCounts): Record<string, number> {
  return Object.fromEntries(
    Object.entries(after.byMethod).map(([m, n]) => [m, n - (before.byMethod[m] ?? 0)]),
  );
}

const tablesOf = (shape: BenchShape): number => shape.sources * shape.tablesPerSource;
const getsOf = (m: PlanFigures): number => m.by_method.GET ?? 0;

function latencyFigures(m: Measured, shape: BenchShape, latencyMs: number) {
  const lowerBound = (getsOf(m) * latencyMs) / m.read_concurrency;
  return {
    ...m,
    gets_per_table: round2(getsOf(m) / tablesOf(shape)),
    lower_bound_ms: Math.round(lowerBound),
    vs_lower_bound: round2(m.plan_ms / lowerBound),
  };
}

async function sequentialFigures(options: {
  emu: BenchEmulator;
  mode: string;
  shape: BenchShape;
  dir: string;
  root: string;
  full: Measured;
  latencyMs: number;
}) {
  const { emu, mode, shape, latencyMs } = options;
  if (mode === 'off') return { skipped: 'DPAC_BENCH_SEQUENTIAL=off' };
  if (mode === 'full') {
    const sequential = await measure(emu, options.dir, 1);
    return {
      scope: 'full',
      tables: tablesOf(shape),
      concurrent: options.full,
      sequential,
      ratio: ratioOf(options.full, sequential),
    };
  }
  // A full sequential plan takes minutes; a slice of the same shape on a second emulator gives the
  // same ratio (both plans are latency-bound: time ≈ requests × latency ÷ concurrency).
  const sliceShape = { ...shape, sources: Math.min(shape.sources, number('DPAC_BENCH_SLICE_SOURCES', 10)) };
  const slice = await forkEmulator(0);
  try {
    const seeded = await seed(slice, sliceShape, options.root);
    await slice.setLatency(latencyMs);
    const concurrent = await measure(slice, seeded.dir);
    const sequential = await measure(slice, seeded.dir, 1);
    const perGet = sequential.plan_ms / Math.max(1, getsOf(sequential));
    return {
      scope: 'slice',
      tables: tablesOf(sliceShape),
      concurrent,
      sequential,
      ratio: ratioOf(concurrent, sequential),
      full_size_estimate_ms: Math.round(perGet * getsOf(options.full)),
      full_size_estimate_ratio: round2((perGet * getsOf(options.full)) / options.full.plan_ms),
    };
  } finally {
    await slice.stop();
  }
}

const ratioOf = (concurrent: PlanFigures, sequential: PlanFigures): number =>
  round2(sequential.plan_ms / concurrent.plan_ms);

/**
 * The export bench (another module) plugs in here when it exists. It runs in its own process, so
 * its peak RSS is not this process's (which has just applied 10k tables): `export-bench.js
 * SOURCES TABLES` prints its figures as JSON.
 */
async function exportFigures(shape: BenchShape): Promise<unknown> {
  const file = path.join(here, 'export-bench.js');
  if (!existsSync(file)) return { skipped: 'dist/bench/export-bench.js not present' };
  const args = [file, String(shape.sources), String(shape.tablesPerSource)];
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as unknown;
}

async function main(): Promise<void> {
  const started = performance.now();
  const latencyMs = number('DPAC_BENCH_LATENCY', 20);
  const shape: BenchShape = {
    ...FULL_SHAPE,
    sources: number('DPAC_BENCH_SOURCES', FULL_SHAPE.sources),
    tablesPerSource: number('DPAC_BENCH_TABLES', FULL_SHAPE.tablesPerSource),
  };
  const root = await mkdtemp(path.join(tmpdir(), 'dpac-bench-'));
  const emu = await forkEmulator(0);
  try {
    const log = (line: string) => process.stderr.write(`bench: ${line}\n`);
    log(
      `seeding ${shape.sources} sources × ${shape.tablesPerSource} tables through dpac apply (0 ms latency)…`,
    );
    const seeded = await seed(emu, shape, root);
    log('plan at 0 ms latency (CPU and memory)…');
    const cpuPlan = await measure(emu, seeded.dir);
    await emu.setLatency(latencyMs);
    log(`plan at ${latencyMs} ms latency…`);
    const plan = latencyFigures(await measure(emu, seeded.dir), shape, latencyMs);
    const mode = process.env.DPAC_BENCH_SEQUENTIAL ?? 'slice';
    log(`sequential plan (${mode})…`);
    const sequential = await sequentialFigures({
      emu,
      mode,
      shape,
      dir: seeded.dir,
      root,
      full: plan,
      latencyMs,
    });
    await emu.stop();
    log('export bench…');
    const exported =
      process.env.DPAC_BENCH_EXPORT === 'off'
        ? { skipped: 'DPAC_BENCH_EXPORT=off' }
        : await exportFigures(shape);
    const ratio = 'ratio' in sequential ? sequential.ratio : undefined;
    const cpuMs = cpuPlan.cpu_ms.user + cpuPlan.cpu_ms.system;
    const report = {
      machine: { node: process.version, cpus: cpus().length },
      shape: { ...shape, tables: tablesOf(shape), table_groups: shape.sources * shape.groupsPerSource },
      apply: seeded.apply,
      plan_cpu: { latency_ms: 0, ...cpuPlan, cpu_total_ms: cpuMs },
      plan: { latency_ms: latencyMs, ...plan },
      sequential,
      export: exported,
      targets: {
        faster_than_sequential: { value: ratio, target: '>= 10', met: ratio !== undefined && ratio >= 10 },
        vs_lower_bound: { value: plan.vs_lower_bound, target: '<= 1.3', met: plan.vs_lower_bound <= 1.3 },
        gets_per_table: { value: plan.gets_per_table, target: '<= 3', met: plan.gets_per_table <= 3 },
        cpu_plan_wall_ms: { value: cpuPlan.wall_ms, target: '< 5000', met: cpuPlan.wall_ms < 5000 },
        cpu_plan_cpu_ms: { value: cpuMs, target: '< 5000', met: cpuMs < 5000 },
        cpu_plan_peak_rss_mb: { value: cpuPlan.peak_rss_mb, target: '< 500', met: cpuPlan.peak_rss_mb < 500 },
        noop: { value: cpuPlan.noop && plan.noop, target: true, met: cpuPlan.noop && plan.noop },
      },
      bench_wall_ms: Math.round(performance.now() - started),
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await emu.stop();
    await rm(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
