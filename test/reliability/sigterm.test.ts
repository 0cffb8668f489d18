// A CI cancel or timeout sends SIGTERM: the real binary treats it like a first Ctrl-C — the calls in
// flight finish, nothing new starts, the summary says what was and was not done, exit 3.
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { DPAC_BIN } from '../helpers/binary.js';
import { type E2e, startE2e } from '../helpers/e2e.js';
import { generatePlatform, writePlatform } from './generate-platform.js';
import { duplicateKeys } from './live-checks.js';

// Progress prints one line per finished resource: `  [3/26] applied Domain/d_0: …`.
const STEP_LINE = /^ {2}\[\d+\/\d+\] (applied|partly applied|failed|skipped|not started) \S+/;
const TERM_AFTER = 6;

describe('an apply cancelled with SIGTERM', () => {
  let e2e: E2e;
  afterEach(() => e2e.close());

  it('finishes the calls in flight, prints the summary, exits 3, and a re-run converges', async () => {
    e2e = await startE2e({ latencyMs: 40 });
    const platform = generatePlatform({ sources: 1, tablesPerSource: 20, domains: 1, users: 1 });
    const folder = await writePlatform(e2e.write, platform);
    const child = spawn(process.execPath, [DPAC_BIN, 'apply', folder, '--auto-approve', '--no-color'], {
      cwd: e2e.dir,
      env: { PATH: process.env.PATH ?? '', ...e2e.env, ...platform.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let signalled = false;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const steps = stdout.split('\n').filter((line) => STEP_LINE.test(line)).length;
      if (!signalled && steps >= TERM_AFTER) {
        signalled = true;
        child.kill('SIGTERM');
      }
    });
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.on('close', (c, s) => resolve([c, s])),
    );

    expect(signalled).toBe(true);
    expect(signal).toBeNull();
    expect(code, stderr).toBe(3);
    expect(stderr).toContain('Interrupt: finishing the calls in flight and starting nothing new.');
    expect(stdout).toMatch(
      /Apply finished partially: \d+ of \d+ calls applied, 0 failed, 0 skipped, \d+ not started\./,
    );
    expect(stdout).toContain('Run dpac apply again');

    const rerun = await e2e.dpac(['apply', folder, '--auto-approve'], { env: platform.env });
    expect(rerun.code).toBe(0);
    expect((await e2e.dpac(['plan', folder, '--detailed-exitcode'], { env: platform.env })).code).toBe(0);
    expect(duplicateKeys(e2e.emulator)).toEqual([]);
  }, 60_000);
});
