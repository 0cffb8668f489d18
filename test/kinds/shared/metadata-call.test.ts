import { describe, expect, it } from 'vitest';
import { createMetadataCall, updateMetadataCalls } from '../../../src/kinds/shared/metadata-call.js';

const PATH = '/sources/S1/metadata';

describe('the tags-and-description call', () => {
  it('is always written on create, tags sorted, with the description when one is declared', () => {
    expect(createMetadataCall(PATH, { tags: ['b', 'a', 'b'] })).toEqual({
      method: 'PUT',
      path: PATH,
      body: { tags_to_add: ['a', 'b'], tags_to_remove: [] },
      note: 'tags and description',
    });
    expect(createMetadataCall(PATH, { description: 'Sales.' }).body).toEqual({
      tags_to_add: [],
      tags_to_remove: [],
      description: 'Sales.',
    });
  });

  it('writes the tag difference on update', () => {
    const calls = updateMetadataCalls(PATH, {
      before: { tags: ['keep', 'old'] },
      after: { tags: ['keep', 'new'] },
      changed: new Set(['tags']),
    });
    expect(calls.map((c) => c.body)).toEqual([{ tags_to_add: ['new'], tags_to_remove: ['old'] }]);
  });

  it('clears a removed description by writing it empty', () => {
    const calls = updateMetadataCalls(PATH, {
      before: { description: 'Old.' },
      after: {},
      changed: new Set(['description']),
    });
    expect(calls.map((c) => c.body)).toEqual([{ tags_to_add: [], tags_to_remove: [], description: '' }]);
  });

  it('writes nothing when neither tags nor description changed', () => {
    const spec = { tags: ['a'], description: 'Same.' };
    expect(
      updateMetadataCalls(PATH, { before: spec, after: spec, changed: new Set(['connection']) }),
    ).toEqual([]);
  });
});
