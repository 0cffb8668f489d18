#!/usr/bin/env node
// The dpac binary. The only place that calls process.exit. Ctrl-C once: long commands start nothing
// new and finish what is in flight; twice: exit at once.
import { noInterrupts, processIo } from './io.js';
import { runCli } from './run.js';

const interrupts = noInterrupts();
let presses = 0;
process.on('SIGINT', () => {
  presses++;
  if (presses === 1) {
    interrupts.trigger();
    return;
  }
  process.stderr.write(
    '\nSecond interrupt: exiting now. Calls in flight may or may not have been applied; run dpac plan to see.\n',
  );
  process.exit(130);
});

const code = await runCli(process.argv.slice(2), processIo(interrupts));
process.exit(code);
