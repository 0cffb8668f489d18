// Cluster operations (/admin/environment/cluster...): status and start/stop/restart/terminate requests.
import type { EmuApp, EmuMethod, EmuRequest } from '../app.js';
import { EmuError } from '../errors.js';
import { bodyObject, ok } from '../respond.js';
import type { Doc } from '../store.js';

/** A compute id may name an interactive cluster or a compute template. */
function requireCompute(app: EmuApp, id: unknown): Doc {
  const compute =
    typeof id === 'string'
      ? (app.store.get('interactive_clusters', id) ?? app.store.get('compute_templates', id))
      : undefined;
  if (!compute) throw new EmuError(404, 'IW10001', `Compute template '${String(id)}' not found`);
  return compute;
}

function operation(app: EmuApp, text: string) {
  return (req: EmuRequest) => {
    requireCompute(app, bodyObject(req).compute_template_id);
    return ok({ message: text }, text);
  };
}

export function registerClusterOperations(app: EmuApp): void {
  const base = '/admin/environment/cluster';
  const options = { admin: true, entity: 'cluster' };

  app.route(
    'GET',
    `${base}/compute-template/:compute_template_id`,
    (req) => {
      const compute = requireCompute(app, req.params.compute_template_id);
      return ok({ message: `Cluster ${String(compute.name)} is running`, status: 'RUNNING' });
    },
    options,
  );
  app.route(
    'GET',
    `${base}/:environment_id`,
    (req) => {
      const env = app.store.require('environments', req.params.environment_id!);
      return ok({ message: `Environment ${String(env.name)} is ready`, status: env.state ?? 'ready' });
    },
    options,
  );

  const writes: Array<[EmuMethod, string, string]> = [
    ['POST', `${base}/service/stop`, 'Successfully submitted cluster service stop request'],
    ['PUT', `${base}/terminate-async`, 'Successfully submitted cluster terminate request'],
    ['POST', `${base}/terminate-async`, 'Successfully submitted cluster terminate request'],
    ['PUT', `${base}/restart`, 'Successfully submitted cluster restart request'],
    ['PUT', `${base}/stop`, 'Successfully submitted cluster stop request'],
    ['POST', base, 'Successfully submitted cluster start request'],
  ];
  for (const [method, path, text] of writes) app.route(method, path, operation(app, text), options);
}
