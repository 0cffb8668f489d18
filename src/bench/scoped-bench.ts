// The scoped-plan figure (issue 30): a bench platform's manifests committed to git, one source's
// file changed (one table's description), then `plan --changed-since HEAD` in a fresh process at
// each latency asked: its wall (in the plan, and of the whole process), its GETs, the files it
// read, and whether it planned exactly that one change.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PlanSummary } from '../plan/plan.js';
import { runScript } from './child-script.js';
import type { BenchEmulator } from './fork-emulator.js';
import { commitAll } from './git-repo.js';
import type { PlanFigures } from './plan-bench.js';
import { sourceName } from './seed-platform.js';

export interface ScopedRun {
  latency_ms: number;
  /** From loading the manifests to the plan, in the plan's process (as the other plan figures). */
  wall_ms: number;
  /** The whole `node plan-bench.js` process, start to exit (what a user waits for). */
  process_wall_ms: number;
  /** CPU (user + sys) of the plan, and of the whole process with module loading. */
  cpu_ms: number;
  process_cpu_ms: number;
  /** GETs the plan sent (its token's included). */
  gets: number;
  requests: number;
  /** Manifest files read. */
  files: number;
  summary: PlanSummary;
}

export interface ScopedFigures {
  tables: number;
  /** The manifest file changed since the commit. */
  changed_file: string;
  /** Per latency, the run with the median wall. */
  runs: ScopedRun[];
}

/** Commits `dir`, changes one source's file, and plans `--changed-since HEAD` `repeat` times per latency. */
export async function measureScopedPlans(options: {
  emu: BenchEmulator;
  dir: string;
  sources: number;
  tables: number;
  latencies: readonly number[];
  repeat: number;
}): Promise<ScopedFigures> {
  const { emu, dir } = options;
  await commitAll(dir, 'the bench platform');
  const source = sourceName(Math.floor(options.sources / 2));
  const file = path.join('sources', `${source}.yaml`);
  const text = await readFile(path.join(dir, file), 'utf8');
  const changed = text.replace(`Table 7 of ${source}.`, `Table 7 of ${source}, changed.`);
  if (changed === text) throw new Error(`no table 7 to change in ${file}`);
  await writeFile(path.join(dir, file), changed);
  const runs: ScopedRun[] = [];
  for (const latency of options.latencies) {
    await emu.setLatency(latency);
    const measured: ScopedRun[] = [];
    for (let i = 0; i < options.repeat; i++) {
      const { result, ms } = await runScript<PlanFigures>('plan-bench.js', [
        dir,
        emu.url,
        '--changed-since',
        'HEAD',
      ]);
      measured.push({
        latency_ms: latency,
        wall_ms: result.wall_ms,
        process_wall_ms: Math.round(ms),
        cpu_ms: result.cpu_ms.user + result.cpu_ms.system,
        process_cpu_ms: result.process_cpu_ms,
        gets: result.by_method.GET ?? 0,
        requests: result.requests,
        files: result.files,
        summary: result.summary,
      });
    }
    const byWall = [...measured].sort((a, b) => a.process_wall_ms - b.process_wall_ms);
    runs.push(byWall[Math.floor((byWall.length - 1) / 2)] as ScopedRun);
  }
  return { tables: options.tables, changed_file: file, runs };
}
