import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addressFrom, makeAddress } from '../../src/core/address.js';
import { pointerPatterns } from '../../src/core/field-policy.js';
import { withDependencies } from '../../src/export/dependencies.js';
import { exportManifests } from '../../src/export/export-manifests.js';
import { FileNames, filePathFor } from '../../src/export/file-layout.js';
import { omitNeutral } from '../../src/export/omit-neutral.js';
import { secretVariableName } from '../../src/export/secret-placeholders.js';
import { stripDefaults } from '../../src/export/strip-defaults.js';
import type { LiveObject, LiveState } from '../../src/live/live-object.js';

describe('secret variable names', () => {
  it('joins kind, parent names, name and pointer in upper snake case', () => {
    expect(secretVariableName('Source', ['sales_db'], '/connection/password')).toBe(
      'SOURCE_SALES_DB_CONNECTION_PASSWORD',
    );
    expect(secretVariableName('TableGroup', ['sales-db', 'nightly'], '/schedule/user_token')).toBe(
      'TABLE_GROUP_SALES_DB_NIGHTLY_SCHEDULE_USER_TOKEN',
    );
    expect(secretVariableName('User', ['alice@example.com'], '/password')).toBe(
      'USER_ALICE_EXAMPLE_COM_PASSWORD',
    );
  });

  it('finds the slots of `*` patterns in the spec, set or not', () => {
    const spec = { profiles: [{ auth: { password: 'a' } }, { auth: {} }], other: {} };
    expect(pointerPatterns(['/profiles/*/auth/password', '/missing/password']).slotsIn(spec)).toEqual([
      '/profiles/0/auth/password',
      '/profiles/1/auth/password',
    ]);
  });
});

describe('stripDefaults', () => {
  const schema = z
    .object({
      name: z.string(),
      enabled: z.boolean().default(true),
      items: z.array(z.object({ key: z.string(), active: z.boolean().default(true) }).strict()).optional(),
      size: z.number().optional(),
    })
    .strict();

  it('omits values equal to their zod default and orders keys as the schema declares them', () => {
    const out = stripDefaults(
      {
        size: 3,
        items: [
          { active: false, key: 'a' },
          { active: true, key: 'b' },
        ],
        enabled: true,
        name: 'x',
      },
      schema,
    );
    expect(out).toEqual({ name: 'x', items: [{ key: 'a', active: false }, { key: 'b' }], size: 3 });
    expect(Object.keys(out as object)).toEqual(['name', 'items', 'size']);
  });

  it('keeps a value that differs from the default', () => {
    expect(stripDefaults({ name: 'x', enabled: false }, schema)).toEqual({ name: 'x', enabled: false });
  });
});

describe('omitNeutral', () => {
  it('drops a field only when the canonical form fills it back in unchanged', () => {
    const canonical = (s: Record<string, unknown>) => ({ ends: false, ...s });
    expect(omitNeutral({ ends: false, start: 1 }, { canonical })).toEqual({ start: 1 });
    expect(omitNeutral({ ends: true, start: 1 }, { canonical })).toEqual({ ends: true, start: 1 });
  });
});

describe('file layout', () => {
  it('puts a root object in its own file and its descendants in a folder next to it', () => {
    const names = new FileNames();
    expect(filePathFor(names, 'Source', [], 'sales_db')).toBe('sources/sales_db.yaml');
    expect(filePathFor(names, 'ValidationSpec', ['sales_db', 'orders'], 'v')).toBe(
      'sources/sales_db/validation-specs.yaml',
    );
    expect(filePathFor(names, 'EnvironmentStorage', ['prod'], 'lake')).toBe(
      'environments/prod/environment-storages.yaml',
    );
  });

  it('keeps names apart that map to the same file name, also on case-insensitive file systems', () => {
    const names = new FileNames();
    expect(filePathFor(names, 'Domain', [], 'a/b')).toBe('domains/a_b.yaml');
    expect(filePathFor(names, 'Domain', [], 'a_b')).toBe('domains/a_b-2.yaml');
    expect(filePathFor(names, 'Domain', [], 'A_B')).toBe('domains/A_B-3.yaml');
    expect(filePathFor(names, 'Domain', [], '../x')).toBe('domains/_._x.yaml');
  });
});

function liveObject(
  partial: Partial<LiveObject> & Pick<LiveObject, 'kind' | 'address' | 'name' | 'spec'>,
): LiveObject {
  return { ancestors: [], id: 'id', owned: false, raw: { id: 'id', item: {}, docs: {} }, ...partial };
}

describe('exportManifests', () => {
  it('reports objects it cannot express and a reference it cannot name, and writes neither', () => {
    const live: LiveState = {
      objects: new Map([
        [
          'Domain/sales',
          liveObject({
            kind: 'Domain',
            address: makeAddress('Domain', [], 'sales'),
            name: 'sales',
            spec: { environments: ['5f3a0c0c0c0c0c0c0c0c0c0c'] },
          }),
        ],
      ]),
      problems: [
        { address: addressFrom('Source/odd'), why: 'cannot be expressed as a manifest: unknown type' },
      ],
    };
    const result = exportManifests(live);
    expect(result.files).toEqual([]);
    expect(result.problems).toEqual([
      { address: 'Source/odd', why: 'cannot be expressed as a manifest: unknown type' },
      {
        address: 'Domain/sales',
        why: 'refers to Environment/5f3a0c0c0c0c0c0c0c0c0c0c, which was not found live (an id dpac cannot map to a name)',
      },
    ]);
  });
});

describe('withDependencies', () => {
  const object = (
    kind: LiveObject['kind'],
    ancestors: string[],
    name: string,
    spec: Record<string, unknown>,
  ) => liveObject({ kind, ancestors, name, address: makeAddress(kind, ancestors, name), spec });
  const group = object('TableGroup', ['s'], 'g', { compute: 'c', tables: [{ table: 'orders' }] });
  const live: LiveState = {
    objects: new Map(
      [
        object('Source', [], 's', {}),
        object('Table', ['s'], 'orders', { export: { connection: { data_connection: 'dc' } } }),
        group,
        object('DataConnection', [], 'dc', {}),
      ].map((o) => [o.address, o]),
    ),
    problems: [],
  };
  const addresses = (objects: LiveObject[]) => objects.map((o) => o.address).sort();

  it('follows what the selection needs, through parents and references', () => {
    expect(addresses(withDependencies([group], live))).toEqual([
      'DataConnection/dc',
      'Source/s',
      'Table/s/orders',
      'TableGroup/s/g',
    ]);
  });

  it('neither takes an excluded object nor follows references through it', () => {
    const excluded = (o: LiveObject) => o.address === 'Table/s/orders';
    expect(addresses(withDependencies([group], live, excluded))).toEqual(['Source/s', 'TableGroup/s/g']);
  });
});
