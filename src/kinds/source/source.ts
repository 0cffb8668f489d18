// Source: where data is ingested from — its lake placement, connection, advanced configurations,
// tags and the domains that may use it; each written by its own API call.
import { z } from 'zod';
import type { CallDraft } from '../../core/call.js';
import { defineKind, pathIds, renderPath, type WriteContext } from '../kind.js';
import {
  advancedConfigCalls,
  advancedConfigsFromApi,
  sortAdvancedConfigs,
} from '../shared/advanced-configurations.js';
import {
  advancedConfigurations,
  asString,
  compact,
  idsToNames,
  platformName,
  sortedSet,
  tags,
} from '../shared/fields.js';
import {
  CONNECTION_SECRETS,
  connectionField,
  connectionKeys,
  connectionSchemaFor,
  normalizeConnection,
  projectConnection,
  SOURCE_TYPES,
  type SourceConnection,
  type SourceType,
} from './connection-schema.js';

const FILE_SUB_TYPES = ['structured', 'json', 'xml', 'unstructured', 'fixedwidth'] as const;
const STREAMING_SUB_TYPES = ['kafka', 'confluent_cloud'] as const;
const CRM_SUB_TYPES = ['salesforce'] as const;
const SUB_TYPES = [
  'redshift',
  'saphana',
  'sybaseiq',
  'vertica',
  'mongodb',
  'rest_generic',
  'teradata',
  'oracle',
  'mysql',
  'mariadb',
  'sqlserver',
  'db2',
  'netezza',
  'hive',
  'ignite',
  'maprdb',
  'snowflake',
  ...FILE_SUB_TYPES,
  ...STREAMING_SUB_TYPES,
  ...CRM_SUB_TYPES,
] as const;

const base = z
  .object({
    type: z.enum(SOURCE_TYPES).describe('Source type; cannot change after creation.'),
    sub_type: z
      .enum(SUB_TYPES)
      .describe('Source sub-type (database, file format, broker...); cannot change.'),
    data_lake_path: z.string().min(1).describe('Lake path of the ingested data, e.g. /iw/sources/sales_db.'),
    data_lake_schema: z.string().optional().describe('Lake schema of the ingested tables (may be empty).'),
    environment: platformName.describe('Name of the environment the source belongs to; cannot change.'),
    storage: platformName.describe(
      'Name of the environment storage (within `environment`) holding the data.',
    ),
    description: z.string().optional().describe('Free text shown in the platform UI.'),
    is_public: z.boolean().optional().describe('Whether every user may see the source.'),
    target_database_name: z.string().optional().describe('Target database (Snowflake environments).'),
    staging_schema_name: z.string().optional().describe('Staging schema (Snowflake environments).'),
    target_catalog_name: z.string().optional().describe('Target catalog.'),
    staging_catalog_name: z.string().optional().describe('Staging catalog.'),
    is_database_case_sensitive: z
      .boolean()
      .optional()
      .describe('Whether the target database name is case sensitive.'),
    is_schema_case_sensitive: z
      .boolean()
      .optional()
      .describe('Whether the target schema name is case sensitive.'),
    is_staging_schema_case_sensitive: z
      .boolean()
      .optional()
      .describe('Whether the staging schema name is case sensitive.'),
    use_staging_schema_for_infoworks_managed_tables: z
      .boolean()
      .optional()
      .describe('Use the staging schema for platform-managed tables.'),
    transformation_extensions: z
      .array(z.string().min(1))
      .optional()
      .describe('Names of transformation extensions.'),
    connection: connectionField.optional(),
    advanced_configurations: advancedConfigurations.optional(),
    tags: tags.optional(),
    domains: z
      .array(z.string().min(1))
      .optional()
      .describe('Names of the domains that may use the source (a set).'),
  })
  .strict();

const spec = base
  .superRefine((s, ctx) => {
    const subTypeProblem = checkSubType(s.type, s.sub_type);
    if (subTypeProblem) ctx.addIssue({ code: 'custom', path: ['sub_type'], message: subTypeProblem });
    if (s.connection === undefined) return;
    const result = connectionSchemaFor(s.type).safeParse(s.connection);
    for (const issue of result.error?.issues ?? []) {
      const atRoot = issue.code === 'unrecognized_keys' && issue.path.length === 0;
      ctx.addIssue({
        ...issue,
        path: ['connection', ...issue.path],
        message: atRoot
          ? `${issue.message}; a connection for type ${s.type} takes: ${connectionKeys(s.type).join(', ')}`
          : issue.message,
      });
    }
  })
  .describe('A source: a database, file store, CRM or message broker the platform ingests from.');

/** The parsed spec; `connection` holds the variant its `type` selects (checked by the refinement). */
export type SourceSpec = Omit<z.infer<typeof base>, 'connection'> & { connection?: SourceConnection };

const ITEM = '/sources/{id}';
// Written with their own calls, never in the source body.
const SEPARATE = new Set(['connection', 'advanced_configurations', 'tags', 'domains', 'description']);
const BODY_KEYS = Object.keys(base.shape).filter(
  (k) => !SEPARATE.has(k) && !['type', 'sub_type', 'environment', 'storage'].includes(k),
);

export const Source = defineKind<SourceSpec>({
  kind: 'Source',
  description: 'A source: a database, file store, CRM or message broker the platform ingests from.',
  metadataKey: 'source',
  // The connection field parses loosely and the refinement narrows it by `type`; the cast states that.
  spec: spec as unknown as z.ZodType<SourceSpec>,
  sensitive: CONNECTION_SECRETS,
  immutable: ['/type', '/sub_type', '/environment'],
  ownershipTags: '/tags',
  refs: (s) => [
    { address: `Environment/${s.environment}`, path: '/environment' },
    { address: `EnvironmentStorage/${s.environment}/${s.storage}`, path: '/storage' },
    ...(s.domains ?? []).map((d, i) => ({ address: `Domain/${d}`, path: `/domains/${i}` })),
  ],
  read: {
    list: '/sources',
    // List items lack tags and associated_domains.
    detail: ITEM,
    documents: {
      connection: `${ITEM}/configurations/connection`,
      advanced: `${ITEM}/configurations/advance`,
    },
    documentKeys: { connection: ['connection'], advanced: ['advanced_configurations'] },
  },

  fromApi: ({ item, docs }, names) => {
    const type = item.type as SourceType;
    const known = (SOURCE_TYPES as readonly string[]).includes(String(item.type));
    const environmentId = asString(item.environment_id);
    const storageId = asString(item.storage_id);
    const flat: Record<string, unknown> = {};
    for (const key of BODY_KEYS) if (item[key] !== undefined && item[key] !== null) flat[key] = item[key];
    return compact({
      type,
      sub_type: item.sub_type as SourceSpec['sub_type'],
      ...(flat as Partial<SourceSpec>),
      data_lake_path: asString(item.data_lake_path) ?? '',
      environment: environmentId ? (names.nameOf('Environment', environmentId) ?? environmentId) : '',
      storage: storageId ? (names.nameOf('EnvironmentStorage', storageId) ?? storageId) : '',
      description:
        typeof item.description === 'string' && item.description !== '' ? item.description : undefined,
      connection: known
        ? (projectConnection(type, docs.connection ?? item.connection) as SourceConnection | undefined)
        : undefined,
      advanced_configurations:
        docs.advanced === undefined ? undefined : advancedConfigsFromApi(docs.advanced),
      tags: Array.isArray(item.tags)
        ? sortedSet(item.tags.filter((t): t is string => typeof t === 'string'))
        : undefined,
      domains: idsToNames(item.associated_domains, (id) => names.nameOf('Domain', id)),
    });
  },
  normalize: (s) =>
    compact({
      ...s,
      connection: normalizeConnection(s.connection),
      advanced_configurations: s.advanced_configurations && sortAdvancedConfigs(s.advanced_configurations),
      tags: s.tags && sortedSet(s.tags),
      domains: s.domains && sortedSet(s.domains),
    }),
  create: (s, ctx) => {
    const item = renderPath(ITEM, pathIds(ctx));
    return [
      {
        method: 'POST',
        path: '/sources',
        body: {
          name: ctx.name,
          type: s.type,
          sub_type: s.sub_type,
          data_lake_path: s.data_lake_path,
          data_lake_schema: s.data_lake_schema ?? '',
          environment_id: ctx.idAt('/environment'),
          storage_id: ctx.idAt('/storage'),
          is_source_ingested: true,
          ...bodyFields(s, BODY_KEYS),
        },
        creates: true,
        note: 'source',
      },
      ...(s.connection ? [connectionCall(item, s.connection)] : []),
      // Always: the engine has put the ownership tag into `tags`.
      metadataCall(item, { tags_to_add: sortedSet(s.tags), tags_to_remove: [], description: s.description }),
      ...advancedConfigCalls(`${item}/configurations/advance`, [], s.advanced_configurations ?? []),
      ...domainCalls(ctx, [], s.domains ?? []),
    ];
  },
  update: (before, after, changed, ctx) => {
    const item = renderPath(ITEM, pathIds(ctx));
    const calls: CallDraft[] = [];
    const patch = bodyFields(
      after,
      BODY_KEYS.filter((k) => changed.has(k)),
    );
    if (changed.has('storage')) patch.storage_id = ctx.idAt('/storage');
    if (Object.keys(patch).length > 0)
      calls.push({ method: 'PATCH', path: item, body: patch, note: 'source' });
    // The connection holds secrets, so it is always written whole.
    if (changed.has('connection') && after.connection) calls.push(connectionCall(item, after.connection));
    const tagsChanged = changed.has('tags') && after.tags !== undefined;
    const descriptionChanged = changed.has('description');
    if (tagsChanged || descriptionChanged) {
      const wanted = sortedSet(after.tags);
      const live = sortedSet(before.tags);
      calls.push(
        metadataCall(item, {
          tags_to_add: tagsChanged ? wanted.filter((t) => !live.includes(t)) : [],
          tags_to_remove: tagsChanged ? live.filter((t) => !wanted.includes(t)) : [],
          // Clearing the description writes an empty one.
          description: descriptionChanged ? (after.description ?? '') : undefined,
        }),
      );
    }
    if (changed.has('advanced_configurations') && after.advanced_configurations) {
      calls.push(
        ...advancedConfigCalls(
          `${item}/configurations/advance`,
          before.advanced_configurations ?? [],
          after.advanced_configurations,
        ),
      );
    }
    if (changed.has('domains') && after.domains)
      calls.push(...domainCalls(ctx, before.domains ?? [], after.domains));
    return calls;
  },
  remove: (_before, ctx) => [{ method: 'DELETE', path: renderPath(ITEM, pathIds(ctx)), note: 'source' }],
});

function checkSubType(type: SourceType, subType: string): string | undefined {
  const expected: Partial<Record<SourceType, readonly string[]>> = {
    file: FILE_SUB_TYPES,
    streaming: STREAMING_SUB_TYPES,
    crm: CRM_SUB_TYPES,
  };
  const allowed = expected[type];
  if (allowed) {
    return allowed.includes(subType) ? undefined : `a ${type} source takes sub_type ${allowed.join(' | ')}`;
  }
  const other = [...FILE_SUB_TYPES, ...STREAMING_SUB_TYPES, ...CRM_SUB_TYPES] as readonly string[];
  return other.includes(subType)
    ? `sub_type ${subType} is not a database: use type ${typeForSubType(subType)} or a database sub_type`
    : undefined;
}

function typeForSubType(subType: string): SourceType {
  if ((FILE_SUB_TYPES as readonly string[]).includes(subType)) return 'file';
  if ((STREAMING_SUB_TYPES as readonly string[]).includes(subType)) return 'streaming';
  return 'crm';
}

function bodyFields(s: SourceSpec, keys: readonly string[]): Record<string, unknown> {
  const record = s as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of keys) if (record[key] !== undefined) out[key] = record[key];
  return out;
}

function connectionCall(item: string, connection: SourceConnection): CallDraft {
  return { method: 'PUT', path: `${item}/configurations/connection`, body: connection, note: 'connection' };
}

function metadataCall(
  item: string,
  body: { tags_to_add: string[]; tags_to_remove: string[]; description: string | undefined },
): CallDraft {
  return { method: 'PUT', path: `${item}/metadata`, body: compact(body), note: 'metadata' };
}

function domainCalls(ctx: WriteContext, before: readonly string[], after: readonly string[]): CallDraft[] {
  const grant = (domain: string, method: 'POST' | 'DELETE'): CallDraft => ({
    method,
    path: `/domains/${ctx.idOf(`Domain/${domain}`)}/accessible-sources`,
    body: { entity_ids: [ctx.self] },
    note: `domain access ${domain}`,
  });
  return [
    ...sortedSet(after)
      .filter((d) => !before.includes(d))
      .map((d) => grant(d, 'POST')),
    ...sortedSet(before)
      .filter((d) => !after.includes(d))
      .map((d) => grant(d, 'DELETE')),
  ];
}
