import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeSegment, parsePointer, toPointer, unescapeSegment } from '../../src/core/json-pointer.js';
import { isSensitivePointer, sensitiveMatcher } from '../../src/manifest/sensitive.js';

const segment = fc.oneof(
  fc.constantFrom(
    'connection',
    'password',
    'tokens',
    'value',
    '*',
    '0',
    '3',
    '12',
    'a~b',
    'a/b',
    '~1',
    '~0',
    '',
  ),
  fc.string({ maxLength: 4 }),
);

/** The matcher as first written (parses both pointers on every call): the reference. */
function reference(patterns: readonly string[], pointer: string): boolean {
  const actual = parsePointer(pointer);
  const matches = (pattern: string[], i: number, j: number): boolean => {
    if (i === pattern.length && j === actual.length) return true;
    if (j === actual.length) return false;
    const s = actual[j] as string;
    const want = pattern[i];
    if (want !== undefined && (want === '*' || want === s) && matches(pattern, i + 1, j + 1)) return true;
    return /^\d+$/.test(s) && matches(pattern, i, j + 1);
  };
  return patterns.some((p) => matches(parsePointer(p), 0, 0));
}

describe('pointer fast paths', () => {
  it('escape and unescape segments as RFC 6901 says, sharing the common segment unchanged', () => {
    fc.assert(
      fc.property(segment, (s) => {
        expect(escapeSegment(s)).toBe(s.replaceAll('~', '~0').replaceAll('/', '~1'));
        expect(unescapeSegment(escapeSegment(s))).toBe(s);
      }),
    );
  });

  it('turn paths into pointers and back', () => {
    // `/` alone is read as the whole document (parsePointer's documented exception).
    const path = fc.array(segment, { minLength: 1, maxLength: 5 }).filter((p) => toPointer(p) !== '/');
    fc.assert(
      fc.property(path, (path) => {
        expect(parsePointer(toPointer(path))).toEqual(path);
      }),
    );
  });

  it('match sensitive paths exactly as the unshortcut matcher does', () => {
    const pointer = fc.array(segment, { maxLength: 5 }).map(toPointer);
    fc.assert(
      fc.property(fc.array(pointer, { maxLength: 3 }), pointer, (patterns, candidate) => {
        const expected = reference(patterns, candidate);
        expect(isSensitivePointer(patterns, candidate)).toBe(expected);
        // With leading segments skipped, as manifests do for `/spec`.
        expect(sensitiveMatcher(patterns)(['spec', ...parsePointer(candidate)], 1)).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });
});
