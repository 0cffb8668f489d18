// Runs the CLI in-process and returns the exit code. The one top-level catch lives here:
// expected failures are diagnostics; anything thrown is a bug and says so, with versions.
import { CommanderError } from 'commander';
import { VERSION } from '../version.js';
import './commands/index.js';
import { type CliIo, guardedIo } from './io.js';
import { styleFor } from './output.js';
import { buildProgram } from './program.js';

export async function runCli(argv: readonly string[], given: CliIo): Promise<number> {
  // Every command writes through the guard (render/printable.ts): colour codes may stay only when
  // colour can be on for this run (a terminal, or FORCE_COLOR).
  const io = guardedIo(given, styleFor(given).color);
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
    const file = fileProblem(error);
    if (file) {
      io.err(`Error: ${file}`);
      return 1;
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

const FILE_CODES: Record<string, string> = {
  ENOENT: 'no such file or folder',
  ENOTDIR: 'a part of the path is not a folder',
  EISDIR: 'it is a folder',
  EEXIST: 'a file is in the way',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
};

/** A file the user named could not be read or written (`--out` into a missing folder…): theirs to fix. */
function fileProblem(error: unknown): string | undefined {
  const e = error as NodeJS.ErrnoException | null;
  if (!e || typeof e.code !== 'string' || typeof e.path !== 'string') return undefined;
  const why = FILE_CODES[e.code];
  return why ? `cannot ${e.syscall ?? 'use'} ${e.path}: ${why} (${e.code})` : undefined;
}
