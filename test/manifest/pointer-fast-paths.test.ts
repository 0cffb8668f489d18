import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pointerPatterns } from '../../src/core/field-policy.js';
import { escapeSegment, parsePointer, toPointer, unescapeSegment } from '../../src/core/json-pointer.js';

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

/** The matcher written plainly (parses both pointers on every call): the reference. */
function reference(patterns: readonly string[], pointer: string): boolean {
  const actual = parsePointer(pointer);
  return patterns.some((p) => {
    const pattern = parsePointer(p);
    return pattern.length === actual.length && pattern.every((want, i) => want === '*' || want === actual[i]);
  });
}

/** At or under a pattern, plainly. */
function referenceCovers(patterns: readonly string[], pointer: string): boolean {
  const actual = parsePointer(pointer);
  return patterns.some((p) => {
    const pattern = parsePointer(p);
    return pattern.length <= actual.length && pattern.every((want, i) => want === '*' || want === actual[i]);
  });
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

  it('match field-policy patterns exactly as the unshortcut matcher does', () => {
    const pointer = fc.array(segment, { maxLength: 5 }).map(toPointer);
    fc.assert(
      fc.property(fc.array(pointer, { maxLength: 3 }), pointer, (patterns, candidate) => {
        const compiled = pointerPatterns(patterns);
        expect(compiled.matches(parsePointer(candidate))).toBe(reference(patterns, candidate));
        // With leading segments skipped, as manifests do for `/spec`.
        expect(compiled.matches(['spec', ...parsePointer(candidate)], 1)).toBe(
          reference(patterns, candidate),
        );
        expect(compiled.covers(candidate)).toBe(referenceCovers(patterns, candidate));
      }),
      { numRuns: 3000 },
    );
  });
});
