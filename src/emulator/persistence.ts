// --data FILE: atomic write-through (temp file + rename) after each committed write; reload on start.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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

export function saveState(file: string, state: PersistedState): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(state), { mode: 0o600 });
  renameSync(temp, file);
}
