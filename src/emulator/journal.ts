// Ground-truth log of committed writes: one entry per 2xx write that changed the store.
import type { EmuMethod, JournalEntry } from './app.js';

export class Journal {
  private entries: JournalEntry[] = [];
  private seq = 0;

  append(entry: {
    at: Date;
    method: EmuMethod;
    path: string;
    status: number;
    entity: string;
    fault?: string;
  }): void {
    this.seq++;
    const { at, ...rest } = entry;
    this.entries.push({ seq: this.seq, at: at.toISOString(), ...rest });
  }

  since(seq = 0): JournalEntry[] {
    return this.entries.filter((entry) => entry.seq > seq).map((entry) => ({ ...entry }));
  }

  clear(): void {
    this.entries = [];
    this.seq = 0;
  }

  toJSON(): JournalEntry[] {
    return this.entries;
  }

  load(entries: JournalEntry[]): void {
    this.entries = entries.map((entry) => ({ ...entry }));
    this.seq = entries.reduce((max, entry) => Math.max(max, entry.seq), 0);
  }
}

/** Journal entity from a route pattern: the last literal segment ('/sources/:id/tables' → 'tables'). */
export function entityFromPattern(pattern: string): string {
  const literal = pattern.split('/').filter((segment) => segment !== '' && !segment.startsWith(':'));
  return literal[literal.length - 1] ?? 'root';
}
