// A CliIo that records what a command printed, for running the CLI in-process.
import { type CliIo, type Interrupts, noInterrupts } from '../../src/cli/io.js';

export interface CapturedIo extends CliIo {
  stdout: string[];
  stderr: string[];
  all(): string;
  interrupts: Interrupts & { trigger(): void };
}

export function captureIo(
  cwd: string = process.cwd(),
  env: Record<string, string | undefined> = {},
): CapturedIo {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    stdout,
    stderr,
    out: (text) => stdout.push(text),
    err: (text) => stderr.push(text),
    env,
    isTty: false,
    cwd,
    interrupts: noInterrupts(),
    all: () => [...stdout, ...stderr].join('\n'),
  };
}
