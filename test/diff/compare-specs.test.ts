import { describe, expect, it } from 'vitest';
import { pointerPatterns } from '../../src/core/field-policy.js';
import { changedKeys, compareSpecs } from '../../src/diff/compare-specs.js';

describe('compareSpecs', () => {
  it('compares only the fields the manifest gives', () => {
    const desired = { description: 'x', nested: { a: 1 } };
    const live = { description: 'x', nested: { a: 1, server_chosen: 'y' }, state: 'ready' };
    expect(compareSpecs(desired, live)).toEqual([]);
  });

  it('reports a leaf that differs with its pointer, before and after', () => {
    expect(compareSpecs({ nested: { a: 2 } }, { nested: { a: 1 } })).toEqual([
      { path: '/nested/a', before: 1, after: 2 },
    ]);
  });

  it('reports a field missing live as a change from undefined', () => {
    expect(compareSpecs({ a: 'x' }, {})).toEqual([{ path: '/a', before: undefined, after: 'x' }]);
  });

  it('compares arrays of equal length element by element, with the same omission rule', () => {
    const desired = { tables: [{ table: 'a' }, { table: 'b', quota: 5 }] };
    const live = {
      tables: [
        { table: 'a', quota: 100 },
        { table: 'b', quota: 6 },
      ],
    };
    expect(compareSpecs(desired, live)).toEqual([{ path: '/tables/1/quota', before: 6, after: 5 }]);
  });

  it('reports arrays of different length as a whole', () => {
    expect(compareSpecs({ tags: ['a', 'b'] }, { tags: ['a'] })).toEqual([
      { path: '/tags', before: ['a'], after: ['a', 'b'] },
    ]);
  });

  it('never compares skipped pointers, including wildcard array indexes', () => {
    const desired = { connection: { password: '${env.X}', url: 'u' }, list: [{ secret: 's' }] };
    const live = { connection: { password: 'enc:zzz', url: 'u' }, list: [{ secret: 'enc:y' }] };
    expect(
      compareSpecs(desired, live, { skip: pointerPatterns(['/connection/password', '/list/*/secret']) }),
    ).toEqual([]);
  });

  it('matches keyed lists by key, ignoring live items the manifest does not list', () => {
    const desired = { schema: { columns: [{ name: 'b', target_sql_type: 12 }] } };
    const live = {
      schema: {
        columns: [
          { name: 'a', target_sql_type: 4 },
          { name: 'b', target_sql_type: 4 },
        ],
      },
    };
    expect(compareSpecs(desired, live, { keyed: { '/schema/columns': 'name' } })).toEqual([
      { path: '/schema/columns/b/target_sql_type', before: 4, after: 12 },
    ]);
  });

  it('treats null and a missing value alike', () => {
    expect(compareSpecs({ a: null }, {})).toEqual([]);
  });

  it('names the top-level keys touched', () => {
    const fields = compareSpecs({ a: { b: 1 }, c: 2, d: 3 }, { a: { b: 2 }, c: 2, d: 4 });
    expect([...changedKeys(fields)].sort()).toEqual(['a', 'd']);
  });
});
