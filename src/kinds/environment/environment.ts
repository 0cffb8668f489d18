// Environment: a platform + compute engine pairing with its connection, metastore and optional
// data warehouse. Written whole (POST, then PATCH of the full managed document), as real clients do.
import type { z } from 'zod';
import { defineKind, pathIds, renderPath } from '../kind.js';
import { omitPointers, projectToSchema } from '../shared/spec-projection.js';
import { environmentObject } from './schema.js';
import { checkEnvironment } from './schema-rules.js';

const spec = environmentObject
  .superRefine(checkEnvironment)
  .describe('An environment: where data is stored and processed (platform, compute engine, metastore).');

export type EnvironmentSpec = z.infer<typeof spec>;

const SENSITIVE = [
  '/connection_configuration/token',
  '/connection_configuration/access_key',
  '/connection_configuration/secret_key',
  '/connection_configuration/oauth_details/oauth_token',
  '/metastore/configuration/password',
  '/data_warehouse_configuration/snowflake_profiles/*/authentication_properties/password',
  '/data_warehouse_configuration/snowflake_profiles/*/authentication_properties/oauth_client_secret',
  '/data_warehouse_configuration/snowflake_profiles/*/authentication_properties/refresh_token',
] as const;

const ITEM = '/admin/environment/{id}';

export const Environment = defineKind<EnvironmentSpec>({
  kind: 'Environment',
  description: 'An environment: where data is stored and processed (platform, compute engine, metastore).',
  metadataKey: 'environment',
  spec,
  sensitive: SENSITIVE,
  // The PATCH variants of the v3 API carry neither field.
  immutable: ['/platform', '/compute_engine'],
  refs: () => [],
  // With fetch_all the list holds full documents (connection, metastore), so no per-item GET.
  read: { list: '/admin/environment?fetch_all=true' },
  fromApi: ({ item }) => normalizeEnvironment(omitPointers(item, SENSITIVE) as EnvironmentSpec),
  normalize: normalizeEnvironment,
  create: (s, ctx) => [
    { method: 'POST', path: '/admin/environment', body: { name: ctx.name, ...s }, creates: true },
  ],
  update: (_before, after, _changed, ctx) => {
    // Secrets live throughout the document, so the whole managed document is re-sent.
    const { platform: _platform, compute_engine: _engine, ...patch } = after;
    return [{ method: 'PATCH', path: renderPath(ITEM, pathIds(ctx)), body: { name: ctx.name, ...patch } }];
  },
  remove: (_before, ctx) => [{ method: 'DELETE', path: renderPath(ITEM, pathIds(ctx)) }],
});

/** Canonical form for desired and live alike: declared keys only, no empty strings or nulls. */
function normalizeEnvironment(s: EnvironmentSpec): EnvironmentSpec {
  return projectToSchema(s, environmentObject) as EnvironmentSpec;
}
