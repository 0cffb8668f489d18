// Table: a table of a source — RDBMS table or files — with its ingestion, export, column overrides,
// tags and advanced configurations. One list GET (items are full) plus one GET of its advanced configs.
import { makeAddress } from '../../core/address.js';
import { defineKind } from '../kind.js';
import { renameByName } from '../shared/rename-call.js';
import {
  createTableCalls,
  removeTableCalls,
  STREAMING,
  sourceTableKey,
  TABLE,
  TABLES,
  updateTableCalls,
} from './calls.js';
import { EXPORT_DATA_CONNECTION } from './export-schema.js';
import {
  isStreamingSource,
  normalizeTable,
  streamingOnlyUnderStreamingSource,
  tableFromApi,
  unknownOrderedColumns,
} from './projection.js';
import { type TableSpec, tableSpec } from './schema.js';

export type { TableSpec } from './schema.js';

export const Table = defineKind<TableSpec>({
  kind: 'Table',
  description: 'A table of a source: what it reads at the source and how it is ingested.',
  parent: 'Source',
  metadataKey: 'table',
  spec: tableSpec,
  // table_type is left out: the platform does not echo it, so it cannot prove a change.
  ownership: { proof: 'tag', tags: '/tags' },
  checkLive: unknownOrderedColumns,
  checkParent: streamingOnlyUnderStreamingSource,
  refs: (s) => {
    const conn = s.export?.connection;
    return conn && 'data_connection' in conn
      ? [{ address: makeAddress('DataConnection', [], conn.data_connection), path: EXPORT_DATA_CONNECTION }]
      : [];
  },
  writes: [
    'POST /sources/{}/tables',
    'POST /sources/{}/tables/source_tables',
    'PUT /sources/{}/tables/{}',
    'PUT /sources/{}/tables/{}/configurations/ingestion',
    'PUT /sources/{}/tables/{}/configurations/export',
    'PATCH /sources/{}/tables/{}/configurations/schema',
    'PATCH /sources/{}/tables/{}/column-order',
    'PUT /sources/{}/table/{}/configurations/streaming',
    'PUT /sources/{}/tables/{}/metadata',
    'PATCH /tables/{}/metadata',
    'POST /sources/{}/tables/{}/configurations/advance',
    'PUT /sources/{}/tables/{}/configurations/advance/{}',
    'DELETE /sources/{}/tables/{}/configurations/advance/{}',
    'DELETE /sources/{}/tables/{}',
  ],
  read: {
    list: TABLES,
    documents: { advanced: `${TABLE}/configurations/advance`, streaming: STREAMING },
    documentLists: ['advanced'],
    documentKeys: { advanced: ['advanced_configurations'], streaming: ['streaming'] },
    documentParents: { streaming: isStreamingSource },
    // Crawled columns are most of a table's JSON and matter only to a manifest giving `schema`.
    itemKeys: { columns: ['schema'] },
  },
  batchKey: sourceTableKey,
  fromApi: tableFromApi,
  normalize: normalizeTable,
  create: createTableCalls,
  update: updateTableCalls,
  remove: (_before, ctx) => removeTableCalls(ctx),
  // `PUT /sources/{sid}/tables/{tid}` merges the table document, `name` included.
  rename: renameByName(TABLE, 'PUT'),
});
