// `dpac emulator`: runs the local v3 API emulator until SIGINT/SIGTERM, then closes it cleanly.
import { Command, InvalidArgumentError, Option } from 'commander';
import type { RunningEmulator } from '../../emulator/server.js';
import { registerCommand } from '../program.js';

function integer(name: string, min: number) {
  return (value: string): number => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < min)
      throw new InvalidArgumentError(`${name} must be an integer ≥ ${min}.`);
    return parsed;
  };
}

interface EmulatorFlags {
  host: string;
  port: number;
  data?: string;
  latency?: number;
  faults?: string;
  seed?: string;
  tokenTtl?: number;
  revision: 'legacy' | 'current';
  expiredStatus: string;
  allowUndocumented?: boolean;
}

registerCommand((io, setExit) =>
  new Command('emulator')
    .description('Run a local emulator of the v3 API (for tests and demos).')
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option('--port <port>', 'port (0 picks a free one)', integer('--port', 0), 3001)
    .option('--data <file>', 'keep state in FILE (atomic write-through, reloaded on start)')
    .option('--latency <ms>', 'added latency per /v3 call', integer('--latency', 0))
    .option('--faults <spec>', 'fault spec, e.g. "5xx=0.2,reset=0.05,hang=0.02,429=0.03,seed=7"')
    .addOption(new Option('--seed <name>', 'seed data set').choices(['demo']))
    .option('--token-ttl <s>', 'access token lifetime in seconds', integer('--token-ttl', 1))
    .addOption(
      new Option('--revision <rev>', 'API revision').choices(['legacy', 'current']).default('current'),
    )
    .addOption(
      new Option('--expired-status <code>', 'status for expired tokens')
        .choices(['401', '406'])
        .default('406'),
    )
    .option(
      '--allow-undocumented',
      'serve the operations no reference documents (DELETE of storages, compute templates, interactive clusters) instead of answering 405',
    )
    .action(async (flags: EmulatorFlags) => {
      let emu: RunningEmulator;
      try {
        // Loaded here: every other command would otherwise load the emulator's 56 modules too.
        const { startEmulator } = await import('../../emulator/server.js');
        emu = await startEmulator({
          host: flags.host,
          port: flags.port,
          dataFile: flags.data,
          latencyMs: flags.latency,
          faults: flags.faults,
          seed: flags.seed === 'demo' ? 'demo' : undefined,
          tokenTtlSeconds: flags.tokenTtl,
          revision: flags.revision,
          expiredTokenStatus: flags.expiredStatus === '401' ? 401 : 406,
          allowUndocumented: flags.allowUndocumented === true,
        });
      } catch (error) {
        // Port in use, bad fault spec, unreadable data file: the user's setup, not a bug.
        io.err(`dpac emulator: could not start: ${error instanceof Error ? error.message : String(error)}`);
        setExit(1);
        return;
      }
      io.out(`dpac emulator listening on ${emu.url}`);
      io.out(`  admin:         ${emu.adminEmail} / ${emu.adminPassword}`);
      io.out(`  refresh token: ${emu.adminRefreshToken}`);
      io.out(`  instruments:   ${emu.baseUrl}/_emulator/{journal,reset,faults,health}`);
      if (flags.data) io.out(`  data file:     ${flags.data}`);
      io.out(
        flags.allowUndocumented
          ? '  undocumented:  served (the DELETE of storages, compute templates, interactive clusters)'
          : '  undocumented:  refused with 405 (--allow-undocumented serves them)',
      );
      io.out('Press Ctrl-C to stop.');
      await new Promise<void>((resolve) => {
        const stop = (): void => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          resolve();
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
      await emu.close();
      io.out('dpac emulator stopped.');
      setExit(0);
    }),
);
