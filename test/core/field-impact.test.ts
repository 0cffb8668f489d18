// The data impact declared with withRules on zod schemas: found by JSON pointer through wrappers,
// arrays, records and unions, the nearest declaration winning, the root carrying the kind's
// default and delete rule; never printed into a JSON Schema.

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldPolicy, withRules } from '../../src/core/field-policy.js';

const schema = withRules(
  z.object({
    plain: z.string().optional(),
    keys: withRules(z.array(z.string()).optional().describe('Keys.'), { impact: 'reload' }),
    nested: withRules(
      z.object({ inner: withRules(z.string(), { impact: 'metadata' }), rest: z.number() }).optional(),
      { impact: 'unknown' },
    ),
    items: z
      .array(z.object({ note: withRules(z.string(), { impact: 'metadata' }), n: z.number() }))
      .optional(),
    map: z.record(z.string(), z.object({ deep: withRules(z.string(), { impact: 'history' }) })).optional(),
    either: z
      .union([
        z.object({ a: withRules(z.string(), { impact: 'delete', secret: true }) }),
        z.object({ b: z.string() }),
      ])
      .optional(),
  }),
  { impact: 'next-run', impactOnDelete: 'delete' },
);

describe('field impact', () => {
  const rules = fieldPolicy(schema).impact;

  it('gives the nearest declared impact along the pointer, the root carrying the defaults', () => {
    expect(rules.onDelete).toBe('delete');
    expect(rules.at('')).toBe('next-run');
    expect(rules.at('/plain')).toBe('next-run');
    expect(rules.at('/keys')).toBe('reload');
    expect(rules.at('/keys/3')).toBe('reload');
    expect(rules.at('/nested/inner')).toBe('metadata');
    expect(rules.at('/nested/rest')).toBe('unknown');
    // An array item by index or by a keyed list's key; a record value by its key (escaped).
    expect(rules.at('/items/0/note')).toBe('metadata');
    expect(rules.at('/items/CUSTOMER_ID/note')).toBe('metadata');
    expect(rules.at('/items/0/n')).toBe('next-run');
    expect(rules.at('/map/any~1key/deep')).toBe('history');
    expect(rules.at('/either/a')).toBe('delete');
    expect(rules.at('/either/b')).toBe('next-run');
    expect(rules.at('/nowhere/at/all')).toBe('next-run');
  });

  it('lists every declaration with its pointer, and keeps the other rules of a field', () => {
    expect(rules.declared.map((d) => `${d.pointer} ${d.impact}`)).toEqual([
      ' next-run',
      '/keys reload',
      '/nested unknown',
      '/nested/inner metadata',
      '/items/*/note metadata',
      '/map/*/deep history',
      '/either/a delete',
    ]);
    expect(fieldPolicy(schema).secret.pointers).toEqual(['/either/a']);
  });

  it('stays out of a JSON Schema, the description in', () => {
    const json = JSON.stringify(z.toJSONSchema(schema));
    expect(json).not.toContain('impact');
    expect(json).toContain('"description":"Keys."');
  });
});
