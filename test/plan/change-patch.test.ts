import jsonPatch, { type Operation } from 'fast-json-patch';
import { describe, expect, it } from 'vitest';
import { compareSpecs } from '../../src/diff/compare-specs.js';
import { changePatch } from '../../src/plan/change-patch.js';

const keyed = { '/schema/columns': 'name' };

describe('the RFC 6902 patch of a change', () => {
  it('sets the declared fields on live, by index in a keyed list, and leaves unmanaged fields alone', () => {
    const before = {
      description: 'old',
      unmanaged: 'kept',
      tags: ['a', 'pii'],
      schema: {
        columns: [
          { name: 'id', type: 'int' },
          { name: 'ts', type: 'string' },
        ],
      },
    };
    const after = {
      description: 'new',
      tags: ['a', 'gdpr'],
      schema: {
        columns: [
          { name: 'ts', type: 'timestamp' },
          { name: 'extra', type: 'int' },
        ],
      },
    };
    const fields = compareSpecs(after, before, { keyed });
    const patch = changePatch({ action: 'update', before, after, fields }, keyed);
    expect(patch).toContainEqual({ op: 'replace', path: '/schema/columns/1/type', value: 'timestamp' });
    expect(patch).toContainEqual({
      op: 'add',
      path: '/schema/columns/2',
      value: { name: 'extra', type: 'int' },
    });
    expect(patch.some((op) => op.path === '/unmanaged')).toBe(false);
    const patched = jsonPatch.applyPatch(jsonPatch.deepClone(before), patch as Operation[]).newDocument;
    expect(compareSpecs(after, patched, { keyed })).toEqual([]);
    expect(patched.unmanaged).toBe('kept');
  });

  it('adds every declared field for a create and removes every live one for a delete', () => {
    expect(changePatch({ action: 'create', before: null, after: { a: 1 }, fields: [] })).toEqual([
      { op: 'add', path: '/a', value: 1 },
    ]);
    expect(changePatch({ action: 'delete', before: { a: 1 }, after: null, fields: [] })).toEqual([
      { op: 'remove', path: '/a' },
    ]);
  });
});
