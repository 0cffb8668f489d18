// Times `dpac validate DIR` in a fresh process, as a user's CI would run it (cold: module loading
// included). Prints {wall_ms, cpu_ms, peak_rss_mb, code} as JSON: `node dist/bench/validate-bench.js DIR`.
import { noInterrupts } from '../cli/io.js';
import { runCli } from '../cli/run.js';
import { BENCH_SECRETS } from './bench-env.js';

export interface ValidateFigures {
  wall_ms: number;
  /** user + sys of the whole process, module loading included. */
  cpu_ms: number;
  peak_rss_mb: number;
  code: number;
}

async function main(dir: string | undefined): Promise<void> {
  if (!dir) throw new Error('usage: validate-bench.js DIR');
  const code = await runCli(['validate', '.'], {
    out: () => {},
    err: (text) => process.stderr.write(`${text}\n`),
    env: BENCH_SECRETS,
    isTty: false,
    cwd: dir,
    interrupts: noInterrupts(),
  });
  const cpu = process.cpuUsage();
  const figures: ValidateFigures = {
    // From process start (performance's time origin): startup is part of what a user waits for.
    wall_ms: Math.round(performance.now()),
    cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    code,
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

main(process.argv[2]).catch((error: unknown) => {
  process.stderr.write(`validate-bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
