import { describe, expect, it } from 'vitest';
import {
  advancedCalls,
  advancedConfigurations,
  advancedFromApi,
} from '../../../src/kinds/shared/advanced-configurations.js';
import { Source } from '../../../src/kinds/source/source.js';
import { Table } from '../../../src/kinds/table/table.js';

const BASE = '/sources/S1/configurations/advance';
const parse = (entries: unknown) => advancedConfigurations.parse(entries);

describe('advanced configurations as a manifest declares them', () => {
  it('fill an empty description and an active flag, so an entry always says all of itself', () => {
    expect(parse([{ key: 'k', value: 'v' }])).toEqual([
      { key: 'k', value: 'v', description: '', is_active: true },
    ]);
  });
});

describe('advanced configurations read back', () => {
  const entry = { key: 'k', value: 'v', description: 'Why.', is_active: false };

  it('read a bare list, a list under result, and a list under results alike', () => {
    for (const doc of [[entry], { result: [entry] }, { results: [entry] }]) {
      expect(advancedFromApi(doc)).toEqual([entry]);
    }
  });

  it('read the active flag as is_active or isActive, and a missing flag as true', () => {
    expect(advancedFromApi([{ key: 'a', value: '1', isActive: false }])?.[0]?.is_active).toBe(false);
    expect(advancedFromApi([{ key: 'a', value: '1', is_active: 'false' }])?.[0]?.is_active).toBe(false);
    expect(advancedFromApi([{ key: 'a', value: '1' }])?.[0]?.is_active).toBe(true);
  });

  it('read a null value as the empty string, and numbers, booleans and objects as their text', () => {
    const values = advancedFromApi([
      { key: 'a', value: null },
      { key: 'b', value: 10 },
      { key: 'c', value: false },
      { key: 'd', value: { x: 1 } },
    ])?.map((c) => c.value);
    expect(values).toEqual(['', '10', 'false', '{"x":1}']);
  });

  it('read a missing, null or empty description as the empty one', () => {
    const read = advancedFromApi([
      { key: 'a', value: '1' },
      { key: 'b', value: '1', description: null },
      { key: 'c', value: '1', description: '' },
    ]);
    expect(read?.map((c) => c.description)).toEqual(['', '', '']);
  });

  it('sort entries by key and skip entries without one', () => {
    expect(
      advancedFromApi([{ key: 'b', value: '1' }, { value: 'x' }, { key: 'a', value: '2' }])?.map(
        (c) => c.key,
      ),
    ).toEqual(['a', 'b']);
  });

  it('are absent when the document was not read', () => {
    expect(advancedFromApi(undefined)).toBeUndefined();
  });
});

describe('advanced configuration writes', () => {
  it('clear a description by sending it empty, since the PUT keeps what it is not sent', () => {
    const before = parse([{ key: 'k', value: 'v', description: 'Old text.' }]);
    const after = parse([{ key: 'k', value: 'v' }]);
    expect(advancedCalls(BASE, before, after)).toEqual([
      {
        method: 'PUT',
        path: `${BASE}/k`,
        body: { key: 'k', value: 'v', description: '', is_active: true },
        note: 'advanced configuration k',
      },
    ]);
  });

  it('send nothing for an entry read back exactly as declared', () => {
    const declared = parse([{ key: 'k', value: '', is_active: false }]);
    const live = advancedFromApi([{ key: 'k', value: null, description: null, isActive: false }]) ?? [];
    expect(advancedCalls(BASE, live, declared)).toEqual([]);
  });

  it('post new keys, put changed ones and delete removed ones, keys escaped in the path', () => {
    const before = parse([
      { key: 'same', value: '1' },
      { key: 'gone', value: '1' },
      { key: 'spark conf', value: '1' },
    ]);
    const after = parse([
      { key: 'same', value: '1' },
      { key: 'spark conf', value: '2' },
      { key: 'new', value: '1' },
    ]);
    expect(advancedCalls(BASE, before, after).map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST ${BASE}`,
      `PUT ${BASE}/spark%20conf`,
      `DELETE ${BASE}/gone`,
    ]);
  });

  it('are the same calls for a source and for a table', () => {
    const entries = [{ key: 'k', value: 'v' }];
    const sourceBody = Source.spec.parse({
      type: 'rdbms',
      sub_type: 'sqlserver',
      data_lake_path: '/iw/sources/s',
      environment: 'prod',
      storage: 'lake',
      advanced_configurations: entries,
    }).advanced_configurations;
    const tableBody = Table.spec.parse({
      source_table: { schema_name: 'dbo', table_name: 't' },
      advanced_configurations: entries,
    }).advanced_configurations;
    expect(sourceBody).toEqual(tableBody);
  });
});
