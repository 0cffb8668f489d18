// Reads loosely typed live JSON values as the types the spec declares: stringly numbers, string
// booleans and ext-JSON `{"$oid": …}` ids all occur in what the v3 API returns.

export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

/** A utility stores `"true"` where the schema says boolean; accept both. */
export function booleanOf(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

/** An id given as a plain string or as ext-JSON `{"$oid": "<hex>"}`. */
export function idOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (value !== null && typeof value === 'object' && '$oid' in value) {
    const oid = (value as { $oid: unknown }).$oid;
    return typeof oid === 'string' ? oid : undefined;
  }
  return undefined;
}
