// The API calls that create and update a table: add it (source table or file table), name it,
// then write each sub-document (ingestion, export, schema, metadata, advanced) it needs. Pure.
import type { CallDraft } from '../../core/call.js';
import { pathIds, renderPath, type WriteContext } from '../kind.js';
import { compact, sortedSet } from '../shared/fields.js';
import { advancedCalls } from '../shared/table-advanced.js';
import { schemaBody, type TableSchema } from './columns-schema.js';
import { EXPORT_DATA_CONNECTION, exportBody } from './export-schema.js';
import { tableToAdd } from './identity-schema.js';
import { ingestionBody } from './ingestion-schema.js';
import type { TableSpec } from './schema.js';

export const TABLES = '/sources/{Source}/tables';
export const TABLE = '/sources/{Source}/tables/{id}';
const SOURCE_TABLES = '/sources/{Source}/tables/source_tables';

/**
 * The table's configuration document. It holds the file keys and the ingestion keys together, so
 * it is always written whole: a PUT that replaced it would otherwise drop the other half.
 */
function configurationBody(s: TableSpec): Record<string, unknown> {
  return compact({ ...(s.file ?? {}), ...(s.ingestion ? ingestionBody(s.ingestion) : {}) });
}

function at(ctx: WriteContext, suffix = ''): string {
  return renderPath(TABLE + suffix, pathIds(ctx));
}

function ingestionCall(s: TableSpec, ctx: WriteContext): CallDraft {
  const path = at(ctx, '/configurations/ingestion');
  return { method: 'PUT', path, body: configurationBody(s), note: 'ingestion configuration' };
}

function exportCall(e: NonNullable<TableSpec['export']>, ctx: WriteContext): CallDraft {
  const body = exportBody(e, () => ctx.idAt(EXPORT_DATA_CONNECTION));
  return { method: 'PUT', path: at(ctx, '/configurations/export'), body, note: 'export configuration' };
}

function schemaCall(s: TableSchema, ctx: WriteContext): CallDraft {
  return {
    method: 'PATCH',
    path: at(ctx, '/configurations/schema'),
    body: schemaBody(s),
    note: 'column overrides',
  };
}

function metadataCall(body: Record<string, unknown>, ctx: WriteContext): CallDraft {
  return { method: 'PUT', path: at(ctx, '/metadata'), body, note: 'tags and description' };
}

/** Add the table, give it its manifest name, then write every sub-document the spec holds. */
export function createTableCalls(s: TableSpec, ctx: WriteContext): CallDraft[] {
  const ids = pathIds(ctx);
  const calls: CallDraft[] = [];
  if (s.source_table) {
    const body = { tables_to_add: [tableToAdd(s.source_table, s.ingestion ?? {})] };
    const path = renderPath(SOURCE_TABLES, ids);
    calls.push({ method: 'POST', path, body, creates: '/result/added_tables/0', note: 'add source table' });
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
  if (s.schema) calls.push(schemaCall(s.schema, ctx));
  // Always written: the engine adds the ownership tag to `tags` before create.
  calls.push(
    metadataCall(
      compact({ tags_to_add: sortedSet(s.tags), tags_to_remove: [], description: s.description }),
      ctx,
    ),
  );
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
    const columns = changedOverrides(before.schema, after.schema);
    if (columns.length > 0) calls.push(schemaCall({ columns }, ctx));
  }
  const metadata = metadataChange(before, after, changed);
  if (metadata) calls.push(metadataCall(metadata, ctx));
  if (changed.has('advanced_configurations') && after.advanced_configurations) {
    const base = at(ctx, '/configurations/advance');
    calls.push(...advancedCalls(base, before.advanced_configurations ?? [], after.advanced_configurations));
  }
  return calls;
}

/** Listed overrides that differ from the live column of the same name (on a key the override sets). */
function changedOverrides(before: TableSchema | undefined, after: TableSchema): TableSchema['columns'] {
  const live = new Map((before?.columns ?? []).map((c) => [c.name, c as Record<string, unknown>]));
  return after.columns.filter((c) => {
    const current = live.get(c.name);
    return !current || Object.entries(c).some(([key, value]) => current[key] !== value);
  });
}

function metadataChange(
  before: TableSpec,
  after: TableSpec,
  changed: ReadonlySet<string>,
): Record<string, unknown> | undefined {
  const old = new Set(before.tags ?? []);
  const next = new Set(after.tags ?? []);
  const tagsChanged = changed.has('tags') && after.tags !== undefined;
  const add = tagsChanged ? sortedSet([...next].filter((t) => !old.has(t))) : [];
  const remove = tagsChanged ? sortedSet([...old].filter((t) => !next.has(t))) : [];
  const description = changed.has('description') ? after.description : undefined;
  if (add.length === 0 && remove.length === 0 && description === undefined) return undefined;
  return compact({ tags_to_add: add, tags_to_remove: remove, description });
}
