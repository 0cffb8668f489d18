// Prune and protect patterns use the one glob of dpac: `*` stays within a name, a pattern without
// `/` matches the name only, and characters other than `*`, `?` are literal.
import { describe, expect, it } from 'vitest';
import { matchesPattern } from '../../src/manifest/name-pattern.js';

const table = (source: string, name: string) => ({ kind: 'Table', ancestors: [source], name });

describe('matchesPattern', () => {
  it('matches a slash-less pattern against the name only, never against the parent', () => {
    expect(matchesPattern({ kind: 'Table', name: 'tmp_*' }, table('sales_db', 'tmp_orders'))).toBe(true);
    expect(matchesPattern({ kind: 'Table', name: 'sales*' }, table('sales_db', 'orders'))).toBe(false);
    expect(matchesPattern({ kind: 'Table', name: '*' }, table('sales_db', 'orders'))).toBe(true);
  });

  it('matches a pattern with a slash against the parent names and the name', () => {
    expect(matchesPattern({ kind: 'Table', name: 'sales_db/*' }, table('sales_db', 'orders'))).toBe(true);
    expect(matchesPattern({ kind: 'Table', name: 'sales_db/*' }, table('hr_db', 'orders'))).toBe(false);
    expect(matchesPattern({ kind: 'Table', name: '*/orders' }, table('hr_db', 'orders'))).toBe(true);
    expect(matchesPattern({ kind: 'Table', name: '**/orders' }, table('hr_db', 'orders'))).toBe(true);
  });

  it('never lets * cross a slash', () => {
    const spec = { kind: 'ValidationSpec', ancestors: ['sales_db', 'orders'], name: 'not_null' };
    expect(matchesPattern({ kind: 'ValidationSpec', name: 'sales_db/*' }, spec)).toBe(false);
    expect(matchesPattern({ kind: 'ValidationSpec', name: 'sales_db/*/*' }, spec)).toBe(true);
  });

  it('takes brackets, braces and dots in a name literally', () => {
    const domain = (name: string) => ({ kind: 'Domain', ancestors: [], name });
    expect(matchesPattern({ kind: 'Domain', name: 'a[1]' }, domain('a[1]'))).toBe(true);
    expect(matchesPattern({ kind: 'Domain', name: 'a[1]' }, domain('a1'))).toBe(false);
    expect(matchesPattern({ kind: 'Domain', name: '{x,y}' }, domain('x'))).toBe(false);
    expect(matchesPattern({ kind: 'Domain', name: 'v1.0' }, domain('v1x0'))).toBe(false);
  });

  it('matches only its own kind', () => {
    expect(matchesPattern({ kind: 'Domain', name: '*' }, table('sales_db', 'orders'))).toBe(false);
  });
});
