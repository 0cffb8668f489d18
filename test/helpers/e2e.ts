// End-to-end harness: a real emulator on loopback and the real CLI run in-process against it.
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from '../../src/cli/run.js';
import { type EmulatorOptions, type RunningEmulator, startEmulator } from '../../src/emulator/server.js';
import { type CapturedIo, captureIo } from './capture-io.js';

export const REFRESH_TOKEN = 'dpac-emulator-refresh-token-0000000000000000000000000000000000000000';

/** The secrets the shipped examples reference. */
export const EXAMPLE_SECRETS: Record<string, string> = {
  SALES_DB_PASSWORD: 'sales-db-password',
  DATABRICKS_TOKEN: 'databricks-token',
  LAKE_ACCESS_KEY: 'lake-access-key',
  ALICE_PASSWORD: 'alice-password',
  BOB_PASSWORD: 'bob-password',
  WAREHOUSE_PASSWORD: 'warehouse-password',
};

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  io: CapturedIo;
}

export interface E2e {
  emulator: RunningEmulator;
  /** A scratch folder for manifests (removed by close()). */
  dir: string;
  env: Record<string, string | undefined>;
  /** Runs `dpac ...args` in-process with cwd = dir. */
  dpac(
    args: string[],
    options?: { env?: Record<string, string | undefined>; io?: CapturedIo },
  ): Promise<RunResult>;
  /** Writes a manifest file (relative to dir). */
  write(file: string, yaml: string): Promise<string>;
  /** Copies the shipped examples/ into dir/examples. */
  copyExamples(): Promise<string>;
  /** Journal entries (committed writes) since a sequence number. */
  writesSince(seq: number): ReturnType<RunningEmulator['journal']>;
  lastSeq(): number;
  close(): Promise<void>;
}

export async function startE2e(options: EmulatorOptions = {}): Promise<E2e> {
  const emulator = await startEmulator({ port: 0, quiet: true, ...options });
  const dir = await mkdtemp(path.join(tmpdir(), 'dpac-e2e-'));
  const env = { DPAC_URL: emulator.url, DPAC_REFRESH_TOKEN: REFRESH_TOKEN, ...EXAMPLE_SECRETS };
  return {
    emulator,
    dir,
    env,
    async dpac(args, opts = {}) {
      const io = opts.io ?? captureIo(dir, { ...env, ...opts.env });
      const code = await runCli(args, io);
      return { code, stdout: io.stdout.join('\n'), stderr: io.stderr.join('\n'), io };
    },
    async write(file, yaml) {
      const target = path.join(dir, file);
      await import('node:fs/promises').then((fs) => fs.mkdir(path.dirname(target), { recursive: true }));
      await writeFile(target, yaml);
      return target;
    },
    async copyExamples() {
      const target = path.join(dir, 'examples');
      await cp(path.resolve('examples'), target, { recursive: true });
      return target;
    },
    writesSince: (seq) => emulator.journal(seq),
    lastSeq: () => emulator.journal().at(-1)?.seq ?? 0,
    async close() {
      await emulator.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
