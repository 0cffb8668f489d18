// Runs the CLI in-process and returns the exit code. The one top-level catch lives here:
// expected failures are diagnostics; anything thrown is a bug and says so, with versions.
import { CommanderError } from 'commander';
import { VERSION } from '../version.js';
import './commands/index.js';
import type { CliIo } from './io.js';
import { buildProgram } from './program.js';

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let exitCode = 0;
  const program = buildProgram(io, (code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here with code 0; usage errors with 1.
      return error.exitCode === 0 ? 0 : 1;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.err(
      `dpac: internal error: ${message}\nThis is a bug in dpac ${VERSION} (node ${process.version}). ` +
        'Please report it with the command you ran.',
    );
    if (io.env.DPAC_DEBUG && error instanceof Error && error.stack) io.err(error.stack);
    return 1;
  }
}
