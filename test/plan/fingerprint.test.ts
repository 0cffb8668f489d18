import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../src/manifest/manifest.js';
import { manifestDigest } from '../../src/plan/assemble-plan.js';
import { stableStringify } from '../../src/plan/fingerprint.js';

/** The first implementation, kept as the reference: saved plans hold digests made with it. */
function reference(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${reference(v)}`).join(',')}}`;
}

const json = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, undefined, true, false, 0, -0, 1.5, Number.NaN, Number.POSITIVE_INFINITY),
    fc.string(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(fc.string({ maxLength: 3 }), fc.constantFrom('é', '"q"', '\n', 'B', 'a', '10', '9')),
      tie('value'),
      {
        maxKeys: 4,
      },
    ),
  ),
})).value;

describe('plan fingerprints', () => {
  it('stringify with sorted keys exactly as before', () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(stableStringify(value)).toBe(reference(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('digest the manifests exactly as the joined text did', () => {
    // Few distinct addresses (ties are ordered by spec) with quotes and escapes among them.
    const address = fc.oneof(
      fc.constantFrom('a', 'a"b', 'a\\', 'ab', '', 'é', 'B'),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(address, json), { maxLength: 6 }), (specs) => {
        const manifests = specs.map(([address, spec]) => ({ address, spec }) as unknown as Manifest);
        const joined = manifests
          .map((m) => reference({ a: m.address, s: m.spec }))
          .sort()
          .join('\n');
        const expected = createHash('sha256').update(joined).digest('hex').slice(0, 32);
        expect(manifestDigest(manifests)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});
