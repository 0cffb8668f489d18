// Fingerprints of live objects: a hash of the normalized GET, so a saved plan can tell whether
// anything it touches changed since it was made.
import { createHash } from 'node:crypto';
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
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + stableStringify(value[i]);
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  // Object.keys then the default sort: UTF-16 order, as the plain comparison was.
  const keys = Object.keys(record).sort();
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
