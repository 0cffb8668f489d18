import { describe, expect, it } from 'vitest';
import { addressFrom } from '../../src/core/address.js';
import { mergeBatches } from '../../src/plan/merge-batches.js';
import type { Draft } from '../../src/plan/plan-calls.js';

const ADD = '/sources/${Source/s.id}/tables/source_tables';

function add(name: string, max = 500): Draft {
  return {
    method: 'POST',
    path: ADD,
    body: { tables_to_add: [{ table_name: name }] },
    creates: '/result/added_tables',
    batch: { list: '/tables_to_add', max },
    address: addressFrom(`Table/s/${name}`),
    needsCreated: [addressFrom('Source/s')],
    phase: 'write',
  };
}

function write(address: string): Draft {
  return { method: 'PUT', path: '/x', address: addressFrom(address), needsCreated: [], phase: 'write' };
}

describe('mergeBatches', () => {
  it('merges the adds of one source into one call owned by the source, redirecting every edge', () => {
    // 0: source create; 1, 3: adds; 2: a's follow-up write; 4: b's follow-up write.
    const drafts = [write('Source/s'), add('a'), write('Table/s/a'), add('b'), write('Table/s/b')];
    const edges = [new Set<number>(), new Set([0]), new Set([1]), new Set([0]), new Set([3])];
    const merged = mergeBatches(drafts, edges);
    expect(merged.drafts.map((d) => d.address)).toEqual(['Source/s', 'Source/s', 'Table/s/a', 'Table/s/b']);
    expect(merged.drafts[1]).toMatchObject({
      items: ['Table/s/a', 'Table/s/b'],
      body: { tables_to_add: [{ table_name: 'a' }, { table_name: 'b' }] },
    });
    expect(merged.edges.map((e) => [...e])).toEqual([[], [0], [1], [1]]);
  });

  it('splits a source’s adds into calls of at most `max` items', () => {
    const drafts = ['a', 'b', 'c', 'd', 'e'].map((n) => add(n, 2));
    const merged = mergeBatches(
      drafts,
      drafts.map(() => new Set<number>()),
    );
    expect(merged.drafts.map((d) => d.items?.length)).toEqual([2, 2, 1]);
  });

  it('keeps adds at different depths apart, so merging never makes a cycle', () => {
    // b's add waits for a write that itself waits for a's add: one call could not hold both.
    const drafts = [add('a'), write('TableGroup/s/g'), add('b')];
    const edges = [new Set<number>(), new Set([0]), new Set([1])];
    const merged = mergeBatches(drafts, edges);
    expect(merged.drafts.map((d) => d.items)).toEqual([['Table/s/a'], undefined, ['Table/s/b']]);
    expect(merged.edges.map((e) => [...e])).toEqual([[], [0], [1]]);
  });
});
