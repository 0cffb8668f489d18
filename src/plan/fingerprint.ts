// Fingerprints of live objects: a hash of the normalized GET, so a saved plan can tell whether
// anything it touches changed since it was made.
import { createHash } from 'node:crypto';
import { SecretRef } from '../core/secret.js';
import type { LiveRecord } from '../kinds/kind.js';

export function fingerprint(record: LiveRecord): string {
  return createHash('sha256')
    .update(stableStringify({ item: record.item, docs: record.docs }))
    .digest('hex')
    .slice(0, 32);
}

/** JSON with object keys sorted at every level. */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  // A declared secret hashes as its reference (`${env.NAME}`), never as a value.
  if (value instanceof SecretRef) return JSON.stringify(value.toJSON());
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + stableStringify(value[i]);
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = sortInPlace(Object.keys(record));
  let out = '{';
  let first = true;
  for (const key of keys) {
    const item = record[key];
    if (item === undefined) continue;
    out += `${first ? '' : ','}${quotedKey(key)}:${stableStringify(item)}`;
    first = false;
  }
  return `${out}}`;
}

/**
 * UTF-16 order, as the plain comparison was. Insertion sort: objects have a few keys, often in
 * order already, and Array#sort allocates a work copy for each of the ~500,000 objects of a plan.
 */
function sortInPlace(keys: string[]): string[] {
  if (keys.length > 32) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i] as string;
    let j = i - 1;
    while (j >= 0 && (keys[j] as string) > key) {
      keys[j + 1] = keys[j] as string;
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
}

// Plans hash every spec and every touched live object: the same few hundred keys, quoted once.
const QUOTED_KEYS = new Map<string, string>();
const QUOTED_KEYS_MAX = 10_000;

function quotedKey(key: string): string {
  let quoted = QUOTED_KEYS.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (QUOTED_KEYS.size < QUOTED_KEYS_MAX) QUOTED_KEYS.set(key, quoted);
  }
  return quoted;
}
