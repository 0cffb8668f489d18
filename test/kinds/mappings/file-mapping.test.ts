import { describe, expect, it } from 'vitest';
import type { WriteContext } from '../../../src/kinds/kind.js';
import { FileMapping, type FileMappingSpec } from '../../../src/kinds/mappings/mapping-kinds.js';
import { pending } from '../shared/id-refs.js';

const orders = {
  configuration: {
    source_relative_path: '/orders',
    record_scope: 'line',
    include_subdirectories: true,
    character_encoding: 'UTF-8',
    include_filename_regex: '.*\\.json',
    exclude_filename_regex: '.*_bkp.*',
  },
};

function issuesOf(input: unknown) {
  const result = FileMapping.spec.safeParse(input);
  if (result.success) throw new Error('expected the spec to be rejected');
  return result.error.issues.map((i) => ({ path: i.path.join('/'), message: i.message }));
}

function context(self: string): WriteContext {
  return {
    name: 'orders_json',
    self,
    ancestors: { Source: 'S1' },
    idOf: pending,
    idAt: () => {
      throw new Error('a file mapping has no refs');
    },
  };
}

describe('FileMapping', () => {
  it('accepts a line-scoped JSON mapping as given', () => {
    expect(FileMapping.spec.parse(orders)).toEqual(orders);
  });

  it('rejects an unknown record scope with the allowed values', () => {
    expect(issuesOf({ configuration: { ...orders.configuration, record_scope: 'document' } })).toEqual([
      { path: 'configuration/record_scope', message: expect.stringContaining('"file"|"line"') },
    ]);
  });

  it('requires the folder of the files', () => {
    expect(issuesOf({ configuration: { record_scope: 'file' } })).toEqual([
      { path: 'configuration/source_relative_path', message: expect.stringContaining('expected string') },
    ]);
  });

  it('creates, patches and deletes under its source', () => {
    const spec: FileMappingSpec = FileMapping.spec.parse(orders);
    expect(FileMapping.create(spec, context('${FileMapping/json_files/orders_json.id}'))).toEqual([
      {
        method: 'POST',
        path: '/sources/S1/file-mappings',
        body: { name: 'orders_json', configuration: orders.configuration },
        creates: true,
        note: 'file mapping',
      },
    ]);
    const after: FileMappingSpec = { configuration: { ...spec.configuration, record_scope: 'file' } };
    expect(FileMapping.update(spec, after, new Set(['configuration']), context('F1'))).toEqual([
      {
        method: 'PATCH',
        path: '/sources/S1/file-mappings/F1',
        body: { name: 'orders_json', configuration: { ...orders.configuration, record_scope: 'file' } },
        note: 'file mapping',
      },
    ]);
    expect(FileMapping.remove(spec, context('F1'))).toEqual([
      { method: 'DELETE', path: '/sources/S1/file-mappings/F1', note: 'file mapping' },
    ]);
  });

  it('reads back what the platform stores, accepting the ingest_subdirectories spelling', () => {
    const { include_subdirectories: _, ...rest } = orders.configuration;
    const item = {
      id: '63ce575248ef1c73e0fa5361',
      name: 'orders_json',
      configuration: { ...rest, ingest_subdirectories: true },
      json_schema: [],
      table_details: [{ id: 't1', name: 'orders', state: 'ready' }],
      created_at: '2024-05-01T10:00:00.000Z',
      created_by: '6RkfybTRQQByEey3v',
      modified_at: '2024-05-01T10:00:00.000Z',
      modified_by: '',
    };
    expect(FileMapping.fromApi({ id: item.id, item, docs: {} }, { nameOf: () => undefined })).toEqual(
      FileMapping.spec.parse(orders),
    );
  });
});
