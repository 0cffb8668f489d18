// How a list of objects reads in one line, for plans, gates and policy results: `3 tables`,
// `3 objects` of several kinds, and `a, b, c and 7 more`.
import { kindOfAddress } from './address.js';

/** `table`/`tables`, `table group`/`table groups`: a kind's name in words. */
function kindNoun(kind: string, count: number): string {
  const words = kind.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return count === 1 ? words : `${words}s`;
}

/** `3 tables`, or `3 objects` when the addresses are of several kinds. */
export function countOf(addresses: readonly string[]): string {
  const kinds = new Set(addresses.map(kindOfAddress));
  const [kind] = kinds;
  return `${addresses.length} ${kinds.size === 1 && kind ? kindNoun(kind, addresses.length) : 'objects'}`;
}

/** `a, b, c and 7 more`: the first `max` items (through `wrap`), then how many are left out. */
export function listSome(items: readonly string[], max: number, wrap = (item: string) => item): string {
  const shown = items.slice(0, max).map(wrap);
  const rest = items.length - shown.length;
  if (rest === 0) return shown.join(', ');
  return shown.length ? `${shown.join(', ')} and ${rest} more` : `${rest} more`;
}
