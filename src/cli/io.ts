// Where commands write. Injected so tests can run commands in-process and read what they printed.
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
