// Table group routes: CRUD (PUT replaces), compute/table integrity, quotas, audit logs, table mapping.
import type { EmuApp, EmuRequest } from '../app.js';
import { EmuError } from '../errors.js';
import { bodyObject, created, list, ok } from '../respond.js';
import type { Doc } from '../store.js';
import {
  AUDIT_KEYS,
  asArray,
  asRecord,
  auditEntries,
  type Body,
  isRecord,
  omitKeys,
  peekSource,
  requireSource,
  requireSourceChild,
  sameJson,
  updateIfChanged,
} from './ingestion-lookup.js';
import { maskCredentials } from './ingestion-secrets.js';

/** Owned by the server or by the schedule endpoints; a PUT that echoes a GET keeps the stored values. */
const SCHEDULE_KEYS = ['schedule', 'schedule_status', 'scheduler_username', 'schedule_username'] as const;
const SERVER_KEYS = [
  ...AUDIT_KEYS,
  'source',
  'compute_cluster_name',
  'scheduler_auth_token',
  ...SCHEDULE_KEYS,
];

function invalid(details: string): never {
  throw new EmuError(400, 'IW10006', details);
}

function computeOf(app: EmuApp, id: string): Doc | undefined {
  return app.store.get('compute_templates', id) ?? app.store.get('interactive_clusters', id);
}

function positiveInt(body: Body, field: string): number {
  const value = body[field] ?? 1;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    invalid(`'${field}' must be an integer greater than or equal to 1`);
  }
  return value;
}

function checkTables(app: EmuApp, source: Doc, raw: unknown): Body[] {
  if (raw !== undefined && !Array.isArray(raw)) invalid("'tables' must be an array");
  const seen = new Set<string>();
  return asArray(raw).map((item) => {
    const entry = asRecord(item);
    const id = entry.table_id;
    if (typeof id !== 'string' || id === '') invalid("Each entry of 'tables' needs a 'table_id'");
    if (app.store.get('tables', id)?.source !== source.id) {
      invalid(`Table with id '${id}' does not belong to source '${String(source.name)}'`);
    }
    if (seen.has(id)) invalid(`Table with id '${id}' is listed twice`);
    seen.add(id);
    const quota = entry.connection_quota;
    if (
      quota !== undefined &&
      (typeof quota !== 'number' || !Number.isInteger(quota) || quota < 0 || quota > 100)
    ) {
      invalid(`'connection_quota' of table '${id}' must be an integer between 0 and 100`);
    }
    return quota === undefined ? { table_id: id } : { table_id: id, connection_quota: quota };
  });
}

/** The stored form of a create/PUT body after every check; `exceptId` is the group being replaced. */
function groupDoc(app: EmuApp, source: Doc, body: Body, exceptId?: string): Body {
  const name = body.name;
  if (typeof name !== 'string' || name.trim() === '')
    invalid("'name' is required and must be a non-empty string");
  app.store.assertUnique('table_groups', name, { source: source.id }, exceptId ? { exceptId } : {});
  const compute = body.environment_compute_template;
  const computeId = isRecord(compute) ? compute.environment_compute_template_id : undefined;
  if (typeof computeId !== 'string' || computeId === '') {
    invalid("'environment_compute_template.environment_compute_template_id' is required");
  }
  const found = computeOf(app, computeId);
  if (!found) invalid(`Compute template with id '${computeId}' not found`);
  if (found.environment_id !== undefined && found.environment_id !== source.environment_id) {
    invalid(
      `Compute template '${String(found.name)}' does not belong to the environment of source '${String(source.name)}'`,
    );
  }
  return {
    ...omitKeys(body, SERVER_KEYS),
    name,
    source: source.id,
    environment_compute_template: { environment_compute_template_id: computeId },
    max_connections: positiveInt(body, 'max_connections'),
    max_parallel_entities: positiveInt(body, 'max_parallel_entities'),
    tables: checkTables(app, source, body.tables),
  };
}

/** The group as GET shows it: table entries enriched the way the spec's item shows them. */
function groupView(app: EmuApp, group: Readonly<Doc>): Body {
  const computeId = String(asRecord(group.environment_compute_template).environment_compute_template_id);
  const tables = asArray(group.tables).map((item) => {
    const entry = asRecord(item);
    const table = app.store.peek('tables', String(entry.table_id));
    return {
      ...entry,
      name: table?.name,
      sync_type: asRecord(table?.configuration).sync_type,
      state: table?.state,
      schema_name_at_source: table?.schema_name_at_source,
    };
  });
  return { ...group, tables, compute_cluster_name: computeOf(app, computeId)?.name };
}

function tableMapping(app: EmuApp, source: Doc): Body {
  const result: Body = {};
  for (const group of app.store.find('table_groups', (g) => g.source === source.id)) {
    for (const entry of asArray(group.tables).map(asRecord)) {
      const key = String(entry.table_id);
      result[key] = [...asArray(result[key]), { id: group.id, name: group.name }];
    }
  }
  const connection = maskCredentials(asRecord(source.connection));
  const fields = [
    'connection_mode',
    'connection_url',
    'username',
    'password',
    'driver_name',
    'driver_version',
    'database',
  ];
  for (const field of fields) if (connection[field] !== undefined) result[field] = connection[field];
  result.enable_log_based_cdc = connection.enable_log_based_cdc === true;
  return result;
}

export function register(app: EmuApp): void {
  const base = '/sources/:source_id/table-groups';
  const options = { entity: 'table_group' };
  const groupOf = (req: EmuRequest) =>
    requireSourceChild(app, 'table_groups', req.params.source_id!, req.params.table_group_id!, 'Table group');

  app.route('GET', base, (req) => {
    const source = peekSource(app, req.params.source_id!);
    return list(
      req,
      app.store.scan('table_groups', (g) => g.source === source.id).map((g) => groupView(app, g)),
    );
  });
  app.route(
    'POST',
    base,
    (req) => {
      const source = requireSource(app, req.params.source_id!);
      const doc = app.store.insert('table_groups', groupDoc(app, source, bodyObject(req)), {
        userId: req.user.id,
      });
      return created(doc.id, 'Table Group Successfully Created');
    },
    options,
  );
  app.route('GET', `${base}/:table_group_id`, (req) => ok(groupView(app, groupOf(req))));
  app.route(
    'PUT',
    `${base}/:table_group_id`,
    (req) => {
      const group = groupOf(req);
      const source = requireSource(app, req.params.source_id!);
      const next = groupDoc(app, source, bodyObject(req), group.id);
      for (const key of SCHEDULE_KEYS) if (group[key] !== undefined) next[key] = group[key];
      // The SDK names the schedule owner through this PUT; its auth token is never stored.
      const owner = bodyObject(req).scheduler_username;
      if (typeof owner === 'string' && owner !== '') next.scheduler_username = owner;
      // Full replace: keys absent from the body disappear (audit fields are kept by the store).
      const unchanged = sameJson(omitKeys(group, AUDIT_KEYS), next);
      if (!unchanged) app.store.update('table_groups', group.id, () => next, { userId: req.user.id });
      return created(group.id, 'Successfully updated table group');
    },
    options,
  );
  app.route(
    'DELETE',
    `${base}/:table_group_id`,
    (req) => {
      const group = groupOf(req);
      app.store.remove('table_groups', group.id);
      return created(group.id, 'Table Group Successfully Deleted');
    },
    options,
  );
  app.route(
    'POST',
    `${base}/:table_group_id/configurations`,
    (req) => {
      const group = groupOf(req);
      // Copies: changing the group's own entries would leave nothing for updateIfChanged to see.
      const entries = asArray(group.tables).map((entry) => ({ ...asRecord(entry) }));
      for (const item of asArray(bodyObject(req).tables).map(asRecord)) {
        const entry = entries.find((e) => e.table_id === item.table_id);
        if (!entry)
          invalid(`Table with id '${String(item.table_id)}' is not in table group '${String(group.name)}'`);
        const quota = item.connection_quota;
        if (typeof quota !== 'number' || !Number.isInteger(quota) || quota < 0 || quota > 100) {
          invalid("'connection_quota' must be an integer between 0 and 100");
        }
        entry.connection_quota = quota;
      }
      updateIfChanged(app, { collection: 'table_groups', doc: group }, { tables: entries }, req.user.id);
      return ok({ status: 'success', id: group.id }, 'Successfully updated table group configurations');
    },
    options,
  );
  app.route('GET', `${base}/:table_group_id/audit-logs`, (req) =>
    list(req, auditEntries(groupOf(req), 'table_group')),
  );
  app.route('GET', '/sources/:source_id/tables-to-table-groups-mapping', (req) =>
    ok(tableMapping(app, requireSource(app, req.params.source_id!))),
  );
}
