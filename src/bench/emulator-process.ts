// The benchmark's emulator, forked into its own process so the figures measure dpac, not the
// emulator. Speaks over IPC: reports its URL, counts the requests it received (token calls apart),
// sets latency, grows its store by cloning a seeded source, stops.
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { startEmulator } from '../emulator/server.js';
import { cloneSources } from './clone-sources.js';

/** Parent → child. */
export type EmulatorCommand =
  | { type: 'count' }
  | { type: 'latency'; ms: number }
  | { type: 'clone'; template: string; names: string[] }
  | { type: 'stop' };

/** Child → parent. */
export type EmulatorReport =
  | { type: 'ready'; url: string }
  | {
      type: 'count';
      requests: number;
      byMethod: Record<string, number>;
      /** Token mints and revocations (under /security/), by method: not the plan's or apply's calls. */
      auth: Record<string, number>;
      /** Committed table-adding calls, and the crawl jobs they started (one each). */
      tableAdds: number;
      crawlJobs: number;
    }
  | { type: 'latency'; ms: number }
  | { type: 'cloned'; sources: number };

async function main(): Promise<void> {
  const send = (report: EmulatorReport): void => {
    process.send?.(report);
  };
  let requests = 0;
  const byMethod: Record<string, number> = {};
  const auth: Record<string, number> = {};
  // Every request the server receives, instruments included (the bench asks for counts over IPC).
  subscribe('http.server.request.start', (message) => {
    const request = (message as { request: IncomingMessage }).request;
    const method = request.method ?? 'GET';
    requests++;
    byMethod[method] = (byMethod[method] ?? 0) + 1;
    if (request.url?.includes('/security/')) auth[method] = (auth[method] ?? 0) + 1;
  });
  const emu = await startEmulator({ port: 0, quiet: true, latencyMs: Number(process.argv[2] ?? 0) });
  process.on('message', (command: EmulatorCommand) => {
    switch (command.type) {
      case 'count': {
        const tableAdds = emu
          .journal()
          .filter((e) => e.method === 'POST' && e.path.endsWith('/tables/source_tables')).length;
        const crawlJobs = emu.store.scan('jobs').length;
        return send({
          type: 'count',
          requests,
          byMethod: { ...byMethod },
          auth: { ...auth },
          tableAdds,
          crawlJobs,
        });
      }
      case 'latency':
        emu.setFaults(`latency=${command.ms}`);
        return send({ type: 'latency', ms: command.ms });
      case 'clone': {
        const { template, names } = command;
        emu.store.load(cloneSources(emu.store.snapshot(), { template, names }));
        return send({ type: 'cloned', sources: emu.store.scan('sources').length });
      }
      case 'stop':
        void emu.close().then(() => process.disconnect());
        return;
      default: {
        const never: never = command;
        throw new Error(`unknown command ${JSON.stringify(never)}`);
      }
    }
  });
  // The parent going away (crash, Ctrl-C) must not leave an emulator behind.
  process.on('disconnect', () => {
    void emu.close().then(() => process.exit(0));
  });
  send({ type: 'ready', url: emu.url });
}

main().catch((error: unknown) => {
  process.stderr.write(`bench emulator: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
