// The canonical-form helpers kinds share: sets as sorted lists, lists of keyed entries in key
// order, and objects without undefined members (so projections compare and exports stay tidy).

/** Sorted copy without duplicates: the canonical form of a set of strings. */
export function sortedSet(values: readonly string[] | undefined): string[] {
  // Most sets hold one member (a table's tags): no Set, no sort for those.
  if (!values || values.length < 2) return values ? [...values] : [];
  return [...new Set(values)].sort();
}

/** Copy of a list of entries ordered by one of their string fields (`key`, `name`, `table`). */
export function sortedBy<T, K extends keyof T>(items: readonly T[], field: K): T[] {
  if (items.length < 2) return [...items];
  return [...items].sort((a, b) => {
    const x = String(a[field]);
    const y = String(b[field]);
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/** Copy without keys whose value is undefined. */
export function compact<T extends Record<string, unknown>>(value: T): T {
  const out: Record<string, unknown> = {};
  // for…in, not Object.keys: no key list per object (plain data: no inherited keys).
  for (const key in value) if (value[key] !== undefined) out[key] = value[key];
  return out as T;
}
