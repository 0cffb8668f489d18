// Domains (/domains, /admin/domains): CRUD, accessible sources/domains/extensions, advanced configs.
import type { EmuApp, EmuRequest } from '../app.js';
import { EmuError } from '../errors.js';
import { bodyObject, list, ok, requireString } from '../respond.js';
import type { Doc } from '../store.js';
import { registerDomainAccess } from './domain-access.js';
import { registerDomainConfigs } from './domain-configs.js';
import { requireDomain } from './domain-record.js';

type Body = Record<string, unknown>;

const FIELDS = ['name', 'description', 'environment_ids', 'secrets', 'users'];

/** A list of existing ids of `collection`, or 400 naming the unknown ones. */
function existingIds(app: EmuApp, collection: string, value: unknown, field: string): string[] {
  const raw = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(raw) || raw.some((id) => typeof id !== 'string')) {
    throw new EmuError(400, 'IW10006', `'${field}' must be an array of ids`);
  }
  const missing = raw.filter((id) => !app.store.get(collection, id));
  if (missing.length > 0)
    throw new EmuError(400, 'IW10006', `'${field}' has unknown id(s): ${missing.join(', ')}`);
  return [...new Set(raw as string[])];
}

function domainInput(app: EmuApp, body: Body): Body {
  const out: Body = {};
  if (body.name !== undefined) out.name = requireString(body, 'name');
  if (body.description !== undefined) out.description = String(body.description);
  // The SDK docstring spells it environment_id (one string); real calls send environment_ids.
  const envs = body.environment_ids ?? body.environment_id;
  if (envs !== undefined) out.environment_ids = existingIds(app, 'environments', envs, 'environment_ids');
  if (body.users !== undefined) out.users = existingIds(app, 'users', body.users, 'users');
  if (body.secrets !== undefined) {
    if (!Array.isArray(body.secrets)) throw new EmuError(400, 'IW10006', "'secrets' must be an array of ids");
    out.secrets = body.secrets.map(String);
  }
  return out;
}

/** Read shape: stored snake_case arrays plus their camelCase twins and expanded environments. */
function domainView(app: EmuApp, doc: Doc): Body {
  const envIds = Array.isArray(doc.environment_ids) ? (doc.environment_ids as string[]) : [];
  const environments = envIds
    .map((id) => app.store.get('environments', id))
    .filter((env): env is Doc => env !== undefined)
    .map((env) => ({
      id: env.id,
      name: env.name,
      compute_engine: env.compute_engine,
      platform: env.platform,
    }));
  return {
    ...doc,
    accessibleSources: doc.accessible_sources ?? [],
    accessibleDomains: doc.accessible_domains ?? [],
    accessiblePipelineExtensions: doc.accessible_pipeline_extensions ?? [],
    environment: environments[0] ?? {},
    environments,
  };
}

/** Non-admins see the domains they belong to or were given access to. */
function visibleTo(app: EmuApp, req: EmuRequest): readonly Readonly<Doc>[] {
  const all = app.store.scan('domains');
  if (req.user.isAdmin) return all;
  const me = app.store.get('users', req.user.id);
  const mine = new Set(Array.isArray(me?.accessible_domains) ? (me.accessible_domains as string[]) : []);
  return all.filter((d) => mine.has(d.id) || (Array.isArray(d.users) && d.users.includes(req.user.id)));
}

export function register(app: EmuApp): void {
  const { store } = app;
  const entity = { entity: 'domain' };
  const admin = { admin: true, entity: 'domain' };

  app.route(
    'GET',
    '/domains',
    (req) => list(req, visibleTo(app, req), '', (d) => domainView(app, d as Doc)),
    entity,
  );
  app.route(
    'GET',
    '/admin/domains',
    (req) => list(req, store.scan('domains'), '', (d) => domainView(app, d as Doc)),
    admin,
  );

  app.route(
    'POST',
    '/domains',
    (req) => {
      const body = bodyObject(req);
      const input = domainInput(app, body);
      const name = requireString(body, 'name');
      store.assertUnique('domains', name);
      const doc = store.insert(
        'domains',
        {
          description: '',
          environment_ids: [],
          users: [],
          secrets: [],
          ...input,
          accessible_sources: [],
          accessible_domains: [],
          accessible_pipeline_extensions: [],
        },
        { userId: req.user.id },
      );
      return { status: 200, body: { message: 'Successfully created a Domain', result: { id: doc.id } } };
    },
    admin,
  );

  app.route(
    'GET',
    '/domains/:domain_id',
    (req) => ok(domainView(app, requireDomain(app, req.params.domain_id!))),
    entity,
  );

  app.route(
    'PATCH',
    '/domains/:domain_id',
    (req) => {
      const id = req.params.domain_id!;
      const current = requireDomain(app, id);
      const input = domainInput(app, bodyObject(req));
      if (input.name !== undefined) store.assertUnique('domains', input.name, {}, { exceptId: id });
      const changed = FIELDS.some(
        (f) => input[f] !== undefined && JSON.stringify(input[f]) !== JSON.stringify(current[f]),
      );
      if (changed) store.update('domains', id, input, { userId: req.user.id });
      return { status: 200, body: { message: 'Domain updated successfully', result: { id }, id } };
    },
    admin,
  );

  app.route(
    'DELETE',
    '/domains/:domain_id',
    (req) => {
      const id = req.params.domain_id!;
      requireDomain(app, id);
      store.assertNoDependents({ collection: 'domains', id }, [
        { collection: 'domains', path: 'accessible_domains' },
      ]);
      store.remove('domains', id);
      for (const config of store.find(
        'advanced_configs',
        (c) => c.entity_type === 'domain' && c.entity_id === id,
      )) {
        store.remove('advanced_configs', config.id);
      }
      return { status: 200, body: { message: 'Domain deleted successfully', result: 'success' } };
    },
    admin,
  );

  registerDomainAccess(app);
  registerDomainConfigs(app);
}
