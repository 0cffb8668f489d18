// The fault matrix (reliability.md): 200 resources applied against an emulator that fails 20% of
// calls with 5xx (half before, half after commit), resets 5%, hangs 2% (never answers) and
// throttles 3%; 6 seeds in CI, `npm run faults:long` (DPAC_FAULT_SEEDS=50) for the longer run.
// DPAC_FAULT_HANGS=0 runs the same matrix without hangs, the reference for the time an apply may
// take with them. Seeds run DPAC_FAULT_CONCURRENCY (6) at a time: the time is the client's backoff.
import { beforeAll, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../helpers/e2e.js';
import { generatePlatform, writePlatform } from './generate-platform.js';
import { duplicateKeys } from './live-checks.js';

const SEED_COUNT = Number(process.env.DPAC_FAULT_SEEDS ?? 6);
const SEEDS = Array.from({ length: SEED_COUNT }, (_, i) => i + 1);
const CONCURRENCY = Number(process.env.DPAC_FAULT_CONCURRENCY ?? 6);
const MAX_APPLIES = 3;
const HANGS = process.env.DPAC_FAULT_HANGS === '0' ? '' : 'hang=0.02,';
const faultsFor = (seed: number, run: number) => `5xx=0.2,reset=0.05,${HANGS}429=0.03,seed=${seed}.${run}`;

interface ApplyRun {
  code: number;
  ms: number;
  /** Whether a fault-free plan right after this apply was empty. */
  converged: boolean;
  inconsistent: number;
  errors: string[];
}

interface SeedOutcome {
  seed: number;
  runs: ApplyRun[];
  converged: boolean;
  duplicates: string[];
  deletes: number;
  failures: string[];
}

async function runSeed(seed: number): Promise<SeedOutcome> {
  const e2e = await startE2e({});
  try {
    const platform = generatePlatform();
    const folder = await writePlatform(e2e.write, platform);
    const env = platform.env;
    const runs: ApplyRun[] = [];
    const failures: string[] = [];
    for (let run = 1; run <= MAX_APPLIES; run++) {
      e2e.emulator.setFaults(faultsFor(seed, run));
      const started = Date.now();
      const apply = await e2e.dpac(['apply', folder, '--auto-approve', '--no-color'], { env });
      const ms = Date.now() - started;
      e2e.emulator.setFaults('');
      const converged = (await planExit(e2e, folder, env)) === 0;
      const inconsistent = apply.stderr.split('Inconsistent result after apply').length - 1;
      const errors = apply.stderr.split('\n').filter((line) => /^(Error|error)/.test(line));
      runs.push({
        code: apply.code,
        ms,
        converged,
        inconsistent,
        errors: errors.map((e) => e.slice(0, 160)),
      });
      failures.push(...apply.stdout.split('\n').filter((line) => line.startsWith('  failed ')));
      if (apply.code === 0) break;
    }
    return {
      seed,
      runs,
      converged: (await planExit(e2e, folder, env)) === 0,
      duplicates: duplicateKeys(e2e.emulator),
      deletes: e2e.writesSince(0).filter((entry) => entry.method === 'DELETE').length,
      failures,
    };
  } finally {
    await e2e.close();
  }
}

async function planExit(e2e: E2e, folder: string, env: Record<string, string>): Promise<number> {
  return (await e2e.dpac(['plan', folder, '--detailed-exitcode'], { env })).code;
}

/** One line for the closing note: converged, applies needed, duplicates, stray deletes, times. */
function summarize(outcomes: SeedOutcome[], wallMs: number): string {
  const converged = outcomes.filter((o) => o.converged).length;
  const applies = outcomes.map((o) => o.runs.length);
  const histogram = [1, 2, 3].map((n) => `${applies.filter((a) => a === n).length}×${n}`).join(' ');
  const first = outcomes.map((o) => (o.runs[0]?.ms ?? 0) / 1000).sort((a, b) => a - b);
  const all = outcomes.flatMap((o) => o.runs.map((r) => r.ms / 1000)).sort((a, b) => a - b);
  const at = (xs: number[], p: number) =>
    (xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0).toFixed(1);
  return (
    `summary: ${converged}/${outcomes.length} converged; applies needed ${histogram}; ` +
    `duplicates ${outcomes.reduce((n, o) => n + o.duplicates.length, 0)}; deletes ${outcomes.reduce((n, o) => n + o.deletes, 0)}; ` +
    `first apply median ${at(first, 0.5)}s max ${at(first, 1)}s; any apply max ${at(all, 1)}s; wall ${(wallMs / 1000).toFixed(0)}s`
  );
}

describe('the fault matrix: 200 resources under 5xx, resets, hangs and throttling', () => {
  const outcomes = new Map<number, SeedOutcome>();

  beforeAll(async () => {
    const started = Date.now();
    const queue = [...SEEDS];
    const worker = async (): Promise<void> => {
      for (let seed = queue.shift(); seed !== undefined; seed = queue.shift()) {
        outcomes.set(seed, await runSeed(seed));
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, SEEDS.length) }, worker));
    const lines = SEEDS.map((seed) => outcomes.get(seed) as SeedOutcome).map(
      (o) =>
        `seed ${o.seed}: ${o.runs.map((r) => `exit ${r.code}${r.converged ? '*' : ''} ${(r.ms / 1000).toFixed(1)}s${r.inconsistent ? ` inconsistent=${r.inconsistent}` : ''}`).join(' | ')}`,
    );
    console.info(
      `fault matrix, ${HANGS ? 'with' : 'without'} hangs (* = converged after that apply)\n${lines.join('\n')}\n${summarize([...outcomes.values()], Date.now() - started)}`,
    );
    const errors = [...outcomes.values()].flatMap((o) =>
      o.runs.flatMap((r, i) => r.errors.slice(0, 2).map((e) => `seed ${o.seed} apply ${i + 1}: ${e}`)),
    );
    if (errors.length) console.info(`errors printed by the applies:\n${errors.join('\n')}`);
  }, 3_600_000);

  it('generates a manifest set of 200 resources', () => {
    expect(generatePlatform().resources).toBe(200);
  });

  it.each(SEEDS)('seed %i converges within three applies', (seed) => {
    const outcome = outcomes.get(seed);
    expect(outcome?.runs.length).toBeLessThanOrEqual(MAX_APPLIES);
    expect(outcome?.converged, outcome?.failures.join('\n')).toBe(true);
  });

  it.each(SEEDS)('seed %i leaves no two live objects with the same natural key', (seed) => {
    expect(outcomes.get(seed)?.duplicates).toEqual([]);
  });

  it.each(SEEDS)('seed %i deletes nothing while creating everything', (seed) => {
    expect(outcomes.get(seed)?.deletes).toBe(0);
  });

  it.each(SEEDS)('seed %i: every apply that did not converge exited 1 or 3', (seed) => {
    for (const run of outcomes.get(seed)?.runs ?? []) {
      if (!run.converged) expect([1, 3]).toContain(run.code);
    }
    expect(outcomes.get(seed)?.runs.length).toBeGreaterThan(0);
  });
});
