// Source documents: create/patch validation against environments, storages and domains; the response view.
import type { EmuApp } from '../app.js';
import { EmuError } from '../errors.js';
import type { Doc } from '../store.js';
import { AUDIT_KEYS, asRecord, type Body, isRecord, omitKeys } from './ingestion-lookup.js';
import { sealCredentials } from './ingestion-secrets.js';

/** Fields the server computes or owns; bodies that echo a GET cannot overwrite them. */
const SOURCE_SERVER_KEYS = [
  ...AUDIT_KEYS,
  'state',
  'tables',
  'environment_details',
  'is_source_connection_verified',
  'default_step',
] as const;

const DEFAULT_FILTER = {
  schemas_filter: '%',
  catalogs_filter: '%',
  tables_filter: '%',
  is_data_sync_with_filter: false,
  is_filter_enabled: false,
};

function invalid(details: string): never {
  throw new EmuError(400, 'IW10006', details);
}

/** Checks references (environment, storage within it, domains) of a merged source document. */
function checkSourceRefs(app: EmuApp, doc: Body): void {
  const environmentId = doc.environment_id;
  if (typeof environmentId !== 'string' || environmentId === '') invalid("'environment_id' is required");
  if (!app.store.get('environments', environmentId))
    invalid(`Environment with id '${environmentId}' not found`);
  const storageId = doc.storage_id;
  if (typeof storageId !== 'string' || storageId === '') invalid("'storage_id' is required");
  const storage = app.store.get('storages', storageId);
  if (!storage) invalid(`Storage with id '${storageId}' not found`);
  if (storage.environment_id !== undefined && storage.environment_id !== environmentId) {
    invalid(`Storage with id '${storageId}' does not belong to environment '${environmentId}'`);
  }
  const domains = doc.associated_domains;
  if (domains !== undefined && domains !== null) {
    if (!Array.isArray(domains)) invalid("'associated_domains' must be an array of domain ids");
    for (const id of domains) {
      if (typeof id !== 'string' || !app.store.get('domains', id)) {
        invalid(`Domain with id '${String(id)}' not found`);
      }
    }
  }
}

function requireText(body: Body, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') {
    invalid(`'${field}' is required and must be a non-empty string`);
  }
  return value;
}

/** The document to insert for `POST /sources` (validated; secrets sealed; server fields set). */
export function newSourceDoc(app: EmuApp, body: Body): Body {
  const name = requireText(body, 'name');
  requireText(body, 'type');
  requireText(body, 'sub_type');
  const doc: Body = {
    data_lake_path: `/iw/sources/${name}`,
    data_lake_schema: '',
    is_source_ingested: true,
    is_public: false,
    is_oem_connector: false,
    description: '',
    tags: [],
    is_favorite: false,
    associated_domains: [],
    custom_tags: [],
    transformation_extensions: [],
    quoted_identifier: '"',
    connection: {},
    configuration: {},
    ...omitKeys(body, SOURCE_SERVER_KEYS),
    filter_tables_properties: { ...DEFAULT_FILTER, ...asRecord(body.filter_tables_properties) },
    state: 'ready',
    is_source_connection_verified: false,
    default_step: 'configure_synchronization',
  };
  doc.is_generic_jdbc_source_type = doc.type === 'generic_jdbc' || doc.sub_type === 'generic_jdbc';
  if (isRecord(body.connection)) doc.connection = sealCredentials(body.connection);
  checkSourceRefs(app, doc);
  app.store.assertUnique('sources', name);
  return doc;
}

/** The patch for `PATCH /sources/{id}`: server fields ignored, references re-checked. */
export function sourcePatch(app: EmuApp, source: Doc, body: Body): Body {
  const patch = omitKeys(body, SOURCE_SERVER_KEYS);
  if (patch.name !== undefined) {
    requireText(patch, 'name');
    app.store.assertUnique('sources', patch.name, {}, { exceptId: source.id });
  }
  if (isRecord(patch.connection)) patch.connection = sealCredentials(patch.connection);
  if (isRecord(patch.filter_tables_properties)) {
    patch.filter_tables_properties = {
      ...asRecord(source.filter_tables_properties),
      ...patch.filter_tables_properties,
    };
  }
  checkSourceRefs(app, { ...source, ...patch });
  return patch;
}

function pick(doc: Readonly<Doc>, keys: string[]): Body {
  const out: Body = {};
  for (const key of keys) if (doc[key] !== undefined) out[key] = doc[key];
  return out;
}

/** Environment, its computes and the source's storage, resolved the way the live server shows them. */
function environmentDetails(app: EmuApp, source: Readonly<Doc>): Body[] {
  const envId = String(source.environment_id);
  const env = app.store.peek('environments', envId);
  const computes = (collection: string) =>
    app.store
      .scan(collection, (c) => c.environment_id === envId)
      .map((c) => pick(c, ['name', 'environment_id', 'id']));
  const storage = app.store.peek('storages', String(source.storage_id));
  return [
    {
      environment: env ? pick(env, ['id', 'name', 'compute_engine', 'platform']) : { id: envId },
      ephemeral_compute: computes('compute_templates'),
      interactive_compute: computes('interactive_clusters'),
      storage: storage
        ? [
            {
              ...pick(storage, ['id', 'name', 'environment_id', 'description', 'storage_type']),
              storage_authentication: pick(asRecord(storage.storage_authentication) as Doc, [
                'authentication_mechanism',
                'scheme',
                'bucket_name',
              ]),
            },
          ]
        : [],
    },
  ];
}

/**
 * The source as GET/list show it: stored fields plus the table id list, environment details and
 * `associated_domains`, which mirrors the domains whose accessible sources include it (a grant
 * made from either side shows on both).
 */
export function sourceView(app: EmuApp, source: Readonly<Doc>, tableIds?: string[]): Body {
  const tables = tableIds ?? app.store.scan('tables', (t) => t.source === source.id).map((t) => t.id);
  const associated_domains = app.store
    .scan('domains', (d) => Array.isArray(d.accessible_sources) && d.accessible_sources.includes(source.id))
    .map((d) => d.id);
  return { ...source, tables, associated_domains, environment_details: environmentDetails(app, source) };
}

/** `associated_domains` written on a source becomes the domains' accessible-source grants. */
export function syncSourceDomains(app: EmuApp, sourceId: string, domainIds: unknown, userId: string): void {
  if (!Array.isArray(domainIds)) return;
  for (const domain of app.store.all('domains')) {
    const current = Array.isArray(domain.accessible_sources) ? (domain.accessible_sources as string[]) : [];
    const wanted = domainIds.includes(domain.id);
    if (wanted === current.includes(sourceId)) continue;
    const next = wanted ? [...current, sourceId] : current.filter((id) => id !== sourceId);
    app.store.update('domains', domain.id, { accessible_sources: next }, { userId });
  }
}

/** Table ids per source, computed once for a whole listing. */
export function tableIdsBySource(app: EmuApp): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const table of app.store.scan('tables')) {
    const key = String(table.source);
    const ids = out.get(key);
    if (ids) ids.push(table.id);
    else out.set(key, [table.id]);
  }
  return out;
}
