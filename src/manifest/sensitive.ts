// Which values are secrets: a kind lists JSON pointers into its spec; a pointer also matches
// through array indexes it leaves out (`/credentials/password` ⊇ `/credentials/3/password`)
// and `*` matches any one segment.
import { parsePointer } from '../core/json-pointer.js';

export function isSensitivePointer(patterns: readonly string[], pointer: string): boolean {
  if (patterns.length === 0) return false;
  const actual = parsePointer(pointer);
  return patterns.some((pattern) => matches(parsePointer(pattern), 0, actual, 0));
}

function matches(pattern: string[], i: number, actual: string[], j: number): boolean {
  if (i === pattern.length && j === actual.length) return true;
  if (j === actual.length) return false;
  const segment = actual[j] as string;
  const want = pattern[i];
  if (want !== undefined && (want === '*' || want === segment) && matches(pattern, i + 1, actual, j + 1))
    return true;
  return /^\d+$/.test(segment) && matches(pattern, i, actual, j + 1);
}
