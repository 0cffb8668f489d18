import { describe, expect, it } from 'vitest';
import { referencedIds, substitute } from '../../src/apply/substitute.js';

describe('substitute', () => {
  it('fills id placeholders and env references in paths and nested bodies', () => {
    const ids = new Map([['Source/sales_db', 'abc123']]);
    const result = substitute(
      {
        path: '/sources/${Source/sales_db.id}/tables',
        body: { connection: { password: '${env.PW}' }, list: ['${Source/sales_db.id}'] },
      },
      ids,
      { PW: 'hunter2' },
    );
    expect(result.value).toEqual({
      path: '/sources/abc123/tables',
      body: { connection: { password: 'hunter2' }, list: ['abc123'] },
    });
  });

  it('says which id or variable is missing without printing any secret', () => {
    const result = substitute({ a: '${Table/s/t.id}', b: '${env.MISSING}', c: '${env.SET}' }, new Map(), {
      SET: 'canary-value',
    });
    expect(result.value).toBeUndefined();
    expect(result.error).toBe(
      'needs the id of Table/s/t (it was not created) and the environment variable MISSING',
    );
    expect(result.error).not.toContain('canary-value');
  });

  it('lists the addresses a value refers to', () => {
    expect(referencedIds({ p: '/sources/${Source/a.id}/tables/${Table/a/b.id}' })).toEqual([
      'Source/a',
      'Table/a/b',
    ]);
  });
});

describe('substitute escapes', () => {
  it('reads $${...} as a literal ${...} and resolves nothing inside it', () => {
    const result = substitute({ password: 'pre$${env.X}post' }, new Map(), {});
    expect(result.value).toEqual({ password: 'pre${env.X}post' });
  });
});
