// --data FILE: atomic write-through (temp file + rename) with group commit; reload on start. A
// write is answered only once a save that holds it is on disk; writes that arrive while a save is
// running share the next one, so a 10k-table file is not rewritten once per write.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import type { JournalEntry } from './app.js';
import type { StoreSnapshot } from './store.js';

export interface PersistedState {
  version: 1;
  store: StoreSnapshot;
  journal: JournalEntry[];
}

export function loadState(file: string): PersistedState | undefined {
  if (!existsSync(file)) return undefined;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<PersistedState>;
  if (parsed.version !== 1 || typeof parsed.store !== 'object' || parsed.store === null) {
    throw new Error(`emulator data file ${file} is not a dpac emulator state file`);
  }
  return { version: 1, store: parsed.store, journal: Array.isArray(parsed.journal) ? parsed.journal : [] };
}

/** Saves at once (start-up, before any request is served). */
export function saveState(file: string, state: PersistedState): void {
  const temp = tempOf(file);
  writeFileSync(temp, JSON.stringify(state), { mode: 0o600 });
  renameSync(temp, file);
}

const tempOf = (file: string): string => `${file}.${process.pid}.tmp`;

/** Serialised saves of the state: at most one running and one queued behind it. */
export class StateFile {
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  constructor(
    private readonly file: string,
    private readonly state: () => PersistedState,
  ) {}

  /** Resolves once a save begun after this call (so holding every write made so far) is on disk. */
  save(): Promise<void> {
    if (this.queued) return this.queued;
    if (!this.running) {
      this.running = this.write();
      return this.running;
    }
    const queued = this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        this.running = this.write();
        return this.running;
      });
    this.queued = queued;
    return queued;
  }

  /** Every save asked for so far is done (or failed). */
  async settled(): Promise<void> {
    await (this.queued ?? this.running)?.catch(() => undefined);
  }

  private async write(): Promise<void> {
    try {
      // The snapshot is taken now, synchronously: it holds every write committed before the call.
      const text = JSON.stringify(this.state());
      const temp = tempOf(this.file);
      await writeFile(temp, text, { mode: 0o600 });
      await rename(temp, this.file);
    } finally {
      this.running = undefined;
    }
  }
}
