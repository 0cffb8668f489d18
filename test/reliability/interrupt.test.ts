// Ctrl-C mid-apply: the calls in flight finish, nothing new starts, the summary says what was and
// was not done, exit 3; a re-run converges with no duplicates.
import { afterEach, describe, expect, it } from 'vitest';
import { captureIo } from '../helpers/capture-io.js';
import { type E2e, startE2e } from '../helpers/e2e.js';
import { generatePlatform, writePlatform } from './generate-platform.js';
import { duplicateKeys } from './live-checks.js';

const PARALLELISM = 4;
// Progress prints one line per finished resource (its calls all done): `  [3/26] applied Domain/d_0: …`.
const INTERRUPT_AFTER = 6;
const RESOURCE_LINE = /^ {2}\[\d+\/\d+\] (applied|partly applied|failed|skipped|not started) \S+/;

describe('an apply interrupted by Ctrl-C', () => {
  let e2e: E2e;
  afterEach(() => e2e.close());

  it('finishes the calls in flight, starts nothing new, exits 3, and a re-run converges', async () => {
    // Latency keeps calls in flight when the interrupt arrives.
    e2e = await startE2e({ latencyMs: 40 });
    const platform = generatePlatform({ sources: 1, tablesPerSource: 20, domains: 1, users: 1 });
    const folder = await writePlatform(e2e.write, platform);
    const io = captureIo(e2e.dir, { ...e2e.env, ...platform.env });
    const print = io.out;
    let finished = 0;
    let seqAtInterrupt: number | undefined;
    const afterInterrupt: string[] = [];
    io.out = (text) => {
      print(text);
      if (!RESOURCE_LINE.test(text)) return;
      if (seqAtInterrupt !== undefined) afterInterrupt.push(text);
      else if (++finished === INTERRUPT_AFTER) {
        seqAtInterrupt = e2e.lastSeq();
        io.interrupts.trigger();
      }
    };

    const run = await e2e.dpac(['apply', folder, '--auto-approve', '--parallelism', String(PARALLELISM)], {
      io,
    });

    expect(run.code).toBe(3);
    expect(run.stderr).toContain('Interrupt: finishing the calls in flight and starting nothing new.');
    const summary =
      /Apply finished partially: (\d+) of (\d+) calls applied, 0 failed, 0 skipped, (\d+) not started\./.exec(
        run.stdout,
      );
    expect(summary, run.stdout.slice(-2000)).not.toBeNull();
    const [applied, total, notStarted] = (summary ?? []).slice(1).map(Number) as [number, number, number];
    expect(notStarted).toBeGreaterThan(0);
    expect(applied + notStarted).toBe(total);
    expect(run.stdout).toMatch(/ {2}not done: .*Table\/src_0\//);
    expect(run.stdout).toContain('Run dpac apply again');

    // Only the calls already in flight ended after the interrupt (at most one per connection); the
    // resources left are reported as not (or partly) done, none failed.
    expect(seqAtInterrupt).toBeDefined();
    expect(e2e.writesSince(seqAtInterrupt ?? 0).length).toBeLessThanOrEqual(PARALLELISM);
    const outcomes = afterInterrupt.map((line) => RESOURCE_LINE.exec(line)?.[1]);
    expect(outcomes.filter((o) => o === 'not started' || o === 'partly applied').length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o === 'failed' || o === 'skipped')).toEqual([]);

    const rerun = await e2e.dpac(['apply', folder, '--auto-approve'], { env: platform.env });
    expect(rerun.code).toBe(0);
    const plan = await e2e.dpac(['plan', folder, '--detailed-exitcode'], { env: platform.env });
    expect(plan.code).toBe(0);
    expect(duplicateKeys(e2e.emulator)).toEqual([]);
  }, 60_000);
});
