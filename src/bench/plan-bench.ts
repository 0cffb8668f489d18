// measurePlan(): one plan of a manifest folder with the real engine (loadManifests → createClient →
// computePlan), timed, with requests, CPU and peak RSS. Run as a script it prints the figures as
// JSON, so each measurement gets a fresh process:
// `node dist/bench/plan-bench.js DIR URL [--reads N] [--changed-since REF]`.
import { pathToFileURL } from 'node:url';
import { createClient } from '../api/index.js';
import { hasErrors } from '../core/diagnostic.js';
import { loadManifests } from '../manifest/load-manifests.js';
import { computePlan } from '../pipeline.js';
import { hasChanges, type PlanSummary } from '../plan/plan.js';
import { BENCH_REFRESH_TOKEN, benchEnv } from './bench-env.js';

export interface PlanRunOptions {
  /** The manifest folder (holds dpac.yaml). */
  dir: string;
  url: string;
  /** Read concurrency; the client's default when omitted. */
  reads?: number;
  /** `--changed-since`: plan only what changed since this git ref (DIR is in a repository). */
  changedSince?: string;
}

export interface PlanFigures {
  manifests: number;
  /** Loading and validating the manifests (no IO but the files). */
  load_ms: number;
  /** computePlan(): read live, diff, order calls, assemble (plus closing the client). */
  plan_ms: number;
  wall_ms: number;
  requests: number;
  by_method: Record<string, number>;
  /** Response bytes the plan read (what DPAC_MAX_READ_MB bounds), MB. */
  read_mb: number;
  /** The highest read limit of the plan (the limit grows with latency): the strictest bound. */
  read_concurrency: number;
  noop: boolean;
  summary: PlanSummary;
  /** Manifest files loaded (all of them, unless the plan was scoped by --changed-since). */
  files: number;
  /** CPU of the plan: from loading the manifests to the plan (module loading excluded). */
  cpu_ms: { user: number; system: number };
  /** CPU of the whole process so far, module loading included (what `time dpac plan` would add up). */
  process_cpu_ms: number;
  /** The process's peak resident set so far: the plan's when it runs in a fresh process (as a script). */
  peak_rss_mb: number;
}

const round = (n: number): number => Math.round(n);
const megabytes = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10;

export async function measurePlan(options: PlanRunOptions): Promise<PlanFigures> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  // git, for --changed-since, is found on the PATH.
  const env = { ...benchEnv(options.url), PATH: process.env.PATH };
  const loaded = await loadManifests({
    cwd: options.dir,
    paths: ['.'],
    env,
    ...(options.changedSince === undefined ? {} : { changedSince: options.changedSince }),
  });
  if (hasErrors(loaded.diagnostics)) {
    throw new Error(`the bench manifests do not load: ${loaded.diagnostics[0]?.summary ?? '?'}`);
  }
  const loadedAt = performance.now();
  const client = createClient({
    baseUrl: options.url,
    auth: { refreshToken: BENCH_REFRESH_TOKEN },
    ...(options.reads ? { concurrency: { reads: options.reads } } : {}),
  });
  let computed: Awaited<ReturnType<typeof computePlan>>;
  try {
    computed = await computePlan({
      client,
      url: options.url,
      manifests: loaded.manifests,
      ownershipTag: loaded.project.ownership_tag,
      prune: loaded.project.prune,
      protect: loaded.project.protect,
      ...(loaded.changes ? { changes: loaded.changes } : {}),
    });
  } finally {
    await client.close();
  }
  const done = performance.now();
  const cpu = process.cpuUsage(cpuBefore);
  const total = process.cpuUsage();
  const stats = client.stats();
  // The kernel's high-water mark (getrusage): exact, where sampling missed short peaks and its
  // own CPU counted in the figure.
  const peakRss = process.resourceUsage().maxRSS * 1024;
  return {
    manifests: loaded.manifests.length,
    load_ms: round(loadedAt - started),
    plan_ms: round(done - loadedAt),
    wall_ms: round(done - started),
    requests: stats.requests,
    by_method: stats.byMethod,
    read_mb: megabytes(stats.readBytes),
    read_concurrency: stats.concurrency.peakReads,
    noop: !hasChanges(computed.plan) && !hasErrors(computed.diagnostics),
    summary: computed.plan.summary,
    files: loaded.files.length,
    cpu_ms: { user: round(cpu.user / 1000), system: round(cpu.system / 1000) },
    process_cpu_ms: round((total.user + total.system) / 1000),
    peak_rss_mb: megabytes(peakRss),
  };
}

async function main(argv: readonly string[]): Promise<void> {
  const [dir, url, ...rest] = argv;
  if (!dir || !url) throw new Error('usage: plan-bench.js DIR URL [--reads N] [--changed-since REF]');
  const flag = (name: string) => {
    const at = rest.indexOf(name);
    return at < 0 ? undefined : rest[at + 1];
  };
  const reads = flag('--reads');
  const changedSince = flag('--changed-since');
  const figures = await measurePlan({
    dir,
    url,
    ...(reads ? { reads: Number(reads) } : {}),
    ...(changedSince ? { changedSince } : {}),
  });
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`plan-bench: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
