#!/usr/bin/env node
// The dpac binary. The only place that calls process.exit, and only once stdout and stderr are
// flushed: a pipe (`| jq`, `| head`) takes writes asynchronously, so exiting right after the last
// write would cut the output at the pipe's buffer size. Ctrl-C once: long commands start nothing
// new and finish what is in flight; twice: exit at once. SIGTERM (a CI cancel or timeout) counts
// as a Ctrl-C press: the first one stops the run cleanly with its summary.
import { noInterrupts, processIo } from './io.js';
import { runCli } from './run.js';

// A reader that leaves early (`| head`) is not an error of ours: stop writing, keep the exit code.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
  });
}

const interrupts = noInterrupts();
let presses = 0;
const onInterrupt = (): void => {
  presses++;
  if (presses === 1) {
    interrupts.trigger();
    return;
  }
  process.stderr.write(
    '\nSecond interrupt: exiting now. Calls in flight may or may not have been applied; run dpac plan to see.\n',
  );
  process.exit(130);
};
process.on('SIGINT', onInterrupt);
process.on('SIGTERM', onInterrupt);

const code = await runCli(process.argv.slice(2), processIo(interrupts));
process.exitCode = code;
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
process.exit(code);

/** Resolves once everything written to `stream` so far has been handed to the OS (or the reader left). */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) return resolve();
    stream.once('error', () => resolve());
    stream.write('', () => resolve());
  });
}
