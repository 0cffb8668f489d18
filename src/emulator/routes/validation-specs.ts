// Validation specs of a table (regex rules on a column), with the exact messages the SDK compares.
import type { EmuApp, EmuRequest } from '../app.js';
import { EmuError } from '../errors.js';
import { bodyObject, created, list, ok } from '../respond.js';
import type { Doc } from '../store.js';
import {
  AUDIT_KEYS,
  asArray,
  asRecord,
  type Body,
  omitKeys,
  peekTable,
  requireTable,
  updateIfChanged,
} from './ingestion-lookup.js';

const TYPES = ['regex'];

function invalid(details: string): never {
  throw new EmuError(400, 'IW10006', details);
}

/** Checks a merged spec; `expression` (the SDK docstring's key) is stored as `regex_expression`. */
function normalizeSpec(table: Doc, body: Body): Body {
  const { expression, ...rest } = body;
  const spec: Body = { ...rest };
  if (spec.regex_expression === undefined && expression !== undefined) spec.regex_expression = expression;
  for (const field of ['name', 'column_name', 'type']) {
    if (typeof spec[field] !== 'string' || (spec[field] as string).trim() === '') {
      invalid(`'${field}' is required and must be a non-empty string`);
    }
  }
  if (!TYPES.includes(spec.type as string))
    invalid(`Invalid type '${String(spec.type)}': expected one of ${TYPES.join(', ')}`);
  if (typeof spec.regex_expression !== 'string' || spec.regex_expression === '') {
    invalid("'regex_expression' is required for type 'regex'");
  }
  try {
    new RegExp(spec.regex_expression);
  } catch {
    invalid(`'regex_expression' is not a valid regular expression: ${spec.regex_expression}`);
  }
  const columns = asArray(table.columns).map(asRecord);
  if (columns.length > 0 && !columns.some((c) => c.name === spec.column_name)) {
    invalid(`Column '${String(spec.column_name)}' not found in table '${String(table.name)}'`);
  }
  return { ...spec, table_id: table.id };
}

export function register(app: EmuApp): void {
  const base = '/sources/:source_id/tables/:table_id/validation-specs';
  const options = { entity: 'validation_spec' };
  const tableOf = (req: EmuRequest) => requireTable(app, req.params.source_id!, req.params.table_id!);
  const storedTableOf = (req: EmuRequest) => peekTable(app, req.params.source_id!, req.params.table_id!);
  const specOf = (req: EmuRequest): { table: Doc; spec: Doc } => {
    const table = tableOf(req);
    const spec = app.store.get('validation_specs', req.params.spec_id!);
    if (!spec || spec.table_id !== table.id) {
      throw new EmuError(404, 'IW10001', `Validation spec with id '${req.params.spec_id}' not found`);
    }
    return { table, spec };
  };
  const serverKeys = [...AUDIT_KEYS, 'table_id'];

  app.route('GET', base, (req) => {
    const table = storedTableOf(req);
    return list(
      req,
      app.store.scan('validation_specs', (s) => s.table_id === table.id),
    );
  });
  app.route(
    'POST',
    base,
    (req) => {
      const table = tableOf(req);
      const spec = normalizeSpec(table, omitKeys(bodyObject(req), serverKeys));
      app.store.assertUnique('validation_specs', spec.name, { table_id: table.id });
      const doc = app.store.insert('validation_specs', spec, { userId: req.user.id });
      return created(doc.id, 'Validation Specs added Successfully');
    },
    options,
  );
  app.route('GET', `${base}/:spec_id`, (req) => ok(specOf(req).spec));
  app.route(
    'PATCH',
    `${base}/:spec_id`,
    (req) => {
      const { table, spec } = specOf(req);
      const merged = normalizeSpec(table, {
        ...omitKeys(spec, serverKeys),
        ...omitKeys(bodyObject(req), serverKeys),
      });
      app.store.assertUnique('validation_specs', merged.name, { table_id: table.id }, { exceptId: spec.id });
      updateIfChanged(app, { collection: 'validation_specs', doc: spec }, merged, req.user.id);
      return ok({ status: 'success', id: spec.id }, 'Validation Specs updated successfully');
    },
    options,
  );
  app.route(
    'DELETE',
    `${base}/:spec_id`,
    (req) => {
      const { spec } = specOf(req);
      app.store.remove('validation_specs', spec.id);
      return created(spec.id, 'Validation Specs deleted successfully');
    },
    options,
  );
}
