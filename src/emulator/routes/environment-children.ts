// Environment storages, compute templates and interactive clusters: one CRUD shape, three configs.
import { randomBytes } from 'node:crypto';
import type { EmuApp } from '../app.js';
import { bodyObject, created, done, list, ok } from '../respond.js';
import {
  type Body,
  COMPUTE_ENGINES,
  checkName,
  cleanInput,
  LAUNCH_STRATEGIES,
  optionalEnum,
  requireEnum,
  requireEnvironment,
  requireEnvironmentChild,
  requireObject,
  STORAGE_TYPES,
} from './environment-docs.js';

interface ChildKind {
  segment: string;
  collection: string;
  entity: string;
  createMessage: string;
  updateMessage: string;
  /** Validates a create body and returns server defaults to merge under it. */
  validate(body: Body, creating: boolean): Body;
  /** References that forbid a delete: [collection, dotted path]. */
  usedBy: Array<{ collection: string; path: string }>;
}

const computeRefs = [
  { collection: 'table_groups', path: 'environment_compute_template.environment_compute_template_id' },
];

function validateCompute(launch: 'ephemeral' | 'persistent') {
  return (body: Body, creating: boolean): Body => {
    if (creating) {
      requireEnum(body, 'compute_engine', COMPUTE_ENGINES);
      requireObject(body, 'compute_configuration');
    } else optionalEnum(body, 'compute_engine', COMPUTE_ENGINES);
    optionalEnum(body, 'launch_strategy', LAUNCH_STRATEGIES);
    if (!creating) return {};
    const defaults: Body = { description: '', launch_strategy: launch, is_default_cluster: false };
    if (launch === 'persistent') {
      defaults.interactive_job_submit_enabled = false;
      defaults.cluster_id = `0101-000000-${randomBytes(4).toString('hex')}`;
    }
    return defaults;
  };
}

const KINDS: ChildKind[] = [
  {
    segment: 'environment-storage',
    collection: 'storages',
    entity: 'storage',
    createMessage: 'Successfully created a environment storage.',
    updateMessage: 'Environment updated successfully',
    validate(body, creating) {
      if (creating) requireEnum(body, 'storage_type', STORAGE_TYPES);
      else optionalEnum(body, 'storage_type', STORAGE_TYPES);
      if (body.storage_authentication !== undefined) requireObject(body, 'storage_authentication');
      return creating ? { description: '', is_default_storage: false, storage_authentication: {} } : {};
    },
    usedBy: [{ collection: 'sources', path: 'storage_id' }],
  },
  {
    segment: 'environment-compute-template',
    collection: 'compute_templates',
    entity: 'compute_template',
    createMessage: 'Successfully created Compute template',
    updateMessage: 'Compute template updated successfully',
    validate: validateCompute('ephemeral'),
    usedBy: computeRefs,
  },
  {
    segment: 'environment-interactive-clusters',
    collection: 'interactive_clusters',
    entity: 'interactive_cluster',
    createMessage: 'Successfully created a Interactive environment',
    updateMessage: 'Interactive cluster updated successfully',
    validate: validateCompute('persistent'),
    usedBy: computeRefs,
  },
];

export function registerEnvironmentChildren(app: EmuApp): void {
  for (const kind of KINDS) registerKind(app, kind);
}

function registerKind(app: EmuApp, kind: ChildKind): void {
  const { store } = app;
  const options = { admin: true, entity: kind.entity };
  const base = `/admin/environment/:environment_id/${kind.segment}`;
  const item = `${base}/:item_id`;

  app.route(
    'GET',
    base,
    (req) => {
      const envId = req.params.environment_id!;
      requireEnvironment(app, envId);
      return list(
        req,
        store.find(kind.collection, (doc) => doc.environment_id === envId),
      );
    },
    options,
  );

  app.route(
    'POST',
    base,
    (req) => {
      const envId = req.params.environment_id!;
      requireEnvironment(app, envId);
      const body = bodyObject(req);
      checkName(app, { collection: kind.collection, body, scope: { environment_id: envId } });
      const defaults = kind.validate(body, true);
      const doc = store.insert(
        kind.collection,
        { ...defaults, ...cleanInput(body, ['environment_id']), environment_id: envId },
        { userId: req.user.id },
      );
      return created(doc.id, kind.createMessage);
    },
    options,
  );

  app.route(
    'GET',
    item,
    (req) =>
      ok(requireEnvironmentChild(app, kind.collection, req.params.environment_id!, req.params.item_id!)),
    options,
  );

  app.route(
    'PATCH',
    item,
    (req) => {
      const envId = req.params.environment_id!;
      const id = req.params.item_id!;
      const current = requireEnvironmentChild(app, kind.collection, envId, id);
      const body = bodyObject(req);
      checkName(app, { collection: kind.collection, body, scope: { environment_id: envId }, exceptId: id });
      kind.validate(body, false);
      const patch = cleanInput(body, ['environment_id']);
      const changed = Object.entries(patch).some(
        ([key, value]) => JSON.stringify(current[key]) !== JSON.stringify(value),
      );
      if (changed) store.update(kind.collection, id, patch, { userId: req.user.id });
      return kind.collection === 'storages' ? done(kind.updateMessage) : created(id, kind.updateMessage);
    },
    options,
  );

  app.route(
    'DELETE',
    item,
    (req) => {
      const id = req.params.item_id!;
      requireEnvironmentChild(app, kind.collection, req.params.environment_id!, id);
      store.assertNoDependents({ collection: kind.collection, id }, kind.usedBy);
      store.remove(kind.collection, id);
      return ok({ id }, 'Successfully deleted');
    },
    options,
  );

  if (kind.collection === 'storages') {
    app.route(
      'GET',
      `${item}/pipelines`,
      (req) => {
        requireEnvironmentChild(app, kind.collection, req.params.environment_id!, req.params.item_id!);
        return list(req, []);
      },
      options,
    );
  }
}
