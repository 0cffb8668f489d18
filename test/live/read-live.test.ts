import { describe, expect, it } from 'vitest';
import { makeAddress } from '../../src/core/address.js';
import type { ReadClient } from '../../src/live/live-object.js';
import { readLive } from '../../src/live/read-live.js';
import { everythingScope, manifestScope } from '../../src/live/read-scope.js';
import type { Manifest } from '../../src/manifest/manifest.js';

/** A fake API: one source with two tables; records every GET path. */
function fakeApi() {
  const gets: string[] = [];
  const lists: Record<string, Record<string, unknown>[]> = {
    '/sources': [
      {
        id: '5000000000000000000000a1',
        name: 'db',
        type: 'rdbms',
        sub_type: 'sqlserver',
        tags: ['managed-by:dpac'],
      },
    ],
    '/sources/5000000000000000000000a1/tables': [
      {
        id: '7000000000000000000000b1',
        name: 'orders',
        original_table_name: 'orders',
        schema_name_at_source: 'dbo',
        configuration: { sync_type: 'full-load' },
      },
      {
        id: '7000000000000000000000b2',
        name: 'other',
        original_table_name: 'other',
        schema_name_at_source: 'dbo',
        configuration: { sync_type: 'full-load' },
      },
    ],
  };
  const client: ReadClient = {
    async *pages(path) {
      gets.push(path);
      yield lists[path] ?? [];
    },
    async get<T>(path: string) {
      gets.push(path);
      return { result: path.endsWith('/advance') ? [] : {} } as T;
    },
    // Through `pages`, as the real client's is, so a test that swaps `pages` changes both.
    async listAll(path) {
      const items: Record<string, unknown>[] = [];
      for await (const page of client.pages(path)) items.push(...page);
      return items;
    },
    listedId: (value) => String(value),
  };
  return { client, gets };
}

function tableManifest(spec: Record<string, unknown>): Manifest {
  return {
    kind: 'Table',
    name: 'orders',
    ancestors: ['db'],
    address: makeAddress('Table', ['db'], 'orders'),
    metadata: { name: 'orders', source: 'db' },
    spec,
    source: { file: 'm.yaml', line: 1, col: 1 },
    locate: () => undefined,
  };
}

describe('readLive', () => {
  it('reads a sub-document only for objects whose manifest manages the fields it feeds', async () => {
    const api = fakeApi();
    const spec = { source_table: { table_name: 'orders', schema_name: 'dbo' }, advanced_configurations: [] };
    const live = await readLive({
      client: api.client,
      scope: manifestScope({ manifests: [tableManifest(spec)] }),
      ownershipTag: 'managed-by:dpac',
    });
    expect(api.gets.filter((p) => p.endsWith('/configurations/advance'))).toEqual([
      '/sources/5000000000000000000000a1/tables/7000000000000000000000b1/configurations/advance',
    ]);
    expect(live.objects.get('Table/db/orders')?.spec.advanced_configurations).toEqual([]);
    expect(live.objects.get('Table/db/other')?.spec.advanced_configurations).toBeUndefined();
  });

  it('leaves a table’s crawled columns out unless its manifest gives a schema; export keeps them', async () => {
    const columns = [{ name: 'id', sql_type: -5, target_column_order: 1 }];
    const withColumns = () => {
      const api = fakeApi();
      const pages = api.client.pages;
      api.client.pages = (path, options) =>
        path.endsWith('/tables')
          ? (async function* () {
              for await (const page of pages(path, options)) yield page.map((item) => ({ ...item, columns }));
            })()
          : pages(path, options);
      return api;
    };
    const source_table = { table_name: 'orders', schema_name: 'dbo' };
    const plain = await readLive({
      client: withColumns().client,
      scope: manifestScope({ manifests: [tableManifest({ source_table })] }),
      ownershipTag: 'managed-by:dpac',
    });
    const orders = plain.objects.get('Table/db/orders');
    expect(orders?.raw.item.columns).toBeUndefined();
    expect(orders?.raw.omitted).toEqual(['columns']);
    expect(orders?.spec.schema).toBeUndefined();

    const managed = await readLive({
      client: withColumns().client,
      scope: manifestScope({
        manifests: [tableManifest({ source_table, schema: { column_order: ['id'] } })],
      }),
      ownershipTag: 'managed-by:dpac',
    });
    expect(managed.objects.get('Table/db/orders')?.raw.item.columns).toEqual(columns);
    expect(managed.objects.get('Table/db/orders')?.raw.omitted).toBeUndefined();
    // An undeclared table is only listed or deleted: its columns are not kept either.
    expect(managed.objects.get('Table/db/other')?.raw.omitted).toEqual(['columns']);

    const everything = await readLive({
      client: withColumns().client,
      scope: everythingScope(),
      ownershipTag: 'managed-by:dpac',
    });
    expect(everything.objects.get('Table/db/other')?.raw.item.columns).toEqual(columns);
  });

  it('skips the sub-document when the manifest leaves those fields unmanaged', async () => {
    const api = fakeApi();
    const spec = { source_table: { table_name: 'orders', schema_name: 'dbo' } };
    await readLive({
      client: api.client,
      scope: manifestScope({ manifests: [tableManifest(spec)] }),
      ownershipTag: 'managed-by:dpac',
    });
    expect(api.gets.some((p) => p.endsWith('/configurations/advance'))).toBe(false);
  });

  it('reads every sub-document for export', async () => {
    const api = fakeApi();
    await readLive({ client: api.client, scope: everythingScope(), ownershipTag: 'managed-by:dpac' });
    expect(
      api.gets.filter((p) => p.includes('/tables/') && p.endsWith('/configurations/advance')),
    ).toHaveLength(2);
  });
});
