// Compact, stable rendering of JSON values in human output: JSON, so a value is one line with its
// controls escaped, and printable, so no bidi override or C1 control JSON leaves raw gets through.
import { printable } from './printable.js';

export function formatValue(value: unknown): string {
  if (value === undefined) return '(unset)';
  return printable(JSON.stringify(value) ?? String(value));
}

/** Leaf paths of a JSON value as `[pointer, value]`, arrays of scalars kept whole. */
export function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (value === null || typeof value !== 'object') return [[prefix || '/', value]];
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) return [[prefix || '/', value]];
    return value.flatMap((v, i) => leaves(v, `${prefix}/${i}`));
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return [[prefix || '/', {}]];
  return entries.flatMap(([k, v]) => leaves(v, `${prefix}/${k}`));
}
