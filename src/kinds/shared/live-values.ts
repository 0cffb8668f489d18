// Readers for the loosely typed values live JSON holds where the API's shape differs from the spec
// (ids, aliases, flags): stringly numbers and booleans, `""` or null for "unset", ext-JSON ids,
// singular-or-plural lists. Pure; each returns undefined for "absent". Where the shapes agree,
// kinds use projectToSchema (spec-projection.ts) instead of these.

export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A string that is set: the API writes `""` (and sometimes null) for "no value". */
export function liveText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A boolean, also when the API echoes it as `"true"`/`"false"`. */
export function liveBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

/** A list of strings, also when the API holds a single string; empty lists are "absent". */
export function liveStrings(value: unknown): string[] | undefined {
  const list = typeof value === 'string' ? [value] : asArray(value);
  const strings = list.filter((x): x is string => typeof x === 'string' && x !== '');
  return strings.length > 0 ? strings : undefined;
}

/** An id given as a plain string or as ext-JSON `{"$oid": "<hex>"}`. */
export function liveId(value: unknown): string | undefined {
  const oid = asRecord(value)?.$oid;
  return liveText(typeof oid === 'string' ? oid : value);
}

/**
 * Names for a list of ids, as a sorted set; unknown ids are kept as they are so the diff shows
 * them rather than hiding them.
 */
export function liveNames(ids: unknown, nameOf: (id: string) => string | undefined): string[] {
  const names = asArray(ids)
    .map(liveId)
    .filter((id) => id !== undefined)
    .map((id) => nameOf(id) ?? id);
  return [...new Set(names)].sort();
}
