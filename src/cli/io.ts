// Where commands write. Injected so tests can run commands in-process and read what they printed.
import { terminalSafe } from '../render/printable.js';

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Environment variables (secrets and DPAC_* settings come only from here). */
  env: Record<string, string | undefined>;
  /** Whether stdout is a terminal (colour, prompts, live progress). */
  isTty: boolean;
  cwd: string;
  /** Ctrl-C: the first press asks long commands to stop starting work; the second exits (main.ts). */
  interrupts: Interrupts;
  /** Asks a yes/no question on the terminal; only called when isTty. */
  ask?(question: string): Promise<string>;
  /** Replaces the live status line of a terminal ('' clears it); only called when isTty. */
  status?(line: string): void;
}

export interface Interrupts {
  requested(): boolean;
  onFirst(listener: () => void): () => void;
}

/** Interrupts that never fire (tests, in-process runs). */
export function noInterrupts(): Interrupts & { trigger(): void } {
  const listeners = new Set<() => void>();
  let fired = false;
  return {
    requested: () => fired,
    onFirst: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    trigger: () => {
      if (fired) return;
      fired = true;
      for (const l of listeners) l();
    },
  };
}

/**
 * The same io, with every text written passed through terminalSafe: no command can print a raw
 * escape sequence, whatever a name, a value or a server's message holds. `colour`: keep the
 * palette's colour codes (colour may be on for this run).
 */
export function guardedIo(io: CliIo, colour: boolean): CliIo {
  const safe = (text: string) => terminalSafe(text, colour);
  const { ask, status } = io;
  return {
    ...io,
    out: (text) => io.out(safe(text)),
    err: (text) => io.err(safe(text)),
    ...(ask ? { ask: (question: string) => ask.call(io, safe(question)) } : {}),
    ...(status ? { status: (line: string) => status.call(io, safe(line)) } : {}),
  };
}

export function processIo(interrupts: Interrupts): CliIo {
  return {
    interrupts,
    ask: async (question) => {
      const { createInterface } = await import('node:readline/promises');
      const rl = createInterface({ input: process.stdin, output: process.stdout });
      try {
        return await rl.question(question);
      } finally {
        rl.close();
      }
    },
    status: (line) => process.stdout.write(`\r\u001b[2K${line}`),
    out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
    env: process.env,
    isTty: Boolean(process.stdout.isTTY),
    cwd: process.cwd(),
  };
}
