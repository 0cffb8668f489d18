// Browsing a source and adding its tables; jobs are acknowledged (never run) and always complete.
// Every table-adding call starts one metadata crawl job (crawl-jobs.ts).
import type { EmuApp, EmuRequest } from '../app.js';
import { crawlColumns } from '../crawl-columns.js';
import { EmuError } from '../errors.js';
import { objectId } from '../ids.js';
import { bodyObject, ok } from '../respond.js';
import type { Doc } from '../store.js';
import { startCrawlJob } from './crawl-jobs.js';
import { asArray, asRecord, type Body, peekSource, requireSource } from './ingestion-lookup.js';
import { insertTable, listTables } from './ingestion-table-docs.js';

const TARGET_KEYS = [
  'target_table_name',
  'target_schema_name',
  'target_database_name',
  'target_catalog_name',
  'staging_catalog_name',
  'staging_schema_name',
  'target_dataset_name',
  'project_id',
] as const;

/** The entries to add, every one checked before any is inserted (a bad entry adds nothing). */
function tablesToAdd(req: EmuRequest, check: (item: Body) => boolean, rule: string): Body[] {
  const raw = bodyObject(req).tables_to_add;
  const items = Array.isArray(raw) ? raw : raw !== null && typeof raw === 'object' ? [raw] : [];
  if (items.length === 0) throw new EmuError(400, 'IW10006', "'tables_to_add' must be a non-empty array");
  const entries = items.map(asRecord);
  if (!entries.every(check)) throw new EmuError(400, 'IW10006', rule);
  return entries;
}

function targets(item: Body): Body {
  const out: Body = {};
  for (const key of TARGET_KEYS) if (item[key] !== undefined) out[key] = item[key];
  return out;
}

/** Which source table a stored table came from, and the same for a `tables_to_add` item. */
const storedKey = (table: Readonly<Doc>): string =>
  JSON.stringify([table.original_table_name, table.schema_name_at_source ?? '', table.catalog_name ?? '']);
const itemKey = (item: Body): string =>
  JSON.stringify([item.table_name, item.schema_name ?? '', item.catalog_name ?? '']);

/** A free name: the source table name, else schema-qualified (two schemas may share a table name). */
function freeName(names: ReadonlySet<unknown>, item: Body, tableCount: () => number): string {
  const plain = String(item.table_name);
  if (!names.has(plain)) return plain;
  const qualified = `${String(item.schema_name ?? 'table')}_${plain}`;
  return names.has(qualified) ? `${qualified}_${tableCount()}` : qualified;
}

function addSourceTables(app: EmuApp, req: EmuRequest): Body {
  const source = requireSource(app, req.params.source_id!);
  const added: string[] = [];
  const already: Body[] = [];
  const items = tablesToAdd(
    req,
    (item) => typeof item.table_name === 'string' && item.table_name !== '',
    "Each entry of 'tables_to_add' needs a 'table_name'",
  );
  // The source's tables are looked at once per batch, not once per item (a batch adds hundreds).
  const existing = app.store.scan('tables', (t) => t.source === source.id);
  const present = new Set(existing.map(storedKey));
  const names = new Set(existing.map((t) => t.name));
  for (const item of items) {
    if (present.has(itemKey(item))) {
      already.push(item);
      continue;
    }
    const body: Body = {
      name: freeName(names, item, () => app.store.scan('tables').length),
      original_table_name: item.table_name,
      schema_name_at_source: item.schema_name ?? '',
      catalog_name: item.catalog_name ?? '',
      table_type: typeof item.table_type === 'string' ? item.table_type.toUpperCase() : 'TABLE',
      meta_crawl_performed: true,
      columns: crawlColumns(String(item.table_name)),
      configuration: targets(item),
    };
    const inserted = insertTable(app, { source, body, userId: req.user.id });
    added.push(inserted.id);
    present.add(storedKey(inserted));
    names.add(body.name);
  }
  if (added.length === 0) {
    throw new EmuError(
      400,
      'IW10003',
      `Tables already added: ${already.map((i) => i.table_name).join(', ')}`,
    );
  }
  // The entries not added are named with their reason (the others are added all the same).
  const failed = already.map((i) => ({
    table_name: i.table_name,
    schema_name: i.schema_name,
    catalog_name: i.catalog_name,
    iw_code: 'IW10003',
    message: 'Table already added',
  }));
  return {
    added_tables: added,
    ...(failed.length > 0 ? { failed_tables: failed } : {}),
    job_created: startCrawlJob(app, source.id, added, req.user.id),
  };
}

function addQueryTables(app: EmuApp, req: EmuRequest): Body {
  const source = requireSource(app, req.params.source_id!);
  const added: string[] = [];
  const items = tablesToAdd(
    req,
    (item) => typeof item.query === 'string' && typeof item.target_table_name === 'string',
    "Each query table needs 'query' and 'target_table_name'",
  );
  const names = items.map((item) => String(item.target_table_name));
  const existing = new Set(app.store.scan('tables', (t) => t.source === source.id).map((t) => t.name));
  for (const [i, name] of names.entries()) {
    if (existing.has(name) || names.indexOf(name) !== i)
      throw new EmuError(400, 'IW10003', `Table with name '${name}' already exists`);
  }
  for (const item of items) {
    const body: Body = {
      name: item.target_table_name,
      original_table_name: item.target_table_name,
      table_type: item.table_type ?? 'QUERY',
      is_query_table: true,
      meta_crawl_performed: true,
      configuration: { ...targets(item), query: item.query },
    };
    added.push(insertTable(app, { source, body, userId: req.user.id }).id);
  }
  return {
    id: added[0],
    added_tables: added,
    job_created: startCrawlJob(app, source.id, added, req.user.id),
  };
}

/** `table_ids` arrives as a JSON array, a comma list, or repeated values joined by the parser. */
function idList(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') {
    throw new EmuError(400, 'IW10006', "Query parameter 'table_ids' is required");
  }
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed)) return parsed.map(String);
  } catch {
    // a comma-separated list
  }
  return raw
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

function checkJobTargets(app: EmuApp, sourceId: string, body: Body): void {
  if (typeof body.job_type !== 'string' || body.job_type === '') {
    throw new EmuError(400, 'IW10006', "'job_type' is required");
  }
  const cluster = body.interactive_cluster_id;
  if (cluster !== undefined && !app.store.get('interactive_clusters', String(cluster))) {
    throw new EmuError(404, 'IW10001', 'Compute Template not Found for Job.');
  }
  const group = body.table_group_id;
  if (group !== undefined && app.store.get('table_groups', String(group))?.source !== sourceId) {
    throw new EmuError(
      404,
      'IW10001',
      `Table group with id '${String(group)}' not found in source '${sourceId}'`,
    );
  }
  for (const id of asArray(body.table_ids)) {
    if (app.store.get('tables', String(id))?.source !== sourceId) {
      throw new EmuError(404, 'IW10001', `Table with id '${String(id)}' not found in source '${sourceId}'`);
    }
  }
}

export function registerBrowse(app: EmuApp): void {
  const sourceOf = (req: EmuRequest) => requireSource(app, req.params.source_id!);
  app.route('GET', '/sources/:source_id/source_tables', (req) => {
    sourceOf(req);
    if (req.query.is_filter_enabled === undefined) {
      throw new EmuError(400, 'IW10006', "Query parameter 'is_filter_enabled' is required");
    }
    return ok({ id: objectId(app.now()) }, 'Source Browsed Successfully.');
  });
  app.route('GET', '/sources/:source_id/interactive-jobs/:job_id', (req) => {
    sourceOf(req);
    return ok({ id: req.params.job_id, source_id: req.params.source_id, status: 'completed', result: [] });
  });
  app.route(
    'POST',
    '/sources/:source_id/tables/source_tables',
    (req) => {
      const result = addSourceTables(app, req);
      const body = {
        message: 'Tables added and job created successfully',
        result,
        job_created: result.job_created,
      };
      return { status: 200, body };
    },
    { entity: 'table' },
  );
  app.route(
    'POST',
    '/sources/:source_id/tables/query_tables',
    (req) => {
      const result = addQueryTables(app, req);
      return {
        status: 200,
        body: { message: 'Query table added Successfully.', result, job_created: result.job_created },
      };
    },
    { entity: 'table' },
  );
  app.route('POST', '/sources/:source_id/fetch-tables', (req) => {
    const source = peekSource(app, req.params.source_id!);
    return listTables(
      app,
      req,
      app.store.scan('tables', (t) => t.source === source.id),
    );
  });
  app.route('GET', '/sources/:source_id/source_tables/excluded-tables', (req) => {
    sourceOf(req);
    return ok([]);
  });
  app.route('GET', '/sources/:source_id/source_tables/schema-for-source', (req) => {
    const source = sourceOf(req);
    const schemas = new Set(
      app.store.find('tables', (t) => t.source === source.id).map((t) => t.schema_name_at_source),
    );
    return ok(
      [...schemas].filter((s) => typeof s === 'string' && s !== '').map((schemaName) => ({ schemaName })),
    );
  });
  app.route('GET', '/sources/:source_id/meta-crawled-table-count', (req) => {
    const source = sourceOf(req);
    const ids = new Set(idList(req.query.table_ids));
    const count = app.store.find(
      'tables',
      (t) => t.source === source.id && ids.has(t.id) && t.meta_crawl_performed === true,
    ).length;
    return ok({ count });
  });
  app.route('POST', '/sources/:source_id/jobs', (req) => {
    checkJobTargets(app, sourceOf(req).id, bodyObject(req));
    return ok({ id: objectId(app.now()) }, 'Job created successfully');
  });
}
