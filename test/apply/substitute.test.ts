import { describe, expect, it } from 'vitest';
import { referencedIds, substitute, substitutePath } from '../../src/apply/substitute.js';
import { renderPath } from '../../src/kinds/kind.js';

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

describe('ids in paths', () => {
  const good = '66cd72aaeed4673496ef27c7';

  it('fills a platform id into a path, percent-encoded', () => {
    const ids = new Map([
      ['Source/a', good],
      ['User/u', '6RkfybTRQQByEey3v'],
    ]);
    expect(substitutePath('/sources/${Source/a.id}/x/${User/u.id}', ids)).toEqual({
      value: `/sources/${good}/x/6RkfybTRQQByEey3v`,
    });
  });

  it('refuses an id that is not a platform id instead of turning it into a route', () => {
    const ids = new Map([['Table/s/t', `../../../domains/${good}`]]);
    const result = substitutePath('/sources/x/tables/${Table/s/t.id}', ids);
    expect(result.value).toBeUndefined();
    expect(result.error).toBe(
      `refuses the id "../../../domains/${good}" of Table/s/t in a path: it is not a platform id (24 hex digits, or 17 letters and digits for users)`,
    );
  });

  it('renders a known id as one encoded path segment, and leaves placeholders for apply', () => {
    expect(renderPath('/sources/{Source}/tables/{id}', { Source: '${Source/a.id}', id: '../x?y#z' })).toBe(
      '/sources/${Source/a.id}/tables/..%2Fx%3Fy%23z',
    );
  });
});
