// Table: a table of a source — RDBMS table or files — with its ingestion, export, column overrides,
// tags and advanced configurations. One list GET (items are full) plus one GET of its advanced configs.

import { defineKind, pathIds, renderPath } from '../kind.js';
import { asRecord, compact, sortedSet } from '../shared/fields.js';
import { advancedFromApi } from '../shared/table-advanced.js';
import { liveText } from '../shared/table-live-values.js';
import { createTableCalls, TABLE, TABLES, updateTableCalls } from './calls.js';
import { schemaFromApi } from './columns-schema.js';
import { EXPORT_DATA_CONNECTION, exportFromApi } from './export-schema.js';
import { fileFromApi, isFileConfiguration, sourceTableFromApi } from './identity-schema.js';
import { ingestionFromApi } from './ingestion-schema.js';
import { normalizeTable, type TableSpec, tableSpec } from './schema.js';

export type { TableSpec } from './schema.js';

export const Table = defineKind<TableSpec>({
  kind: 'Table',
  description: 'A table of a source: what it reads at the source and how it is ingested.',
  parent: 'Source',
  metadataKey: 'table',
  spec: tableSpec,
  sensitive: ['/export/connection/password'],
  // table_type is left out: the platform does not echo it, so it cannot prove a change.
  immutable: ['/source_table/table_name', '/source_table/schema_name', '/source_table/catalog_name'],
  ownershipTags: '/tags',
  keyedLists: { '/schema/columns': 'name' },
  refs: (s) => {
    const conn = s.export?.connection;
    return conn && 'data_connection' in conn
      ? [{ address: `DataConnection/${conn.data_connection}`, path: EXPORT_DATA_CONNECTION }]
      : [];
  },
  read: {
    list: TABLES,
    documents: { advanced: `${TABLE}/configurations/advance` },
    documentKeys: { advanced: ['advanced_configurations'] },
  },
  fromApi: ({ item, docs }, names) => {
    const config = asRecord(item.configuration) ?? {};
    const isFile = isFileConfiguration(config);
    return normalizeTable(
      compact({
        source_table: isFile ? undefined : sourceTableFromApi(item),
        file: isFile ? fileFromApi(config) : undefined,
        description: liveText(item.description),
        tags: Array.isArray(item.tags)
          ? sortedSet(item.tags.filter((t): t is string => typeof t === 'string'))
          : undefined,
        ingestion: ingestionFromApi(config),
        export: exportFromApi(item.export_configuration, (kind, id) => names.nameOf(kind, id)),
        schema: schemaFromApi(item.columns),
        advanced_configurations: advancedFromApi(docs.advanced),
      }),
    );
  },
  normalize: normalizeTable,
  create: createTableCalls,
  update: updateTableCalls,
  remove: (_before, ctx) => [{ method: 'DELETE', path: renderPath(TABLE, pathIds(ctx)) }],
});
