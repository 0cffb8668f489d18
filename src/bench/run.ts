// `npm run bench`: applies the 10k-table bench platform from empty at DPAC_BENCH_LATENCY (an
// emulator in its own process), measures no-op plans (each in a fresh process) at 0 ms and at that
// latency, cold `dpac validate` runs, plans at 30k tables (and 100k with DPAC_BENCH_SOURCES=1000,
// not run in CI) seeded by cloning — on the largest, from 1,000 sources, also the scoped plan
// (`--changed-since` after one file changed) — and the export bench. Prints the JSON report on
// stdout and the targets table on stderr. Knobs: DPAC_BENCH_SOURCES (largest point, in
// sources of 100 tables), _TABLES (per source), _LATENCY (ms), _REPEAT (runs per CPU figure),
// _EXPORT (off), _ONLY=scoped (only the scoped plan, on DPAC_BENCH_SOURCES sources, default 1,000).
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_CONCURRENCY } from '../api/client.js';
import { type PlanPoint, renderTargets, scopedRow, targetRows } from './bench-targets.js';
import { runScript } from './child-script.js';
import { type BenchEmulator, type EmulatorCounts, forkEmulator } from './fork-emulator.js';
import type { PlanFigures } from './plan-bench.js';
import { measureScopedPlans, type ScopedFigures } from './scoped-bench.js';
import {
  type BenchShape,
  FULL_SHAPE,
  seedPlatform,
  sourceName,
  writeBenchManifests,
  writeBenchProject,
} from './seed-platform.js';
import type { ValidateFigures } from './validate-bench.js';

const number = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= 0 && process.env[name] !== '' ? value : fallback;
};
const log = (line: string) => process.stderr.write(`bench: ${line}\n`);
const tablesOf = (shape: BenchShape): number => shape.sources * shape.tablesPerSource;
const load = () => loadavg().map((n) => Math.round(n * 100) / 100);

/** A script of this folder in a fresh process; its stdout is one JSON document. */
const child = async <T>(script: string, args: string[]): Promise<T> =>
  (await runScript<T>(script, args)).result;

type MeasuredPlan = Omit<PlanFigures, 'cpu_ms'> & PlanPoint & { cpu_split_ms: PlanFigures['cpu_ms'] };

async function measurePlan(emu: BenchEmulator, dir: string, tables: number): Promise<MeasuredPlan> {
  const { cpu_ms, ...figures } = await child<PlanFigures>('plan-bench.js', [dir, emu.url]);
  return { ...figures, tables, cpu_ms: cpu_ms.user + cpu_ms.system, cpu_split_ms: cpu_ms };
}

/** Writes minus token calls; reads likewise. */
function callsBetween(before: EmulatorCounts, after: EmulatorCounts) {
  const delta = (m: string) =>
    (after.byMethod[m] ?? 0) - (before.byMethod[m] ?? 0) - ((after.auth[m] ?? 0) - (before.auth[m] ?? 0));
  const byMethod = Object.fromEntries(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => [m, delta(m)]));
  return {
    byMethod,
    writes: delta('POST') + delta('PUT') + delta('PATCH') + delta('DELETE'),
    reads: delta('GET'),
  };
}

/** The bench platform applied from empty through `dpac apply`, timed. */
async function applyFromEmpty(emu: BenchEmulator, shape: BenchShape, dir: string, latencyMs: number) {
  const before = await emu.count();
  const cpu = process.cpuUsage();
  const applied = await seedPlatform({ dir, url: emu.url, shape });
  if (applied.code !== 0) throw new Error(`seeding apply failed (exit ${applied.code}):\n${applied.stderr}`);
  const used = process.cpuUsage(cpu);
  const after = await emu.count();
  const calls = callsBetween(before, after);
  return {
    latency_ms: latencyMs,
    wall_ms: Math.round(applied.ms),
    cpu_ms: Math.round((used.user + used.system) / 1000),
    ...calls,
    sources: shape.sources,
    table_adding_posts: after.tableAdds - before.tableAdds,
    crawl_jobs: after.crawlJobs - before.crawlJobs,
    write_concurrency: DEFAULT_CONCURRENCY.writes,
    // The apply runs in its own process: its read limit is bounded by the ceiling, the strictest.
    read_concurrency: DEFAULT_CONCURRENCY.readsCeiling,
    summary: applied.stdout.split('\n').find((line) => line.startsWith('Apply complete')) ?? '',
  };
}

/** A platform of `sources` bench sources: one applied, the rest cloned in the emulator's store. */
async function clonedPlatform(root: string, shape: BenchShape): Promise<{ emu: BenchEmulator; dir: string }> {
  const emu = await forkEmulator(0);
  try {
    const template = await mkdtemp(path.join(root, 'template-'));
    const seeded = await seedPlatform({ dir: template, url: emu.url, shape: { ...shape, sources: 1 } });
    if (seeded.code !== 0) throw new Error(`seeding the template failed:\n${seeded.stderr}`);
    const names = Array.from({ length: shape.sources - 1 }, (_, i) => sourceName(i + 1));
    await emu.clone(sourceName(0), names);
    const dir = await mkdtemp(path.join(root, `s${shape.sources}-`));
    await writeBenchManifests(dir, shape);
    return { emu, dir };
  } catch (error) {
    await emu.stop();
    throw error;
  }
}

/** The no-op plan of a cloned platform, then (`scoped`) the plan of one changed file on it. */
async function clonedPoint(
  root: string,
  shape: BenchShape,
  scoped?: { latencies: number[]; repeat: number },
): Promise<{ point: MeasuredPlan; scoped?: ScopedFigures }> {
  const { emu, dir } = await clonedPlatform(root, shape);
  try {
    const point = await measurePlan(emu, dir, tablesOf(shape));
    if (!scoped) return { point };
    log(`plan --changed-since after one file changed, at ${scoped.latencies.join(' and ')} ms latency…`);
    const tables = tablesOf(shape);
    return {
      point,
      scoped: await measureScopedPlans({ emu, dir, sources: shape.sources, tables, ...scoped }),
    };
  } finally {
    await emu.stop();
  }
}

/** `DPAC_BENCH_ONLY=scoped`: the scoped plan alone, on a cloned platform (no full plan measured). */
async function scopedOnly(root: string, shape: BenchShape, latencyMs: number, repeat: number) {
  log(`cloning ${shape.sources} sources × ${shape.tablesPerSource} tables…`);
  const { emu, dir } = await clonedPlatform(root, shape);
  try {
    log(
      `plan --changed-since after one file changed, at 0 and ${latencyMs} ms latency, ${repeat} runs each…`,
    );
    return await measureScopedPlans({
      emu,
      dir,
      sources: shape.sources,
      tables: tablesOf(shape),
      latencies: [0, latencyMs],
      repeat,
    });
  } finally {
    await emu.stop();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const loadAtStart = load();
  const latencyMs = number('DPAC_BENCH_LATENCY', 20);
  const repeat = Math.max(1, number('DPAC_BENCH_REPEAT', 3));
  const largest = number('DPAC_BENCH_SOURCES', FULL_SHAPE.sources);
  const shape: BenchShape = {
    ...FULL_SHAPE,
    sources: Math.min(largest, FULL_SHAPE.sources),
    tablesPerSource: number('DPAC_BENCH_TABLES', FULL_SHAPE.tablesPerSource),
  };
  const root = await mkdtemp(path.join(tmpdir(), 'dpac-bench-'));
  const only = process.env.DPAC_BENCH_ONLY;
  if (only !== undefined && only !== 'scoped')
    throw new Error(`DPAC_BENCH_ONLY takes scoped (the scoped plan alone), not ${only}`);
  if (only === 'scoped') {
    try {
      const sources = number('DPAC_BENCH_SOURCES', 1000);
      const scoped = await scopedOnly(root, { ...shape, sources }, latencyMs, repeat);
      const rows = [scopedRow(scoped)];
      const machine = {
        node: process.version,
        cpus: cpus().length,
        load_at_start: loadAtStart,
        load_at_end: load(),
      };
      process.stdout.write(`${JSON.stringify({ machine, scoped, targets: rows }, null, 2)}\n`);
      process.stderr.write(
        `\n${renderTargets(rows)}machine load (1/5/15 min): ${loadAtStart.join(' ')} at start, ${load().join(' ')} at end\n`,
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
    return;
  }
  const emu = await forkEmulator(latencyMs);
  try {
    log(
      `applying ${shape.sources} sources × ${shape.tablesPerSource} tables from empty at ${latencyMs} ms latency…`,
    );
    const dir = await mkdtemp(path.join(root, 'applied-'));
    const apply = await applyFromEmpty(emu, shape, dir, latencyMs);
    await emu.setLatency(0);
    log(`no-op plan at 0 ms latency, ${repeat} runs (CPU and memory)…`);
    const cpuPlans: MeasuredPlan[] = [];
    for (let i = 0; i < repeat; i++) cpuPlans.push(await measurePlan(emu, dir, tablesOf(shape)));
    await emu.setLatency(latencyMs);
    log(`no-op plan at ${latencyMs} ms latency, ${repeat} runs…`);
    const latencyPlans: MeasuredPlan[] = [];
    for (let i = 0; i < repeat; i++) latencyPlans.push(await measurePlan(emu, dir, tablesOf(shape)));
    await emu.stop();
    log(`dpac validate, ${repeat} cold runs…`);
    const validate: ValidateFigures[] = [];
    for (let i = 0; i < repeat; i++) validate.push(await child<ValidateFigures>('validate-bench.js', [dir]));
    const policies = await writeBenchProject(dir, true);
    log(`dpac validate with ${policies} policies (CEL), ${repeat} cold runs…`);
    const validatePolicies: ValidateFigures[] = [];
    for (let i = 0; i < repeat; i++)
      validatePolicies.push(await child<ValidateFigures>('validate-bench.js', [dir]));
    await writeBenchProject(dir, false);
    if (validatePolicies.some((v) => v.code !== 0))
      throw new Error('validate with the bench policies failed');
    log(`validate with policies: ${validatePolicies.map((v) => v.cpu_ms).join(', ')} ms CPU`);
    const scale: PlanPoint[] = [cpuPlans[0] as PlanPoint];
    let scoped: ScopedFigures | undefined;
    for (const sources of [300, ...(largest > 300 ? [largest] : [])]) {
      log(`no-op plan at ${(sources * shape.tablesPerSource) / 1000}k tables (cloned platform)…`);
      const withScoped = sources >= 1000 ? { latencies: [0, latencyMs], repeat } : undefined;
      const cloned = await clonedPoint(root, { ...shape, sources }, withScoped);
      scale.push(cloned.point);
      scoped ??= cloned.scoped;
    }
    log('export bench…');
    const exported =
      process.env.DPAC_BENCH_EXPORT === 'off'
        ? undefined
        : await child<{ export_ms: number }>('export-bench.js', [
            String(shape.sources),
            String(shape.tablesPerSource),
          ]);
    const rows = targetRows({
      cpuPlans,
      latencyPlans: latencyPlans.map((p) => ({
        wall_ms: p.wall_ms,
        gets: p.by_method.GET ?? 0,
        read_concurrency: p.read_concurrency,
        latency_ms: latencyMs,
      })),
      validate,
      scale,
      apply,
      ...(exported ? { export_ms: exported.export_ms } : {}),
      ...(scoped ? { scoped } : {}),
      largeHint: 'run with DPAC_BENCH_SOURCES=1000 (not run in CI)',
    });
    const report = {
      machine: {
        node: process.version,
        cpus: cpus().length,
        load_at_start: loadAtStart,
        load_at_end: load(),
      },
      shape: { ...shape, tables: tablesOf(shape), table_groups: shape.sources * shape.groupsPerSource },
      apply,
      plan_cpu: cpuPlans,
      plan_latency: { latency_ms: latencyMs, runs: latencyPlans },
      validate,
      validate_with_policies: { policies, runs: validatePolicies },
      scale,
      scoped: scoped ?? { skipped: 'needs DPAC_BENCH_SOURCES=1000 (or DPAC_BENCH_ONLY=scoped)' },
      export: exported ?? { skipped: 'DPAC_BENCH_EXPORT=off' },
      targets: rows,
      bench_wall_ms: Math.round(performance.now() - started),
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    process.stderr.write(
      `\n${renderTargets(rows)}machine load (1/5/15 min): ${loadAtStart.join(' ')} at start, ${load().join(' ')} at end\n`,
    );
  } finally {
    await emu.stop();
    await rm(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
