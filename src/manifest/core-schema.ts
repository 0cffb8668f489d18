// The YAML 1.2 core schema's plain scalars as the `yaml` package resolves them (the first matching
// tag wins): one definition for the fast parser (reading) and the export emitter (when to quote).

export const NULL_FORM = /^(?:~|[Nn]ull|NULL)$/;
export const BOOL_FORM = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_SPECIAL = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

/** A plain scalar that is a number manifests refuse (NaN, infinities): the full parser reports it. */
export const NOT_FINITE = Symbol('not finite');

/** The value of a non-empty plain scalar. */
export function resolvePlainScalar(s: string): unknown {
  const c = s.charCodeAt(0);
  if (c === 0x7e) return s.length === 1 ? null : s;
  // A letter starts a null or a boolean (at most five letters), else a string: `table_001` is
  // tried against no number form.
  if ('nNtTfF'.includes(s[0] as string)) {
    if (s.length > 5) return s;
    if (NULL_FORM.test(s)) return null;
    if (BOOL_FORM.test(s)) return c === 0x74 || c === 0x54;
    return s;
  }
  // Only digits and + - . can start a number.
  if (!(c >= 0x2b && c <= 0x39)) return s;
  if (INT_OCT.test(s)) return parseInt(s.substring(2), 8);
  if (INT.test(s)) return parseInt(s, 10);
  if (INT_HEX.test(s)) return parseInt(s.substring(2), 16);
  if (FLOAT_SPECIAL.test(s)) return NOT_FINITE;
  if (FLOAT_EXP.test(s) || FLOAT.test(s)) {
    const n = parseFloat(s);
    return Number.isFinite(n) ? n : NOT_FINITE;
  }
  return s;
}

/** Whether this string, written plain, would be read back as something other than a string. */
export function readsAsNonString(s: string): boolean {
  return s === '' || typeof resolvePlainScalar(s) !== 'string';
}
