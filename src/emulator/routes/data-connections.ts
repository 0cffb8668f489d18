// Target data connections (/admin/data-connections, real §6.2 model) and /data-connections-subtypes.
import type { EmuApp, EmuRequest } from '../app.js';
import { EmuError } from '../errors.js';
import { bodyObject, created, list, ok, requireString } from '../respond.js';
import { sealSecrets } from '../secrets.js';
import type { Doc } from '../store.js';

const SUB_TYPES = [
  'SNOWFLAKE',
  'SQL_SERVER',
  'POSTGRES',
  'BIGQUERY',
  'COSMOS_DB',
  'DELTA',
  'REDSHIFT',
  'SYNAPSE',
];
const OWNED = ['id', 'created_at', 'created_by', 'modified_at', 'modified_by'];

/** Validates and seals a create (full) or update (partial) body. */
function connectionInput(body: Record<string, unknown>, full: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (!OWNED.includes(key)) out[key] = value;
  if (full || out.name !== undefined) requireString(out, 'name');
  if (full && out.type === undefined) out.type = 'TARGET';
  if (full || out.sub_type !== undefined) {
    const sub = requireString(out, 'sub_type');
    if (!SUB_TYPES.includes(sub))
      throw new EmuError(400, 'IW10006', `'sub_type' must be one of ${SUB_TYPES.join(', ')}`);
  }
  if (full || out.properties !== undefined) {
    const props = out.properties;
    if (props === null || typeof props !== 'object' || Array.isArray(props)) {
      throw new EmuError(400, 'IW10006', "'properties' is required and must be an object");
    }
  }
  return sealSecrets(out);
}

export function register(app: EmuApp): void {
  const { store } = app;
  const base = '/admin/data-connections';
  const admin = { admin: true, entity: 'data_connection' };

  app.route('GET', base, (req) => list(req, store.scan('data_connections')), admin);

  app.route(
    'POST',
    base,
    (req) => {
      const input = connectionInput(bodyObject(req), true);
      store.assertUnique('data_connections', input.name);
      const doc = store.insert('data_connections', { description: '', ...input }, { userId: req.user.id });
      return created(doc.id, 'Successfully created data connection');
    },
    admin,
  );

  app.route(
    'GET',
    `${base}/:connection_id`,
    (req) => ok(store.require('data_connections', req.params.connection_id!)),
    admin,
  );

  const update = (full: boolean) => (req: EmuRequest) => {
    const id = req.params.connection_id!;
    const current = store.require('data_connections', id);
    const input = connectionInput(bodyObject(req), full);
    if (input.name !== undefined) store.assertUnique('data_connections', input.name, {}, { exceptId: id });
    const next = full ? { description: '', type: 'TARGET', ...input } : input;
    const changed = Object.entries(next).some(
      ([key, value]) => JSON.stringify(current[key]) !== JSON.stringify(value),
    );
    if (changed || (full && Object.keys(current).some((k) => !OWNED.includes(k) && !(k in next)))) {
      store.update('data_connections', id, full ? (doc: Doc) => ({ ...pickOwned(doc), ...next }) : next, {
        userId: req.user.id,
      });
    }
    return created(id, 'Successfully updated data connection');
  };
  app.route('PUT', `${base}/:connection_id`, update(true), admin);
  app.route('PATCH', `${base}/:connection_id`, update(false), admin);

  app.route(
    'DELETE',
    `${base}/:connection_id`,
    (req) => {
      const id = req.params.connection_id!;
      store.require('data_connections', id);
      store.assertNoDependents({ collection: 'data_connections', id }, [
        { collection: 'tables', path: 'export_configuration.connection.data_connection_id' },
      ]);
      store.remove('data_connections', id);
      return created(id, 'Successfully deleted data connection');
    },
    admin,
  );

  app.route('GET', '/data-connections-subtypes', () => {
    const grouped: Record<string, Array<{ id: string; name: unknown }>> = {};
    for (const sub of SUB_TYPES) grouped[sub] = [];
    for (const conn of store.all('data_connections')) {
      const sub = String(conn.sub_type);
      grouped[sub] = [...(grouped[sub] ?? []), { id: conn.id, name: conn.name }];
    }
    return ok(grouped);
  });
}

function pickOwned(doc: Doc): Doc {
  const out = { id: doc.id } as Doc;
  for (const key of OWNED) out[key] = doc[key];
  return out;
}
