// Readers for the loosely typed values a table's live JSON holds (stringly booleans and numbers,
// empty strings for "unset", singular-or-plural lists). Pure; each returns undefined for "absent".

/** A boolean, also when the API echoes it as `"true"`/`"false"`. */
export function liveBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

/** A number, also when the API echoes it as a numeric string (`target_precision: "10"`). */
export function liveNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    if (Number.isFinite(parsed)) return parsed;
  }
  return undefined;
}

/** A string that is set: the API writes `""` (and sometimes null) for "no value". */
export function liveText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A list of strings, also when the API holds a single string; empty lists are "absent". */
export function liveStrings(value: unknown): string[] | undefined {
  const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  const strings = list.filter((x): x is string => typeof x === 'string' && x !== '');
  return strings.length > 0 ? strings : undefined;
}
