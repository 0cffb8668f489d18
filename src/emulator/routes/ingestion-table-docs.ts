// Table documents: creation with server defaults, the response view, listing with storage aliases, delete.
import type { EmuApp, EmuRequest, EmuResult } from '../app.js';
import { EmuError } from '../errors.js';
import { list } from '../respond.js';
import type { Doc } from '../store.js';
import { checkIngestionConfig, normalizeIngestionConfig } from './ingestion-config-rules.js';
import { AUDIT_KEYS, asRecord, assertTableFree, type Body, isRecord, omitKeys } from './ingestion-lookup.js';
import { sealCredentials } from './ingestion-secrets.js';

/** Storage (camelCase) names clients filter on; added for the filter only, never shown. */
const ALIASES = ['table', 'origTableName', 'schemaNameAtSource'] as const;

export interface NewTable {
  source: Doc;
  body: Body;
  userId: string;
}

/** Inserts a table after the name and configuration checks; the body wins over the defaults. */
export function insertTable(app: EmuApp, input: NewTable): Doc {
  const { source, body } = input;
  const name = body.name;
  if (typeof name !== 'string' || name.trim() === '') {
    throw new EmuError(400, 'IW10006', "'name' is required and must be a non-empty string");
  }
  app.store.assertUnique('tables', name, { source: source.id });
  const configuration = normalizeIngestionConfig(asRecord(body.configuration));
  checkIngestionConfig(configuration);
  const catalog = typeof body.catalog_name === 'string' ? body.catalog_name : '';
  const doc: Body = {
    original_table_name: name,
    schema_name_at_source: '',
    catalog_name: catalog,
    catalog_is_database: false,
    has_catalog: catalog !== '',
    is_jtds_driver: false,
    data_lake_schema: source.data_lake_schema ?? '',
    columns: [],
    export_configuration: { target_configuration: {} },
    tags: [],
    description: '',
    is_favorite: false,
    state: 'ready',
    meta_crawl_performed: false,
    full_load_performed: false,
    last_ingested_cdc_value: null,
    last_merged_watermark: null,
    max_modified_timestamp: null,
    row_count: 0,
    ...omitKeys(body, [...AUDIT_KEYS, 'source', 'configuration', 'export_configuration']),
    name,
    source: source.id,
    configuration,
  };
  if (isRecord(body.export_configuration))
    doc.export_configuration = sealCredentials(body.export_configuration);
  return app.store.insert('tables', doc, { userId: input.userId });
}

/** The table as responses show it (the data lake path derives from the source and the id). */
export function tableView(doc: Readonly<Doc>, source?: Readonly<Doc>): Body {
  const base = typeof source?.data_lake_path === 'string' ? source.data_lake_path : '/iw/sources';
  return { data_lake_path: `${base}/${doc.id}`, ...doc };
}

function withAliases(view: Body): Body {
  return {
    ...view,
    table: view.name,
    origTableName: view.original_table_name,
    schemaNameAtSource: view.schema_name_at_source,
  };
}

/** List envelope of tables; filters may use the storage names (origTableName, schemaNameAtSource). */
export function listTables(app: EmuApp, req: EmuRequest, tables: readonly Readonly<Doc>[]): EmuResult {
  const sourceOf = (id: unknown) => app.store.peek('sources', String(id));
  return list(
    req,
    tables.map((table) => withAliases(tableView(table, sourceOf(table.source)))),
    '',
    (item) => omitKeys(item as Body, ALIASES),
  );
}

/** Deletes a table not used by a table group, with its validation specs and advanced configs. */
export function deleteTable(app: EmuApp, table: Doc): void {
  assertTableFree(app, table);
  removeTableDependents(app, table.id);
  app.store.remove('tables', table.id);
}

export function removeTableDependents(app: EmuApp, tableId: string): void {
  for (const spec of app.store.find('validation_specs', (s) => s.table_id === tableId)) {
    app.store.remove('validation_specs', spec.id);
  }
  for (const config of app.store.find(
    'advanced_configs',
    (c) => c.entity_type === 'table' && c.entity_id === tableId,
  )) {
    app.store.remove('advanced_configs', config.id);
  }
}
