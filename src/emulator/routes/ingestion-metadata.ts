// Metadata (tags, favourite flag, description) of sources and tables: GET wrapped in result, PUT deltas.
import type { EmuApp, EmuRequest } from '../app.js';
import { EmuError } from '../errors.js';
import { bodyObject, ok } from '../respond.js';
import type { Doc } from '../store.js';
import {
  asArray,
  asRecord,
  type Body,
  columnsOf,
  requireSource,
  requireTable,
  updateIfChanged,
} from './ingestion-lookup.js';

const UPDATED = 'Successfully updated metadata';

function metadataOf(doc: Doc): Body {
  return {
    tags: asArray(doc.tags),
    is_favorite: doc.is_favorite === true,
    description: typeof doc.description === 'string' ? doc.description : '',
  };
}

function stringList(body: Body, field: string): string[] {
  const value = body[field];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((tag) => typeof tag !== 'string')) {
    throw new EmuError(400, 'IW10006', `'${field}' must be an array of strings`);
  }
  return value as string[];
}

/** The fields to store after a metadata PUT; `tags` (a full list) is tolerated next to the deltas. */
function metadataPatch(doc: Doc, body: Body): Body {
  const patch: Body = {};
  const base = body.tags === undefined ? (asArray(doc.tags) as string[]) : stringList(body, 'tags');
  const removed = new Set(stringList(body, 'tags_to_remove'));
  const tags = [...base];
  for (const tag of stringList(body, 'tags_to_add')) if (!tags.includes(tag)) tags.push(tag);
  patch.tags = tags.filter((tag) => !removed.has(tag));
  if (body.is_favorite !== undefined) {
    if (typeof body.is_favorite !== 'boolean')
      throw new EmuError(400, 'IW10006', "'is_favorite' must be a boolean");
    patch.is_favorite = body.is_favorite;
  }
  if (body.description !== undefined) {
    if (typeof body.description !== 'string')
      throw new EmuError(400, 'IW10006', "'description' must be a string");
    patch.description = body.description;
  }
  return patch;
}

function updated(): ReturnType<typeof ok> {
  return ok({ message: UPDATED }, UPDATED);
}

/** Column descriptions (`PATCH /tables/{id}/metadata`) land on the matching column objects. */
function describeColumns(table: Doc, body: Body): Body {
  const descriptions = asArray(body.columns_descriptions).map(asRecord);
  if (descriptions.length === 0) return {};
  // Copies: the change is detected by comparing with the stored columns.
  const columns = columnsOf(table);
  for (const entry of descriptions) {
    if (typeof entry.description !== 'string')
      throw new EmuError(400, 'IW10006', "Each of 'columns_descriptions' needs a string 'description'");
    const column = columns.find((c) => c.name === entry.name);
    if (!column) throw new EmuError(400, 'IW10006', `Column '${String(entry.name)}' not found in table`);
    column.description = entry.description;
  }
  return { columns };
}

function tableById(app: EmuApp, req: EmuRequest): Doc {
  const table = app.store.get('tables', req.params.table_id!);
  if (!table) throw new EmuError(404, 'IW10001', `Table with id '${req.params.table_id}' not found`);
  return table;
}

export function registerMetadata(app: EmuApp): void {
  app.route('GET', '/sources/:source_id/metadata', (req) =>
    ok(metadataOf(requireSource(app, req.params.source_id!))),
  );
  app.route(
    'PUT',
    '/sources/:source_id/metadata',
    (req) => {
      const source = requireSource(app, req.params.source_id!);
      updateIfChanged(
        app,
        { collection: 'sources', doc: source },
        metadataPatch(source, bodyObject(req)),
        req.user.id,
      );
      return updated();
    },
    { entity: 'source' },
  );
  app.route('GET', '/sources/:source_id/tables/:table_id/metadata', (req) =>
    ok(metadataOf(requireTable(app, req.params.source_id!, req.params.table_id!))),
  );
  app.route(
    'PUT',
    '/sources/:source_id/tables/:table_id/metadata',
    (req) => {
      const table = requireTable(app, req.params.source_id!, req.params.table_id!);
      updateIfChanged(
        app,
        { collection: 'tables', doc: table },
        metadataPatch(table, bodyObject(req)),
        req.user.id,
      );
      return updated();
    },
    { entity: 'table' },
  );
  app.route('GET', '/tables/:table_id/metadata', (req) => ok(metadataOf(tableById(app, req))));
  app.route(
    'PATCH',
    '/tables/:table_id/metadata',
    (req) => {
      const table = tableById(app, req);
      const body = bodyObject(req);
      const patch = { ...metadataPatch(table, body), ...describeColumns(table, body) };
      updateIfChanged(app, { collection: 'tables', doc: table }, patch, req.user.id);
      return updated();
    },
    { entity: 'table' },
  );
}
