// The API calls that create, update and delete a table: add it (source table or file table), name
// it, then write each sub-document (ingestion, export, schema, metadata, advanced) it needs. Pure.
import type { CallDraft } from '../../core/call.js';
import { pathIds, renderPath, type WriteContext } from '../kind.js';
import { advancedCalls } from '../shared/advanced-configurations.js';
import { compact } from '../shared/canonical.js';
import { liveText } from '../shared/live-values.js';
import { createMetadataCall, updateMetadataCalls } from '../shared/metadata-call.js';
import type { TableSchema } from './columns-schema.js';
import { EXPORT_DATA_CONNECTION, type ExportSpec } from './export-schema.js';
import type { SourceTable } from './identity-schema.js';
import type { IngestionSpec } from './ingestion-schema.js';
import { type DerivedKeyForm, type DerivedShape, PARTITION_KEY, SPLIT_KEY } from './partitioning-schema.js';
import { normalizeDerivedKey } from './projection.js';
import type { TableSpec } from './schema.js';
import type { StreamingSpec } from './streaming-schema.js';

export const TABLES = '/sources/{Source}/tables';
export const TABLE = '/sources/{Source}/tables/{id}';
/** The streaming configuration's path says `table`, singular. */
export const STREAMING = '/sources/{Source}/table/{id}/configurations/streaming';
/** Column descriptions are written through the cross-source table path. */
const TABLE_METADATA = '/tables/{id}/metadata';
const SOURCE_TABLES = '/sources/{Source}/tables/source_tables';
/**
 * Tables added by one call. Each table-adding call starts one metadata crawl job on the platform,
 * so the tables of a source are added together; the API documents no limit, and 500 items (about
 * 100 KB of body) keep a call well inside common proxy limits while a 10k-table platform of
 * sources up to 500 tables still starts one job per source.
 */
const MAX_TABLES_PER_ADD = 500;

/** Add the table, give it its manifest name, then write every sub-document the spec holds. */
export function createTableCalls(s: TableSpec, ctx: WriteContext): CallDraft[] {
  const ids = pathIds(ctx);
  const calls: CallDraft[] = [];
  if (s.source_table) {
    // One item; the plan merges the items of one source into one call (`batch`), whose answer
    // lists the added ids in item order.
    const body = { tables_to_add: [tableToAdd(s.source_table, s.ingestion ?? {})] };
    calls.push({
      method: 'POST',
      path: renderPath(SOURCE_TABLES, ids),
      body,
      creates: '/result/added_tables',
      batch: { list: '/tables_to_add', max: MAX_TABLES_PER_ADD },
      note: 'add source tables',
    });
    // The platform names an added table after its source table; rename it to the manifest name.
    if (ctx.name !== s.source_table.table_name) {
      calls.push({
        method: 'PUT',
        path: at(ctx),
        body: { name: ctx.name, source: ids.Source },
        note: 'name',
      });
    }
  } else if (s.file) {
    const body = { name: ctx.name, source: ids.Source, configuration: compact({ ...s.file }) };
    calls.push({ method: 'POST', path: renderPath(TABLES, ids), body, creates: true, note: 'file table' });
  }
  if (s.ingestion) calls.push(ingestionCall(s, ctx));
  if (s.export) calls.push(exportCall(s.export, ctx));
  if (s.schema?.columns) calls.push(...schemaCalls(s.schema.columns, ctx));
  if (s.schema?.column_order) calls.push(...columnOrderCalls(s.schema.column_order, undefined, ctx));
  if (s.streaming) calls.push(streamingCall(s.streaming, ctx));
  calls.push(createMetadataCall(at(ctx, '/metadata'), s));
  calls.push(...advancedCalls(at(ctx, '/configurations/advance'), [], s.advanced_configurations ?? []));
  return calls;
}

/** Only the documents holding changed keys; the export document (it may hold a secret) is written whole. */
export function updateTableCalls(
  before: TableSpec,
  after: TableSpec,
  changed: ReadonlySet<string>,
  ctx: WriteContext,
): CallDraft[] {
  const calls: CallDraft[] = [];
  if ((changed.has('ingestion') || changed.has('file')) && (after.ingestion || after.file)) {
    calls.push(ingestionCall(after, ctx));
  }
  if (changed.has('export') && after.export) calls.push(exportCall(after.export, ctx));
  if (changed.has('schema') && after.schema) {
    calls.push(...schemaCalls(changedColumns(before.schema, after.schema.columns ?? []), ctx));
    const order = after.schema.column_order;
    if (order) calls.push(...columnOrderCalls(order, before.schema?.column_order, ctx));
  }
  if (changed.has('streaming') && after.streaming) calls.push(streamingCall(after.streaming, ctx));
  calls.push(...updateMetadataCalls(at(ctx, '/metadata'), { before, after, changed }));
  if (changed.has('advanced_configurations') && after.advanced_configurations) {
    const base = at(ctx, '/configurations/advance');
    calls.push(...advancedCalls(base, before.advanced_configurations ?? [], after.advanced_configurations));
  }
  return calls;
}

export function removeTableCalls(ctx: WriteContext): CallDraft[] {
  return [{ method: 'DELETE', path: at(ctx) }];
}

/**
 * A source table's identity within its source (name, schema, catalog), the same from a
 * `tables_to_add` item and from a live table: how a batch's tables are found again by read-back.
 */
export const sourceTableKey = {
  item: (i: Record<string, unknown>): string =>
    JSON.stringify([text(i.table_name), text(i.schema_name), text(i.catalog_name)]),
  live: (t: Record<string, unknown>): string =>
    JSON.stringify([
      text(t.original_table_name) || text(t.name),
      text(t.schema_name_at_source),
      text(t.catalog_name),
    ]),
};

/** A key part: absent and empty are the same table. */
const text = (value: unknown): string => liveText(value) ?? '';

/** The `tables_to_add` item that adds this table (target names come from the ingestion spec). */
function tableToAdd(s: SourceTable, ingestion: Partial<IngestionSpec>): Record<string, unknown> {
  return compact({
    table_name: s.table_name,
    schema_name: s.schema_name,
    catalog_name: s.catalog_name,
    table_type: s.table_type.toUpperCase(),
    target_table_name: ingestion.target_table_name,
    target_schema_name: ingestion.target_schema_name,
    target_database_name: ingestion.target_database_name,
    target_catalog_name: ingestion.target_catalog_name,
    staging_schema_name: ingestion.staging_schema_name,
    staging_catalog_name: ingestion.staging_catalog_name,
  });
}

function at(ctx: WriteContext, suffix = ''): string {
  return renderPath(TABLE + suffix, pathIds(ctx));
}

/**
 * The table's configuration document holds the file keys and the ingestion keys together, so it is
 * always written whole: a PUT that replaced it would otherwise drop the other half.
 */
function ingestionCall(s: TableSpec, ctx: WriteContext): CallDraft {
  const body = compact({ ...(s.file ?? {}), ...(s.ingestion ? ingestionBody(s.ingestion) : {}) });
  return { method: 'PUT', path: at(ctx, '/configurations/ingestion'), body, note: 'ingestion configuration' };
}

/** The ingestion keys in API shape: derived keys carry the API's `is_derived_*` flag. */
function ingestionBody(s: IngestionSpec): Record<string, unknown> {
  return compact({
    ...s,
    partition_keys: s.partition_keys?.map((p) => derivedKeyBody(p, PARTITION_KEY)),
    split_by_key: s.split_by_key && derivedKeyBody(s.split_by_key, SPLIT_KEY),
  });
}

/** A partition or split key in API shape: the API's derived flag set either way. */
function derivedKeyBody(key: DerivedShape, form: DerivedKeyForm): Record<string, unknown> {
  const n = normalizeDerivedKey(key, form);
  if (n.parent_column !== undefined) return { ...n, [form.flag]: true };
  return { [form.column]: (n as Record<string, unknown>)[form.column], [form.flag]: false };
}

/** The export document; the data connection goes by id. */
function exportCall(e: ExportSpec, ctx: WriteContext): CallDraft {
  const conn = e.connection;
  const body = compact({
    ...e,
    connection:
      conn && ('data_connection' in conn ? { data_connection_id: ctx.idAt(EXPORT_DATA_CONNECTION) } : conn),
  });
  return { method: 'PUT', path: at(ctx, '/configurations/export'), body, note: 'export configuration' };
}

type Column = NonNullable<TableSchema['columns']>[number];

/**
 * The overrides go to the schema document, the descriptions to the table metadata (`''` clears
 * one); a column listed only for its description sends no override.
 */
function schemaCalls(columns: readonly Column[], ctx: WriteContext): CallDraft[] {
  const calls: CallDraft[] = [];
  const overrides = columns
    .map(({ description: _, ...override }) => compact({ ...override }))
    .filter((c) => Object.keys(c).length > 1);
  if (overrides.length > 0) {
    const body = { type: 'column', columns: overrides };
    calls.push({ method: 'PATCH', path: at(ctx, '/configurations/schema'), body, note: 'column overrides' });
  }
  const described = columns.filter((c) => c.description !== undefined);
  if (described.length > 0) {
    const columns_descriptions = described.map((c) => ({ name: c.name, description: c.description ?? '' }));
    calls.push({
      method: 'PATCH',
      path: renderPath(TABLE_METADATA, pathIds(ctx)),
      body: { columns_descriptions },
      note: 'column descriptions',
    });
  }
  return calls;
}

/**
 * The listed columns that differ from the live column of the same name: the whole override when an
 * override key differs, the description when it differs (null and none are the same).
 */
function changedColumns(before: TableSchema | undefined, after: readonly Column[]): Column[] {
  const live = new Map((before?.columns ?? []).map((c) => [c.name, c as Record<string, unknown>]));
  const out: Column[] = [];
  for (const { description, ...override } of after) {
    const current = live.get(override.name);
    const overrideDiffers =
      !current || Object.entries(override).some(([key, value]) => current[key] !== value);
    const descriptionDiffers = description !== undefined && (current?.description ?? null) !== description;
    if (!overrideDiffers && !descriptionDiffers) continue;
    out.push({
      ...(overrideDiffers ? override : { name: override.name }),
      ...(descriptionDiffers ? { description } : {}),
    });
  }
  return out;
}

/**
 * One move per listed column not yet at its position, first to last: moving a column to position
 * i only shifts the columns after i, so the ones placed before stay put. The moves are worked out
 * on the live order; a table not created yet gets a move for every listed column.
 */
function columnOrderCalls(order: readonly string[], live: readonly string[] | undefined, ctx: WriteContext) {
  const current = [...(live ?? [])];
  const calls: CallDraft[] = [];
  order.forEach((name, i) => {
    if (live && current[i] === name) return;
    const from = current.indexOf(name);
    if (from !== -1) current.splice(from, 1);
    current.splice(i, 0, name);
    calls.push({
      method: 'PATCH',
      path: at(ctx, '/column-order'),
      body: { name, target_column_position: i + 1 },
      note: `column order: ${name}`,
    });
  });
  return calls;
}

/** The whole streaming document (a PUT replaces it). */
function streamingCall(s: StreamingSpec, ctx: WriteContext): CallDraft {
  const path = renderPath(STREAMING, pathIds(ctx));
  return { method: 'PUT', path, body: compact({ ...s }), note: 'streaming configuration' };
}
