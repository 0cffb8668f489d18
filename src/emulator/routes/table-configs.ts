// Per-table configuration documents: ingestion (partial PUT merges), schema, export, column order.
import type { EmuApp, EmuRequest, EmuResult } from '../app.js';
import { EmuError } from '../errors.js';
import { bodyObject, ok } from '../respond.js';
import type { Doc } from '../store.js';
import { checkIngestionConfig, normalizeIngestionConfig } from './ingestion-config-rules.js';
import {
  asArray,
  asRecord,
  type Body,
  columnsOf,
  requireTable,
  updateIfChanged,
} from './ingestion-lookup.js';
import { sealCredentials } from './ingestion-secrets.js';
import { registerTableExtras } from './ingestion-table-extras.js';

const EXPORT_SYNC_TYPES = ['DISABLED', 'OVERWRITE', 'APPEND', 'MERGE'];
const EXPORT_TARGETS = [
  'BIG_QUERY',
  'AZURE_SQL_DW',
  'SNOWFLAKE',
  'COSMOS_DB',
  'DELIMITED',
  'POSTGRES',
  'TERADATA',
  'ORACLE',
  'SQLSERVER',
];

function invalid(details: string): never {
  throw new EmuError(400, 'IW10006', details);
}

function done(id: string, message: string): EmuResult {
  return ok({ message, id }, message);
}

/** The reference's schema GET shows five fields per column; the table document holds the rest. */
function schemaView(c: Body): Body {
  const { is_audit_column, name, original_name, sql_type, target_sql_type } = c;
  return { is_audit_column: is_audit_column === true, name, original_name, sql_type, target_sql_type };
}

function findColumn(columns: Body[], entry: Body): Body | undefined {
  const original = entry.original_name ?? entry.origName;
  return columns.find(
    (c) => (original !== undefined ? c.original_name === original : false) || c.name === entry.name,
  );
}

/** Spec PUT: `{type:'column', columns:[{name, origName, precision, scale, hiveType}]}` or `{type:'bulk', precision, scale}`. */
function putSchema(table: Doc, body: Body): Body[] {
  const columns = columnsOf(table);
  if (body.type === 'bulk') {
    if (body.precision === undefined || body.scale === undefined)
      invalid("'precision' and 'scale' are required");
    for (const column of columns) {
      if (column.target_sql_type === 2 || column.target_sql_type === 3) {
        Object.assign(column, { target_precision: body.precision, target_scale: body.scale });
      }
    }
    return columns;
  }
  if (body.type !== 'column') invalid("'type' must be 'column' or 'bulk'");
  for (const entry of asArray(body.columns).map(asRecord)) {
    const column = findColumn(columns, entry);
    if (!column) invalid(`Column '${String(entry.name)}' not found in table '${String(table.name)}'`);
    Object.assign(column, { target_precision: entry.precision, target_scale: entry.scale });
  }
  return columns;
}

/** SDK PATCH: column objects merged by original name; unknown columns are added. */
function patchSchema(table: Doc, body: Body): Body[] {
  const columns = columnsOf(table);
  if (!Array.isArray(body.columns)) invalid("'columns' must be an array");
  for (const entry of body.columns.map(asRecord)) {
    if (typeof entry.name !== 'string') invalid("Each column needs a 'name'");
    const column = findColumn(columns, entry);
    if (column) Object.assign(column, entry);
    else
      columns.push({
        original_name: entry.name,
        is_deleted: false,
        target_column_order: columns.length + 1,
        ...entry,
      });
  }
  return columns;
}

function moveColumn(table: Doc, body: Body): Body[] {
  const columns = columnsOf(table);
  const index = columns.findIndex((c) => c.name === body.name);
  if (index === -1) invalid(`Column '${String(body.name)}' not found in table '${String(table.name)}'`);
  const position = body.target_column_position;
  if (typeof position !== 'number' || !Number.isInteger(position) || position < 1) {
    invalid("'target_column_position' must be a positive integer");
  }
  const [column] = columns.splice(index, 1);
  columns.splice(Math.min(position, columns.length + 1) - 1, 0, column!);
  return columns.map((c, i) => ({ ...c, target_column_order: i + 1 }));
}

function checkExport(body: Body): void {
  const { sync_type: sync, target_type: target } = body;
  if (sync !== undefined && (typeof sync !== 'string' || !EXPORT_SYNC_TYPES.includes(sync))) {
    invalid(`Invalid sync_type '${String(sync)}': expected one of ${EXPORT_SYNC_TYPES.join(', ')}`);
  }
  if (target !== undefined && (typeof target !== 'string' || !EXPORT_TARGETS.includes(target))) {
    invalid(`Invalid target_type '${String(target)}': expected one of ${EXPORT_TARGETS.join(', ')}`);
  }
}

function checkConnection(app: EmuApp, connection: Body): void {
  const id = connection.data_connection_id;
  if (id !== undefined && !app.store.get('data_connections', String(id))) {
    invalid(`Data connection with id '${String(id)}' not found`);
  }
}

export function register(app: EmuApp): void {
  const base = '/sources/:source_id/tables/:table_id';
  const tableOf = (req: EmuRequest) => requireTable(app, req.params.source_id!, req.params.table_id!);
  const options = { entity: 'table' };
  const save = (req: EmuRequest, table: Doc, patch: Body) =>
    updateIfChanged(app, { collection: 'tables', doc: table }, patch, req.user.id);

  app.route('GET', `${base}/configurations`, (req) => {
    const table = tableOf(req);
    const advanced = app.store.find(
      'advanced_configs',
      (c) => c.entity_type === 'table' && c.entity_id === table.id,
    );
    const ingestion = asRecord(table.configuration);
    // `ingestion_configuraiton` is the spec's own spelling; the corrected key is sent alongside.
    return ok({
      ingestion_configuraiton: ingestion,
      ingestion_configuration: ingestion,
      advance_configuration: advanced,
    });
  });

  app.route('GET', `${base}/configurations/ingestion`, (req) => ok(asRecord(tableOf(req).configuration)));
  app.route(
    'PUT',
    `${base}/configurations/ingestion`,
    (req) => {
      const table = tableOf(req);
      // Keys not sent keep their stored values: partial PUTs are merges.
      const configuration = normalizeIngestionConfig({
        ...asRecord(table.configuration),
        ...bodyObject(req),
      });
      checkIngestionConfig(configuration);
      save(req, table, { configuration });
      return done(table.id, 'Successfully updated ingestion configuration');
    },
    options,
  );

  app.route('GET', `${base}/configurations/schema`, (req) => ok(columnsOf(tableOf(req)).map(schemaView)));
  app.route(
    'PUT',
    `${base}/configurations/schema`,
    (req) => {
      const table = tableOf(req);
      save(req, table, { columns: putSchema(table, bodyObject(req)) });
      return done(table.id, 'Successfully updated schema of the table');
    },
    options,
  );
  app.route(
    'PATCH',
    `${base}/configurations/schema`,
    (req) => {
      const table = tableOf(req);
      save(req, table, { columns: patchSchema(table, bodyObject(req)) });
      return done(table.id, 'Successfully updated schema of the table');
    },
    options,
  );
  app.route(
    'PATCH',
    `${base}/column-order`,
    (req) => {
      const table = tableOf(req);
      save(req, table, { columns: moveColumn(table, bodyObject(req)) });
      return done(table.id, 'Successfully updated metadata');
    },
    options,
  );

  app.route('GET', `${base}/configurations/export`, (req) => ok(asRecord(tableOf(req).export_configuration)));
  app.route(
    'PUT',
    `${base}/configurations/export`,
    (req) => {
      const table = tableOf(req);
      const body = bodyObject(req);
      checkExport(body);
      checkConnection(app, asRecord(body.connection));
      save(req, table, { export_configuration: sealCredentials(body) });
      return done(table.id, 'Successfully updated export configuration');
    },
    options,
  );
  app.route('GET', `${base}/configurations/export/connection`, (req) =>
    ok(asRecord(asRecord(tableOf(req).export_configuration).connection)),
  );
  app.route(
    'PUT',
    `${base}/configurations/export/connection`,
    (req) => {
      const table = tableOf(req);
      const connection = bodyObject(req);
      checkConnection(app, connection);
      const exportConfig = {
        ...asRecord(table.export_configuration),
        connection: sealCredentials(connection),
      };
      save(req, table, { export_configuration: exportConfig });
      return done(table.id, 'Successfully updated export configuration connection');
    },
    options,
  );

  registerTableExtras(app);
}
