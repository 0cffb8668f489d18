// Environments (/admin/environment): CRUD, clone, accessible domains, clusters; children elsewhere.
import type { EmuApp, EmuRequest } from '../app.js';
import { bodyObject, created, done, list, ok } from '../respond.js';
import type { Doc } from '../store.js';
import { registerEnvironmentChildren } from './environment-children.js';
import { registerClusterOperations } from './environment-clusters.js';
import {
  type Body,
  checkName,
  cleanInput,
  ENV_ENGINES,
  optionalEnum,
  PLATFORMS,
  requireEnum,
  requireEnvironment,
} from './environment-docs.js';

const CHILDREN = ['storages', 'compute_templates', 'interactive_clusters'] as const;

function newEnvironment(body: Body): Body {
  requireEnum(body, 'platform', PLATFORMS);
  requireEnum(body, 'compute_engine', ENV_ENGINES);
  return {
    description: '',
    support_gov_cloud: false,
    data_warehouse_type: '',
    ...cleanInput(body),
    state: 'ready',
  };
}

function uniqueCloneName(app: EmuApp, base: string): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? `${base}_clone` : `${base}_clone${n}`;
    if (app.store.find('environments', (e) => e.name === name).length === 0) return name;
  }
}

/** Clones an environment with its storages, compute templates and interactive clusters. */
function cloneEnvironment(app: EmuApp, req: EmuRequest, sourceId: string): Doc {
  const original = requireEnvironment(app, sourceId);
  const body = req.body && typeof req.body === 'object' ? (req.body as Body) : {};
  const name = typeof body.name === 'string' ? body.name : uniqueCloneName(app, String(original.name));
  checkName(app, { collection: 'environments', body: { name } });
  const by = { userId: req.user.id };
  const copy = app.store.insert('environments', { ...cleanInput(original), name, state: 'ready' }, by);
  for (const collection of CHILDREN) {
    for (const child of app.store.find(collection, (c) => c.environment_id === sourceId)) {
      app.store.insert(collection, { ...cleanInput(child), environment_id: copy.id }, by);
    }
  }
  return copy;
}

export function register(app: EmuApp): void {
  const { store } = app;
  const admin = { admin: true, entity: 'environment' };
  const base = '/admin/environment';

  app.route('GET', base, (req) => list(req, store.scan('environments')), admin);

  app.route(
    'POST',
    base,
    (req) => {
      const cloneFrom = req.query.resource_id_to_clone;
      if (cloneFrom)
        return created(cloneEnvironment(app, req, cloneFrom).id, 'Successfully created a environment');
      const body = bodyObject(req);
      checkName(app, { collection: 'environments', body });
      const doc = store.insert('environments', newEnvironment(body), { userId: req.user.id });
      return created(doc.id, 'Successfully created a environment');
    },
    admin,
  );

  app.route(
    'GET',
    `${base}/:environment_id`,
    (req) => ok(requireEnvironment(app, req.params.environment_id!)),
    admin,
  );

  app.route(
    'PATCH',
    `${base}/:environment_id`,
    (req) => {
      const id = req.params.environment_id!;
      const current = requireEnvironment(app, id);
      const body = bodyObject(req);
      checkName(app, { collection: 'environments', body, exceptId: id });
      optionalEnum(body, 'platform', PLATFORMS);
      optionalEnum(body, 'compute_engine', ENV_ENGINES);
      const patch = cleanInput(body);
      const changed = Object.entries(patch).some(
        ([key, value]) => JSON.stringify(current[key]) !== JSON.stringify(value),
      );
      if (changed) store.update('environments', id, patch, { userId: req.user.id });
      return done('Environment updated successfully');
    },
    admin,
  );

  app.route(
    'DELETE',
    `${base}/:environment_id`,
    (req) => {
      const id = req.params.environment_id!;
      requireEnvironment(app, id);
      store.assertNoDependents({ collection: 'environments', id }, [
        { collection: 'sources', path: 'environment_id' },
        { collection: 'storages', path: 'environment_id' },
        { collection: 'compute_templates', path: 'environment_id' },
        { collection: 'interactive_clusters', path: 'environment_id' },
        { collection: 'domains', path: 'environment_ids' },
      ]);
      store.remove('environments', id);
      return ok({ id }, 'Environment deleted successfully');
    },
    admin,
  );

  app.route(
    'GET',
    `${base}/:environment_id/accessible-domains`,
    (req) => {
      const id = req.params.environment_id!;
      requireEnvironment(app, id);
      const domains = store.find(
        'domains',
        (d) => Array.isArray(d.environment_ids) && d.environment_ids.includes(id),
      );
      return list(req, domains, '', (d) => ({ id: (d as Doc).id, name: (d as Doc).name }));
    },
    admin,
  );

  app.route(
    'GET',
    `${base}/:environment_id/environment-clusters`,
    (req) => {
      const id = req.params.environment_id!;
      requireEnvironment(app, id);
      const computes = [
        ...store.find('compute_templates', (c) => c.environment_id === id),
        ...store.find('interactive_clusters', (c) => c.environment_id === id),
      ];
      return list(req, computes);
    },
    admin,
  );

  registerEnvironmentChildren(app);
  registerClusterOperations(app);
}
