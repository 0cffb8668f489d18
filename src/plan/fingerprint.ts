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
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
}
