// Shared rules for environment documents and their children (storages, computes, clusters).
import type { EmuApp } from '../app.js';
import { EmuError } from '../errors.js';
import { requireName } from '../respond.js';
import { sealSecrets } from '../secrets.js';
import type { Doc } from '../store.js';

const SERVER_OWNED = ['id', 'created_at', 'created_by', 'modified_at', 'modified_by', 'state'];

export type Body = Record<string, unknown>;

/** Drops server-owned fields (clients re-post whole GET documents) and seals credentials. */
export function cleanInput(body: Body, extraOwned: string[] = []): Body {
  const out: Body = {};
  for (const [key, value] of Object.entries(body)) {
    if (!SERVER_OWNED.includes(key) && !extraOwned.includes(key)) out[key] = value;
  }
  return sealSecrets(out);
}

export function requireEnum(body: Body, field: string, values: readonly string[]): string {
  const value = body[field];
  if (typeof value !== 'string' || !values.includes(value)) {
    throw new EmuError(400, 'IW10006', `'${field}' must be one of ${values.join(', ')}`);
  }
  return value;
}

export function optionalEnum(body: Body, field: string, values: readonly string[]): void {
  if (body[field] !== undefined) requireEnum(body, field, values);
}

export function requireObject(body: Body, field: string): Body {
  const value = body[field];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new EmuError(400, 'IW10006', `'${field}' is required and must be an object`);
  }
  return value as Body;
}

/** Validates a (possibly renamed) name: pattern, then uniqueness within `scope`. */
export function checkName(
  app: EmuApp,
  input: { collection: string; body: Body; scope?: Record<string, unknown>; exceptId?: string },
): void {
  if (input.body.name === undefined && input.exceptId) return;
  const name = requireName(input.body);
  app.store.assertUnique(input.collection, name, input.scope ?? {}, { exceptId: input.exceptId });
}

export function requireEnvironment(app: EmuApp, id: string): Doc {
  return app.store.require('environments', id);
}

/** A child document (storage/compute/cluster) that must belong to the environment in the path. */
export function requireEnvironmentChild(app: EmuApp, collection: string, envId: string, id: string): Doc {
  requireEnvironment(app, envId);
  const doc = app.store.require(collection, id);
  if (doc.environment_id !== envId) {
    throw new EmuError(404, 'IW10001', `No such item '${id}' in environment '${envId}'`);
  }
  return doc;
}

export const PLATFORMS = ['azure', 'aws', 'gcp', 'spark'] as const;
export const ENV_ENGINES = ['databricks', 'emr', 'dataproc', 'kubernetes'] as const;
export const STORAGE_TYPES = ['dbfs', 'adls_gen1', 'adls_gen2', 'wasb', 's3', 'gcs'] as const;
export const COMPUTE_ENGINES = [
  'databricks',
  'databricksInteractive',
  'emr',
  'dataproc',
  'dataprocInteractive',
  'kubernetes',
  'kubernetesInteractive',
] as const;
export const LAUNCH_STRATEGIES = ['ephemeral', 'persistent'] as const;
