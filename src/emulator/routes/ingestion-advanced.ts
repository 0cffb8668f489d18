// Advanced configurations (key/value) of sources and tables, with the exact messages clients key on.
import type { EmuApp, EmuRequest, EmuResult } from '../app.js';
import { EmuError } from '../errors.js';
import { bodyObject, list, ok } from '../respond.js';
import type { Doc } from '../store.js';
import { asRecord, type Body, peekSource, peekTable, updateIfChanged } from './ingestion-lookup.js';

type Level = 'source' | 'table';

/** Top-level messages the SDK compares literally; the nested ones follow the spec's wording per level. */
const UPDATED = 'Successfully updated Advance configuration';
const REMOVED = 'Successfully removed Advance configuration';
const NESTED: Record<Level, { added: string; updated: string; deleted: string }> = {
  source: {
    added: 'Successfully added advanced configuration',
    updated: 'Successfully updated advanced configuration',
    deleted: 'Successfully deleted advanced configuration',
  },
  table: {
    added: 'Successfully added advance configuration',
    updated: 'Successfully updated advance configuration',
    deleted: 'Successfully deleted advance configuration',
  },
};

interface Owner {
  level: Level;
  entityId: string;
  sourceId: string;
}

function ownerOf(app: EmuApp, req: EmuRequest, level: Level): Owner {
  const sourceId = req.params.source_id!;
  if (level === 'source') return { level, entityId: peekSource(app, sourceId).id, sourceId };
  return { level, entityId: peekTable(app, sourceId, req.params.table_id!).id, sourceId };
}

function configsOf(app: EmuApp, owner: Owner): Doc[] {
  return app.store.find(
    'advanced_configs',
    (c) => c.entity_type === owner.level && c.entity_id === owner.entityId,
  );
}

function requireConfig(app: EmuApp, owner: Owner, key: string): Doc {
  const config = configsOf(app, owner).find((c) => c.key === key);
  if (!config) throw new EmuError(404, 'IW10001', `Advanced configuration with key '${key}' not found`);
  return config;
}

function view(config: Doc): Body {
  const out: Body = { ...config };
  if (config.entity_type === 'table') {
    // The spec shows camelCase keys at table level while the SDK reads snake_case: emit both.
    Object.assign(out, {
      isActive: config.is_active,
      entityId: config.entity_id,
      entityType: config.entity_type,
    });
  }
  return out;
}

/** Accepts snake_case or camelCase keys, and the spec's one-element array form of the table PUT. */
function readBody(req: EmuRequest): Body {
  const raw = Array.isArray(req.body) ? asRecord(req.body[0]) : bodyObject(req);
  const value = raw.value;
  const out: Body = {};
  if (typeof raw.key === 'string') out.key = raw.key;
  if (value !== undefined && value !== null) {
    if (typeof value === 'object') throw new EmuError(400, 'IW10006', "'value' must be a string");
    out.value = String(value);
  }
  if (raw.description !== undefined) out.description = raw.description;
  const active = raw.is_active ?? raw.isActive;
  if (active !== undefined) out.is_active = active;
  return out;
}

function create(app: EmuApp, req: EmuRequest, level: Level): EmuResult {
  const owner = ownerOf(app, req, level);
  const body = readBody(req);
  if (typeof body.key !== 'string' || body.key === '')
    throw new EmuError(400, 'IW10006', "'key' is required");
  if (body.value === undefined) throw new EmuError(400, 'IW10006', "'value' is required");
  if (configsOf(app, owner).some((c) => c.key === body.key)) {
    throw new EmuError(400, 'IW10003', `Advanced configuration with key '${body.key}' already exists`);
  }
  const parent = level === 'table' ? { parent_entity_id: owner.sourceId, parent_entity_type: 'source' } : {};
  const doc = app.store.insert(
    'advanced_configs',
    { description: '', is_active: true, ...body, entity_id: owner.entityId, entity_type: level, ...parent },
    { userId: req.user.id },
  );
  const message = NESTED[level].added;
  return ok({ message, id: doc.id }, message);
}

function update(app: EmuApp, req: EmuRequest, level: Level): EmuResult {
  const owner = ownerOf(app, req, level);
  const config = requireConfig(app, owner, req.params.key!);
  const { key: _key, ...patch } = readBody(req);
  updateIfChanged(app, { collection: 'advanced_configs', doc: config }, patch, req.user.id);
  return ok({ message: NESTED[level].updated, id: config.id }, UPDATED);
}

function remove(app: EmuApp, req: EmuRequest, level: Level): EmuResult {
  const config = requireConfig(app, ownerOf(app, req, level), req.params.key!);
  app.store.remove('advanced_configs', config.id);
  return ok({ message: NESTED[level].deleted, id: config.id }, REMOVED);
}

function registerLevel(app: EmuApp, level: Level, base: string): void {
  const options = { entity: 'advanced_config' };
  app.route('GET', base, (req) => {
    const result = list(req, configsOf(app, ownerOf(app, req, level)).map(view));
    // The spec names the table-level list key `results`; the SDK reads `result`. Both are sent.
    if (level === 'table') (result.body as Body).results = (result.body as Body).result;
    return result;
  });
  app.route('POST', base, (req) => create(app, req, level), options);
  app.route('GET', `${base}/:key`, (req) =>
    ok(view(requireConfig(app, ownerOf(app, req, level), req.params.key!))),
  );
  app.route('PUT', `${base}/:key`, (req) => update(app, req, level), options);
  app.route('DELETE', `${base}/:key`, (req) => remove(app, req, level), options);
}

export function registerSourceAdvancedConfigs(app: EmuApp): void {
  registerLevel(app, 'source', '/sources/:source_id/configurations/advance');
}

export function registerTableAdvancedConfigs(app: EmuApp): void {
  registerLevel(app, 'table', '/sources/:source_id/tables/:table_id/configurations/advance');
}
