// forkEmulator(): runs the emulator in a child process (emulator-process.ts) and drives it over IPC.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { EmulatorCommand, EmulatorReport } from './emulator-process.js';

export interface EmulatorCounts {
  requests: number;
  byMethod: Record<string, number>;
  /** Token calls among them, by method. */
  auth: Record<string, number>;
  /** Committed table-adding calls, and the crawl jobs they started. */
  tableAdds: number;
  crawlJobs: number;
}

export interface BenchEmulator {
  /** http://127.0.0.1:port/v3 */
  url: string;
  /** Requests the emulator has received so far (every method, token calls included). */
  count(): Promise<EmulatorCounts>;
  setLatency(ms: number): Promise<void>;
  /** Copies the seeded source `template` once per name (see clone-sources.ts); resolves with the source count. */
  clone(template: string, names: string[]): Promise<number>;
  stop(): Promise<void>;
}

const SCRIPT = fileURLToPath(new URL('./emulator-process.js', import.meta.url));

export async function forkEmulator(latencyMs = 0): Promise<BenchEmulator> {
  const child = fork(SCRIPT, [String(latencyMs)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = await nextReport(child, 'ready');
  return {
    url: ready.url,
    count: async () => {
      const pending = nextReport(child, 'count');
      command(child, { type: 'count' });
      const { requests, byMethod, auth, tableAdds, crawlJobs } = await pending;
      return { requests, byMethod, auth, tableAdds, crawlJobs };
    },
    setLatency: async (ms) => {
      const pending = nextReport(child, 'latency');
      command(child, { type: 'latency', ms });
      await pending;
    },
    clone: async (template, names) => {
      const pending = nextReport(child, 'cloned');
      command(child, { type: 'clone', template, names });
      return (await pending).sources;
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      command(child, { type: 'stop' });
      await exited;
    },
  };
}

function command(child: ChildProcess, message: EmulatorCommand): void {
  child.send(message);
}

function nextReport<T extends EmulatorReport['type']>(
  child: ChildProcess,
  type: T,
): Promise<Extract<EmulatorReport, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (report: EmulatorReport): void => {
      if (report.type !== type) return;
      cleanup();
      resolve(report as Extract<EmulatorReport, { type: T }>);
    };
    const onExit = (code: number | null): void => {
      cleanup();
      reject(new Error(`the bench emulator exited (code ${code}) before reporting ${type}`));
    };
    const cleanup = (): void => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}
