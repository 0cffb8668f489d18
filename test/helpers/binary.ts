// Runs the built dpac binary as a child process (real stdout/stderr pipes, real signals), for the
// behaviours an in-process run cannot show: output cut at exit, SIGINT/SIGTERM, CI scripts.
import { spawn } from 'node:child_process';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';

export const DPAC_BIN = path.resolve(import.meta.dirname, '../../dist/cli/main.js');

export interface BinaryRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: string;
}

export interface BinaryOptions {
  cwd: string;
  env?: Record<string, string | undefined>;
  /**
   * Where stdout goes: a shell pipe whose reader starts late (`dpac … | (sleep 0.5; cat)`, as a busy
   * `| jq` would; an OS pipe holds only 64 KiB), `| head -n 1`, a pipe read at once, or a file.
   */
  stdout?: 'slow-pipe' | 'head' | 'pipe' | { file: string };
}

// Node's own child pipes are socket pairs with far larger buffers than a shell's `|`, so the slow
// reader is a real shell pipeline; PIPESTATUS gives dpac's exit code, not the reader's.
const SHELL_PIPES = {
  'slow-pipe': 'node "$0" "$@" | (sleep 0.5; cat); exit "${PIPESTATUS[0]}"',
  // The reader takes one line and leaves: dpac's later writes meet a closed pipe (EPIPE).
  head: 'node "$0" "$@" | head -n 1; exit "${PIPESTATUS[0]}"',
} as const;

export async function runBinary(args: readonly string[], options: BinaryOptions): Promise<BinaryRun> {
  const mode = options.stdout ?? 'pipe';
  const file = typeof mode === 'object' ? await open(mode.file, 'w') : undefined;
  try {
    const [command, argv] =
      mode === 'slow-pipe' || mode === 'head'
        ? ['bash', ['-c', SHELL_PIPES[mode], DPAC_BIN, ...args]]
        : [process.execPath, [DPAC_BIN, ...args]];
    const child = spawn(command, argv, {
      cwd: options.cwd,
      env: { PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`, ...options.env },
      stdio: ['ignore', file ? file.fd : 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.on('close', (c, s) => resolve([c, s])),
    );
    return {
      code,
      signal,
      stdout: file && typeof mode === 'object' ? await readFile(mode.file) : Buffer.concat(out),
      stderr: Buffer.concat(err).toString('utf8'),
    };
  } finally {
    await file?.close();
  }
}
