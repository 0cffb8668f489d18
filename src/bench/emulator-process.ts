// The benchmark's emulator, forked into its own process so the figures measure dpac, not the
// emulator. Speaks over IPC: reports its URL, counts the requests it received, sets latency, stops.
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { startEmulator } from '../emulator/server.js';

/** Parent → child. */
export type EmulatorCommand = { type: 'count' } | { type: 'latency'; ms: number } | { type: 'stop' };

/** Child → parent. */
export type EmulatorReport =
  | { type: 'ready'; url: string }
  | { type: 'count'; requests: number; byMethod: Record<string, number> }
  | { type: 'latency'; ms: number };

async function main(): Promise<void> {
  const send = (report: EmulatorReport): void => {
    process.send?.(report);
  };
  let requests = 0;
  const byMethod: Record<string, number> = {};
  // Every request the server receives, instruments included (the bench asks for counts over IPC).
  subscribe('http.server.request.start', (message) => {
    const method = (message as { request: IncomingMessage }).request.method ?? 'GET';
    requests++;
    byMethod[method] = (byMethod[method] ?? 0) + 1;
  });
  const emu = await startEmulator({ port: 0, quiet: true, latencyMs: Number(process.argv[2] ?? 0) });
  process.on('message', (command: EmulatorCommand) => {
    switch (command.type) {
      case 'count':
        return send({ type: 'count', requests, byMethod: { ...byMethod } });
      case 'latency':
        emu.setFaults(`latency=${command.ms}`);
        return send({ type: 'latency', ms: command.ms });
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
