// Output survives a pipe whole: every command that can print megabytes gives, through a pipe read
// slowly, exactly the bytes it writes to a file. (The bug: exiting right after the last write cut
// piped output at 64 KiB with exit code 0, so `| jq` in CI read half a plan.)
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBinary } from '../helpers/binary.js';
import { type E2e, startE2e } from '../helpers/e2e.js';
import { generatePlatform, writePlatform } from '../reliability/generate-platform.js';

const MIB = 1024 * 1024;
let e2e: E2e;
let env: Record<string, string | undefined>;
let folder: string;

// 1,200 tables applied, then manifests that give each a 1 KB description: plan and drift both
// carry 1,200 field changes, well over 1 MiB of JSON. 1,000 users make the export listing (one
// line per password variable to set) larger than a pipe's 64 KiB buffer.
beforeAll(async () => {
  e2e = await startE2e();
  const platform = generatePlatform({ sources: 3, tablesPerSource: 400, users: 1000 });
  env = { ...e2e.env, ...platform.env };
  const applied = await writePlatform((file, yaml) => e2e.write(file, yaml), platform, 'applied');
  expect((await e2e.dpac(['apply', applied, '--auto-approve'], { env })).code).toBe(0);
  const long = 'A description long enough to make every change weigh a kilobyte. '.repeat(16);
  for (const [file, yaml] of Object.entries(platform.files))
    await e2e.write(
      `edited/${file}`,
      yaml.replaceAll('description: Generated table', `description: ${long}`),
    );
  folder = 'edited';
}, 180_000);

afterAll(() => e2e.close());

/** Runs the command twice, into a slowly read pipe and into a file, and returns both outputs. */
async function bothWays(args: string[], name: string) {
  const piped = await runBinary(args, { cwd: e2e.dir, env, stdout: 'slow-pipe' });
  const filed = await runBinary(args, { cwd: e2e.dir, env, stdout: { file: path.join(e2e.dir, name) } });
  expect(piped.stderr).toBe(filed.stderr);
  expect(piped.code).toBe(filed.code);
  return { piped, filed };
}

// A plan is stamped with the time it was made; that line legitimately differs between two runs.
const unstamped = (out: Buffer) => out.toString('utf8').replace(/"created_at": "[^"]*"/g, '"created_at": ""');

describe('output through a pipe', () => {
  it('prints the whole JSON Schema through a slow pipe', async () => {
    const { piped, filed } = await bothWays(['schema'], 'schema.json');
    expect(piped.code).toBe(0);
    expect(filed.stdout.length).toBeGreaterThan(128 * 1024);
    expect(piped.stdout.equals(filed.stdout)).toBe(true);
  });

  it('prints a plan of more than 1 MiB whole with plan --json, and again with show --json', async () => {
    const { piped, filed } = await bothWays(['plan', folder, '--json', '--out', 'saved.json'], 'plan.json');
    expect(piped.code).toBe(0);
    expect(filed.stdout.length).toBeGreaterThan(MIB);
    expect(unstamped(piped.stdout)).toBe(unstamped(filed.stdout));
    expect(() => JSON.parse(piped.stdout.toString('utf8'))).not.toThrow();

    const shown = await bothWays(['show', 'saved.json', '--json'], 'show.json');
    expect(shown.piped.code).toBe(0);
    expect(shown.filed.stdout.length).toBeGreaterThan(MIB);
    expect(shown.piped.stdout.equals(shown.filed.stdout)).toBe(true);
  }, 120_000);

  it('ends quietly with its own exit code when the reader leaves early (| head)', async () => {
    for (const args of [['show', 'saved.json', '--json'], ['show', 'saved.json'], ['schema']]) {
      const run = await runBinary(args, { cwd: e2e.dir, env, stdout: 'head' });
      expect(run.stdout.toString('utf8').split('\n')).toHaveLength(2);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
    }
  }, 60_000);

  it('prints a drift report of more than 1 MiB whole with drift --json (exit 2)', async () => {
    const { piped, filed } = await bothWays(['drift', folder, '--format', 'json'], 'drift.json');
    expect(piped.code).toBe(2);
    expect(filed.stdout.length).toBeGreaterThan(MIB);
    expect(piped.stdout.equals(filed.stdout)).toBe(true);
  }, 120_000);

  it('prints the export listing whole', async () => {
    const first = await runBinary(['export', '--out', 'exported-a'], {
      cwd: e2e.dir,
      env,
      stdout: 'slow-pipe',
    });
    const second = await runBinary(['export', '--out', 'exported-b'], {
      cwd: e2e.dir,
      env,
      stdout: { file: path.join(e2e.dir, 'export.txt') },
    });
    expect(first.code).toBe(0);
    const listing = (out: Buffer) =>
      out.toString('utf8').replaceAll('exported-a', 'OUT').replaceAll('exported-b', 'OUT');
    expect(listing(first.stdout)).toBe(listing(second.stdout));
    expect(second.stdout.length).toBeGreaterThan(64 * 1024);
    expect(listing(first.stdout)).toMatch(/^Exported \d+ objects/);
    expect(listing(first.stdout)).toMatch(/it should list only adopt actions, or none\.\n$/);
  }, 180_000);
});
