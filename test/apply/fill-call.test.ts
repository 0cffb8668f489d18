import { describe, expect, it } from 'vitest';
import { fillBody, referencedIds, substitutePath } from '../../src/apply/fill-call.js';
import { type Address, IdRef } from '../../src/core/address.js';
import { renderPath } from '../../src/kinds/kind.js';
import { fillKey } from '../../src/plan/lower-calls.js';

describe('fillBody', () => {
  const good = '66cd72aaeed4673496ef27c7';

  it('writes each fill at its pointer: ids and secrets, nowhere else', () => {
    const ids = new Map([['Source/sales_db', good]]);
    const call = {
      id: 'c1',
      body: {
        connection: { password: '${env.PW}' },
        list: ['${Source/sales_db.id}'],
        // Text that only looks like references: a live tag, an escaped manifest value.
        description: 'Literal ${env.PW} and ${Source/sales_db.id}',
        tags_to_remove: ['${env.PW}'],
      },
      fills: [
        { path: '/connection/password', env: 'PW' },
        { path: '/list/0', id: 'Source/sales_db' as Address },
      ],
    };
    expect(fillBody(call, { ids, env: { PW: 'hunter2' } })).toEqual({
      value: {
        connection: { password: 'hunter2' },
        list: [good],
        description: 'Literal ${env.PW} and ${Source/sales_db.id}',
        tags_to_remove: ['${env.PW}'],
      },
    });
    expect(call.body.connection.password).toBe('${env.PW}');
  });

  it('says which id or variable is missing without printing any secret', () => {
    const call = {
      id: 'c1',
      body: { a: '${Table/s/t.id}', b: '${env.MISSING}', c: '${env.SET}' },
      fills: [
        { path: '/a', id: 'Table/s/t' as Address },
        { path: '/b', env: 'MISSING' },
        { path: '/c', env: 'SET' },
      ],
    };
    const result = fillBody(call, { ids: new Map(), env: { SET: 'canary-value' } });
    expect(result.value).toBeUndefined();
    expect(result.error).toBe(
      'needs the id of Table/s/t (it was not created) and the environment variable MISSING',
    );
    expect(result.error).not.toContain('canary-value');
  });

  it('refuses a fill its body does not show, a reserved variable and a literal it was not given', () => {
    const call = {
      id: 'c2',
      body: { description: 'hello', password: '${env.DPAC_REFRESH_TOKEN}', other: '(sensitive)' },
      fills: [
        { path: '/description', env: 'PW' },
        { path: '/password', env: 'DPAC_REFRESH_TOKEN' },
        { path: '/other', literal: true as const },
      ],
    };
    const result = fillBody(call, { ids: new Map(), env: { PW: 'x', DPAC_REFRESH_TOKEN: 'tok' } });
    expect(result.error).toBe(
      'needs a fill at /description that its body does not show (an edited plan?) and a variable other than DPAC_REFRESH_TOKEN, which is never sent and a secret written literally in a manifest, which a saved plan cannot carry (give it as ${env.NAME})',
    );
    expect(
      fillBody(call, { ids: new Map(), env: {}, literals: new Map([[fillKey('c2', '/other'), 'lit']]) })
        .error,
    ).not.toContain('literally');
  });

  it('lists the addresses a call needs the ids of', () => {
    expect(
      referencedIds({
        path: '/sources/${Source/a.id}/tables',
        fills: [
          { path: '/x', id: 'Table/a/b' as Address },
          { path: '/y', env: 'P' },
        ],
      }),
    ).toEqual(['Source/a', 'Table/a/b']);
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
    expect(
      renderPath('/sources/{Source}/tables/{id}', {
        Source: new IdRef('Source/a' as Address),
        id: '../x?y#z',
      }),
    ).toBe('/sources/${Source/a.id}/tables/..%2Fx%3Fy%23z');
  });
});
