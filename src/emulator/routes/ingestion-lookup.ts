// Shared lookups for the ingestion routes: parent/child resolution with 404s and in-use checks.
import type { EmuApp } from '../app.js';
import { EmuError } from '../errors.js';
import type { Doc } from '../store.js';

export type Body = Record<string, unknown>;

/** The source (a copy, to change and store), or 404 IW10001. */
export function requireSource(app: EmuApp, sourceId: string): Doc {
  return structuredClone(peekSource(app, sourceId));
}

/**
 * Like requireSource, but the stored document itself, read-only (never mutate): for lookups on
 * every read request, which would otherwise copy the document each time.
 */
export function peekSource(app: EmuApp, sourceId: string): Readonly<Doc> {
  const source = app.store.peek('sources', sourceId);
  if (!source) throw new EmuError(404, 'IW10001', `Source with id '${sourceId}' not found`);
  return source;
}

/** A child document of `collection` that belongs to the source (field `source`), or 404 IW10001. */
export function requireSourceChild(
  app: EmuApp,
  collection: string,
  sourceId: string,
  id: string,
  label: string,
): Doc {
  return structuredClone(peekChild(app, collection, sourceId, id, label));
}

/** Like requireSourceChild, but the stored document itself, read-only (see peekSource). */
export function peekChild(
  app: EmuApp,
  collection: string,
  sourceId: string,
  id: string,
  label: string,
): Readonly<Doc> {
  peekSource(app, sourceId);
  const doc = app.store.peek(collection, id);
  if (!doc || doc.source !== sourceId) {
    throw new EmuError(404, 'IW10001', `${label} with id '${id}' not found in source '${sourceId}'`);
  }
  return doc;
}

export function requireTable(app: EmuApp, sourceId: string, tableId: string): Doc {
  return requireSourceChild(app, 'tables', sourceId, tableId, 'Table');
}

/** Like requireTable, read-only (see peekSource): a table carries its columns. */
export function peekTable(app: EmuApp, sourceId: string, tableId: string): Readonly<Doc> {
  return peekChild(app, 'tables', sourceId, tableId, 'Table');
}

/** Table groups whose `tables[]` list this table. */
function tableGroupsUsing(app: EmuApp, tableId: string): Doc[] {
  return app.store.find('table_groups', (group) =>
    asArray(group.tables).some((entry) => asRecord(entry).table_id === tableId),
  );
}

/** 400 IW10006 naming the table groups when the table is still in one. */
export function assertTableFree(app: EmuApp, table: Doc): void {
  const groups = tableGroupsUsing(app, table.id);
  if (groups.length > 0) {
    const names = groups.map((g) => `'${String(g.name)}'`).join(', ');
    throw new EmuError(
      400,
      'IW10006',
      `Cannot delete Table '${String(table.name)}': it is used by table group(s) ${names}`,
    );
  }
}

/**
 * Applies the patch only when it changes a stored value, so a PUT that re-sends the current state
 * is not a committed write (the journal stays empty for an idempotent re-apply).
 */
export function updateIfChanged(
  app: EmuApp,
  target: { collection: string; doc: Doc },
  patch: Body,
  userId: string,
): Doc {
  const changed = Object.entries(patch).some(([key, value]) => !sameJson(target.doc[key], value));
  return changed ? app.store.update(target.collection, target.doc.id, patch, { userId }) : target.doc;
}

/** Structural equality of JSON values, independent of key order. */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asRecord(value: unknown): Body {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {};
}

/** Copies of a table's column objects, to change and compare with the stored ones. */
export function columnsOf(table: Doc): Body[] {
  return asArray(table.columns).map((c) => ({ ...asRecord(c) }));
}

export function isRecord(value: unknown): value is Body {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Drops the keys the server owns, so bodies that echo a GET cannot overwrite them. */
export function omitKeys(body: Body, keys: readonly string[]): Body {
  const out: Body = {};
  for (const [key, value] of Object.entries(body)) if (!keys.includes(key)) out[key] = value;
  return out;
}

export const AUDIT_KEYS = ['id', '_id', 'created_at', 'created_by', 'modified_at', 'modified_by'] as const;

/**
 * Audit log entries derived from the document's own audit fields: the emulator keeps no history,
 * yet clients reading audit logs get a plausible creation (and last update) record.
 */
export function auditEntries(doc: Doc, entityType: string): Body[] {
  const entries: Body[] = [
    {
      id: `${doc.id}-created`,
      entity_type: entityType,
      entity_id: doc.id,
      modification: 'created',
      modified_at: doc.created_at,
      modified_by: doc.created_by,
    },
  ];
  if (doc.modified_at !== doc.created_at) {
    entries.push({
      id: `${doc.id}-updated`,
      entity_type: entityType,
      entity_id: doc.id,
      modification: 'updated',
      modified_at: doc.modified_at,
      modified_by: doc.modified_by,
    });
  }
  return entries;
}
