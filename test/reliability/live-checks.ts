// Ground-truth checks on the emulator's store: duplicate natural keys, object counts.
import type { RunningEmulator } from '../../src/emulator/server.js';

/** The parent field of each collection's natural key (the name is unique within it). */
const PARENT_FIELDS = ['environment_id', 'source', 'source_id', 'table_id', 'table'] as const;

function naturalKey(doc: Record<string, unknown>): string {
  const profile = doc.profile as { email?: unknown } | undefined;
  const name = doc.name ?? profile?.email ?? doc.email ?? doc.id;
  const parent = PARENT_FIELDS.map((field) => doc[field])
    .filter((value) => typeof value === 'string')
    .join('/');
  return `${parent}/${String(name).toLowerCase()}`;
}

/** "collection: key ×n" for every natural key held by more than one live object. */
export function duplicateKeys(emulator: RunningEmulator): string[] {
  const out: string[] = [];
  for (const [collection, docs] of Object.entries(emulator.store.snapshot())) {
    const counts = new Map<string, number>();
    for (const doc of docs) counts.set(naturalKey(doc), (counts.get(naturalKey(doc)) ?? 0) + 1);
    for (const [key, n] of counts) if (n > 1) out.push(`${collection}: ${key} ×${n}`);
  }
  return out;
}
