// Topic mappings (streaming) and JSON file mappings: CRUD, previews, and the tables made from them.
import type { EmuApp, EmuRequest } from '../app.js';
import { EmuError } from '../errors.js';
import { bodyObject, created, list, ok } from '../respond.js';
import type { Doc } from '../store.js';
import {
  AUDIT_KEYS,
  asArray,
  asRecord,
  assertTableFree,
  type Body,
  isRecord,
  omitKeys,
  peekSource,
  requireSource,
  requireSourceChild,
  updateIfChanged,
} from './ingestion-lookup.js';
import { deleteTable, insertTable, tableView } from './ingestion-table-docs.js';

interface MappingKind {
  collection: 'topic_mappings' | 'file_mappings';
  path: string;
  label: string;
  /** Table fields that link a table to its mapping. */
  idField: string;
  nameField: string;
  updated: string;
  check(configuration: Body): void;
}

function invalid(details: string): never {
  throw new EmuError(400, 'IW10006', details);
}

function oneOf(value: unknown, field: string, allowed: string[]): void {
  if (value !== undefined && (typeof value !== 'string' || !allowed.includes(value))) {
    invalid(`Invalid ${field} '${String(value)}': expected one of ${allowed.join(', ')}`);
  }
}

const KINDS: MappingKind[] = [
  {
    collection: 'topic_mappings',
    path: 'topic-mappings',
    label: 'Topic mapping',
    idField: 'topic_mapping_id',
    nameField: 'topic_mapping_name',
    updated: 'Updated Topic mappings',
    check(configuration) {
      const identifier = configuration.topic_identifier;
      if (!isRecord(identifier)) invalid("'configuration.topic_identifier' is required");
      oneOf(identifier.type, 'topic_identifier.type', ['list', 'regex']);
      if (identifier.list !== undefined && !Array.isArray(identifier.list))
        invalid("'topic_identifier.list' must be an array");
    },
  },
  {
    collection: 'file_mappings',
    path: 'file-mappings',
    label: 'File mapping',
    idField: 'file_mapping_id',
    nameField: 'file_mapping_name',
    updated: 'Updated File mappings',
    check(configuration) {
      oneOf(configuration.record_scope, 'record_scope', ['file', 'line']);
    },
  },
];

/** `{name, configuration}`; the SDK docstring's flat form (config keys at top level) is folded in. */
function readMapping(kind: MappingKind, body: Body, partial: boolean): Body {
  const { name, configuration, ...flat } = omitKeys(body, [...AUDIT_KEYS, 'source', 'table_details']);
  const out: Body = {};
  if (name !== undefined || !partial) {
    if (typeof name !== 'string' || name.trim() === '')
      invalid("'name' is required and must be a non-empty string");
    out.name = name;
  }
  const { json_schema: jsonSchema, ...rest } = flat;
  if (jsonSchema !== undefined) out.json_schema = jsonSchema;
  if (configuration !== undefined || Object.keys(rest).length > 0 || !partial) {
    const config = isRecord(configuration) ? configuration : rest;
    kind.check(config);
    out.configuration = config;
  }
  return out;
}

function mappingTables(app: EmuApp, kind: MappingKind, mapping: Readonly<Doc>): readonly Readonly<Doc>[] {
  return app.store.scan('tables', (t) => t[kind.idField] === mapping.id);
}

function mappingView(app: EmuApp, kind: MappingKind, mapping: Readonly<Doc>): Body {
  const tableDetails = mappingTables(app, kind, mapping).map((t) => ({
    id: t.id,
    name: t.name,
    state: t.state,
  }));
  return { json_schema: [], ...mapping, table_details: tableDetails };
}

function registerKind(app: EmuApp, kind: MappingKind): void {
  const base = `/sources/:source_id/${kind.path}`;
  const options = { entity: kind.collection.replace(/s$/, '') };
  const mappingOf = (req: EmuRequest) =>
    requireSourceChild(app, kind.collection, req.params.source_id!, req.params.mapping_id!, kind.label);
  const tableOf = (req: EmuRequest) => {
    const mapping = mappingOf(req);
    const table = app.store.get('tables', req.params.table_id!);
    if (!table || table[kind.idField] !== mapping.id) {
      throw new EmuError(
        404,
        'IW10001',
        `Table with id '${req.params.table_id}' not found in ${kind.label.toLowerCase()}`,
      );
    }
    return table;
  };

  app.route('GET', base, (req) => {
    const source = peekSource(app, req.params.source_id!);
    const mappings = app.store.scan(kind.collection, (m) => m.source === source.id);
    return list(
      req,
      mappings.map((m) => mappingView(app, kind, m)),
    );
  });
  app.route(
    'POST',
    base,
    (req) => {
      const source = requireSource(app, req.params.source_id!);
      const doc = readMapping(kind, bodyObject(req), false);
      app.store.assertUnique(kind.collection, doc.name, { source: source.id });
      const stored = app.store.insert(
        kind.collection,
        { ...doc, source: source.id },
        { userId: req.user.id },
      );
      return created(stored.id, `${kind.label} created successfully`);
    },
    options,
  );
  app.route('GET', `${base}/:mapping_id`, (req) => ok(mappingView(app, kind, mappingOf(req))));
  app.route(
    'PATCH',
    `${base}/:mapping_id`,
    (req) => {
      const mapping = mappingOf(req);
      const patch = readMapping(kind, bodyObject(req), true);
      if (patch.name !== undefined) {
        app.store.assertUnique(
          kind.collection,
          patch.name,
          { source: mapping.source },
          { exceptId: mapping.id },
        );
      }
      updateIfChanged(app, { collection: kind.collection, doc: mapping }, patch, req.user.id);
      return created(mapping.id, kind.updated);
    },
    options,
  );
  app.route(
    'DELETE',
    `${base}/:mapping_id`,
    (req) => {
      const mapping = mappingOf(req);
      // Tables made from the mapping go with it, unless a table group still uses one of them.
      const tables = mappingTables(app, kind, mapping);
      for (const table of tables) assertTableFree(app, table);
      for (const table of tables) deleteTable(app, table);
      app.store.remove(kind.collection, mapping.id);
      return created(mapping.id, `${kind.label} deleted successfully`);
    },
    options,
  );
  for (const view of ['preview', 'crawl-schema', 'table-schema']) {
    app.route('GET', `${base}/:mapping_id/${view}`, (req) => {
      const mapping = mappingOf(req);
      const jsonSchema = asArray(mapping.json_schema);
      return ok(
        view === 'preview'
          ? { status: 'completed', rows: [], json_schema: jsonSchema }
          : { json_schema: jsonSchema },
      );
    });
  }
  app.route('GET', `${base}/:mapping_id/tables`, (req) =>
    list(
      req,
      mappingTables(app, kind, mappingOf(req)).map((t) => tableView(t)),
    ),
  );
  app.route(
    'POST',
    `${base}/:mapping_id/tables`,
    (req) => {
      const mapping = mappingOf(req);
      const source = requireSource(app, req.params.source_id!);
      // The SDK posts `""` or `{}`: the table takes the mapping's name unless one is given.
      const sent = isRecord(req.body) ? req.body : {};
      const name = typeof sent.name === 'string' && sent.name !== '' ? sent.name : mapping.name;
      const body: Body = {
        ...sent,
        name,
        [kind.idField]: mapping.id,
        [kind.nameField]: mapping.name,
        configuration: { target_table_name: name, ...asRecord(sent.configuration) },
      };
      const table = insertTable(app, { source, body, userId: req.user.id });
      return created(table.id, 'Table Created Successfully');
    },
    { entity: 'table' },
  );
  app.route('GET', `${base}/:mapping_id/tables/:table_id`, (req) => ok(tableView(tableOf(req))));
  app.route(
    'DELETE',
    `${base}/:mapping_id/tables/:table_id`,
    (req) => {
      const table = tableOf(req);
      deleteTable(app, table);
      return created(table.id, 'Table Deleted Successfully');
    },
    { entity: 'table' },
  );
}

export function register(app: EmuApp): void {
  for (const kind of KINDS) registerKind(app, kind);
  app.route('GET', '/sources/:source_id/topics', (req) => {
    const source = requireSource(app, req.params.source_id!);
    const topics = new Set<string>();
    for (const mapping of app.store.find('topic_mappings', (m) => m.source === source.id)) {
      for (const topic of asArray(asRecord(asRecord(mapping.configuration).topic_identifier).list))
        topics.add(String(topic));
    }
    return ok({ topics: [...topics] });
  });
}
