// Table routes: CRUD under a source, the cross-source list, lineage, previews and audit logs.
import type { EmuApp, EmuRequest } from '../app.js';
import { EmuError } from '../errors.js';
import { objectId } from '../ids.js';
import { bodyObject, created, list, ok } from '../respond.js';
import type { Doc } from '../store.js';
import { registerTableAdvancedConfigs } from './ingestion-advanced.js';
import { checkIngestionConfig, normalizeIngestionConfig } from './ingestion-config-rules.js';
import {
  AUDIT_KEYS,
  asRecord,
  auditEntries,
  type Body,
  isRecord,
  omitKeys,
  peekSource,
  requireSource,
  requireTable,
  updateIfChanged,
} from './ingestion-lookup.js';
import { sealCredentials } from './ingestion-secrets.js';
import { deleteTable, insertTable, listTables, tableView } from './ingestion-table-docs.js';

/**
 * PUT and PATCH both merge: top-level keys sent replace the stored ones, and `configuration` merges
 * key by key (the same rule as the ingestion configuration PUT), so partial bodies never drop data.
 */
function tablePatch(app: EmuApp, table: Doc, body: Body): Body {
  const patch = omitKeys(body, [...AUDIT_KEYS, 'source']);
  if (patch.name !== undefined) {
    if (typeof patch.name !== 'string' || patch.name.trim() === '') {
      throw new EmuError(400, 'IW10006', "'name' must be a non-empty string");
    }
    app.store.assertUnique('tables', patch.name, { source: table.source }, { exceptId: table.id });
  }
  if (patch.configuration !== undefined) {
    if (!isRecord(patch.configuration))
      throw new EmuError(400, 'IW10006', "'configuration' must be an object");
    const configuration = normalizeIngestionConfig({
      ...asRecord(table.configuration),
      ...patch.configuration,
    });
    checkIngestionConfig(configuration);
    patch.configuration = configuration;
  }
  if (patch.columns !== undefined && !Array.isArray(patch.columns)) {
    throw new EmuError(400, 'IW10006', "'columns' must be an array");
  }
  if (isRecord(patch.export_configuration))
    patch.export_configuration = sealCredentials(patch.export_configuration);
  return patch;
}

function lineage(app: EmuApp, table: Doc): Body {
  const source = app.store.get('sources', String(table.source));
  return {
    table: {
      id: table.id,
      name: table.name,
      parent_entity_type: 'source',
      parent_entity_id: table.source,
      parent_entity_name: source?.name,
      has_catalog: table.has_catalog,
      catalog_name: table.catalog_name,
      catalog_is_database: table.catalog_is_database,
    },
    domains: [],
  };
}

function queryPreview(req: EmuRequest): Body {
  const query = req.query.query;
  if (query === undefined || query.trim() === '')
    throw new EmuError(400, 'IW10006', "Query parameter 'query' is required");
  return { name: 'query_preview', query, columns: [], data: [], state: 'ready' };
}

export function register(app: EmuApp): void {
  const tableOf = (req: EmuRequest) => requireTable(app, req.params.source_id!, req.params.table_id!);
  const options = { entity: 'table' };
  const base = '/sources/:source_id/tables';

  app.route('GET', base, (req) => {
    const source = peekSource(app, req.params.source_id!);
    return listTables(
      app,
      req,
      app.store.scan('tables', (t) => t.source === source.id),
    );
  });
  app.route(
    'POST',
    base,
    (req) => {
      const source = requireSource(app, req.params.source_id!);
      const table = insertTable(app, { source, body: bodyObject(req), userId: req.user.id });
      return created(table.id, 'Table Created Successfully');
    },
    options,
  );
  app.route('GET', `${base}/:table_id`, (req) => {
    const table = tableOf(req);
    return ok(tableView(table, app.store.get('sources', String(table.source))));
  });
  for (const method of ['PUT', 'PATCH'] as const) {
    app.route(
      method,
      `${base}/:table_id`,
      (req) => {
        const table = tableOf(req);
        // Multipart (mainframe) PATCH bodies arrive as text: acknowledged without a change.
        if (method === 'PATCH' && typeof req.body === 'string') {
          return ok(
            { message: 'Successfully updated metadata', id: table.id },
            'Successfully updated metadata',
          );
        }
        updateIfChanged(
          app,
          { collection: 'tables', doc: table },
          tablePatch(app, table, bodyObject(req)),
          req.user.id,
        );
        return method === 'PUT'
          ? created(table.id, 'Table updated successfully')
          : ok({ message: 'Successfully updated metadata', id: table.id }, 'Successfully updated metadata');
      },
      options,
    );
  }
  app.route(
    'DELETE',
    `${base}/:table_id`,
    (req) => {
      const table = tableOf(req);
      deleteTable(app, table);
      return created(table.id, 'Table Deleted Successfully');
    },
    options,
  );

  app.route('GET', '/tables', (req) => listTables(app, req, app.store.scan('tables')));
  app.route('GET', '/tables/:table_id/lineage', (req) => {
    const table = app.store.get('tables', req.params.table_id!);
    if (!table) throw new EmuError(404, 'IW10001', `Table with id '${req.params.table_id}' not found`);
    return ok(lineage(app, table));
  });
  app.route('GET', '/sources/:source_id/table/:table_id/get-preview', (req) => {
    const table = tableOf(req);
    return ok({ ...tableView(table), preview_data: [] });
  });
  app.route('GET', '/sources/:source_id/query_table/generate-preview', (req) => {
    requireSource(app, req.params.source_id!);
    queryPreview(req);
    return ok({ status: 'success', id: objectId(app.now()) });
  });
  app.route('GET', '/sources/:source_id/query_table/get-preview', (req) => {
    requireSource(app, req.params.source_id!);
    return ok(queryPreview(req));
  });
  app.route('GET', `${base}/:table_id/audit-logs`, (req) => list(req, auditEntries(tableOf(req), 'table')));
  app.route('GET', `${base}/:table_id/reports/ingestion-metrics`, (req) => {
    tableOf(req);
    return list(req, []);
  });

  registerTableAdvancedConfigs(app);
}
