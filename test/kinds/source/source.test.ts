import { describe, expect, it } from 'vitest';
import type { IdExpr, WriteContext } from '../../../src/kinds/kind.js';
import { policyOf } from '../../../src/kinds/kind.js';
import { Source, type SourceSpec } from '../../../src/kinds/source/source.js';
import { pending } from '../shared/id-refs.js';

const PASSWORD = '${env.SALES_DB_PASSWORD}';

const salesDb = {
  type: 'rdbms',
  sub_type: 'sqlserver',
  description: 'Sales system.',
  data_lake_path: '/iw/sources/sales_db',
  data_lake_schema: 'sales',
  environment: 'prod',
  storage: 'lake',
  is_public: false,
  target_catalog_name: 'main',
  is_schema_case_sensitive: false,
  use_staging_schema_for_infoworks_managed_tables: true,
  transformation_extensions: ['mask_ext'],
  connection: {
    connection_mode: 'JDBC',
    connection_url: 'jdbc:sqlserver://sales-db.internal:1433;databaseName=sales',
    username: 'dpac_reader',
    password: PASSWORD,
    database: 'SQLSERVER',
    driver_name: 'com.microsoft.sqlserver.jdbc.SQLServerDriver',
    parameters: [{ key: 'TCP', value: 'NODELAY', is_active: true, is_encrypted: false }],
  },
  advanced_configurations: [
    { key: 'should_run_dedupe', value: 'false', is_active: false },
    { key: 'file_preview_row_count', value: '10', description: 'Preview rows.', is_active: true },
  ],
  tags: ['sales', 'pii', 'managed-by:dpac'],
  domains: ['sales', 'finance'],
};

function parse(input: unknown): SourceSpec {
  const spec = Source.spec.parse(input);
  return Source.normalize ? Source.normalize(spec) : spec;
}

function issuesOf(input: unknown) {
  const result = Source.spec.safeParse(input);
  if (result.success) throw new Error('expected the spec to be rejected');
  return result.error.issues.map((i) => ({ path: i.path.join('/'), message: i.message }));
}

function context(spec: SourceSpec, self: IdExpr = pending('Source/sales_db')): WriteContext {
  const refs = Source.refs(spec, { ancestors: [], declared: () => undefined });
  return {
    name: 'sales_db',
    self,
    ancestors: {},
    idOf: pending,
    idAt: (pointer) => {
      const ref = refs.find((r) => r.path === pointer);
      if (!ref) throw new Error(`no ref at ${pointer}`);
      return pending(ref.address);
    },
  };
}

describe('Source schema', () => {
  it('accepts a realistic SQL Server source and lower-cases the connection mode', () => {
    const spec = parse(salesDb);
    expect(spec.connection).toMatchObject({ connection_mode: 'jdbc', password: PASSWORD });
    expect(spec.tags).toEqual(['managed-by:dpac', 'pii', 'sales']);
    expect(spec.advanced_configurations?.map((c) => c.key)).toEqual([
      'file_preview_row_count',
      'should_run_dedupe',
    ]);
  });

  it('points at the missing password of a JDBC connection', () => {
    const { password: _, ...connection } = salesDb.connection;
    expect(issuesOf({ ...salesDb, connection })).toEqual([
      { path: 'connection/password', message: expect.stringContaining('Invalid input') },
    ]);
  });

  it('names the keys a JDBC connection takes when given a file connection field', () => {
    const issues = issuesOf({ ...salesDb, connection: { ...salesDb.connection, source_base_path: '/data' } });
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toBe('connection');
    expect(issues[0]?.message).toContain('"source_base_path"');
    expect(issues[0]?.message).toContain(
      'a connection for type rdbms takes: connection_mode, connection_url',
    );
  });

  it('validates a file connection against the file shape, down to the SFTP password', () => {
    const files = {
      ...salesDb,
      type: 'file',
      sub_type: 'structured',
      connection: {
        source_base_path: '/data/landing',
        storage: {
          storage_type: 'remote',
          sftp_host: 'sftp.internal',
          sftp_port: 22,
          username: 'u',
          auth_type: 'password',
        },
      },
    };
    expect(issuesOf(files)).toEqual([
      {
        path: 'connection/storage/password',
        message: expect.stringContaining('auth_type password needs a password'),
      },
    ]);
  });

  it('rejects an unknown cloud type at the discriminator', () => {
    const files = {
      ...salesDb,
      type: 'file',
      sub_type: 'json',
      connection: { source_base_path: 's3a://b/', storage: { storage_type: 'cloud', cloud_type: 'hdfs' } },
    };
    expect(issuesOf(files)).toEqual([
      {
        path: 'connection/storage/cloud_type',
        message: expect.stringContaining("'s3' | 'gs' | 'wasb' | 'adls_gen2'"),
      },
    ]);
  });

  it('refuses a sub_type that does not belong to the type, saying which ones do', () => {
    expect(issuesOf({ ...salesDb, sub_type: 'kafka' })).toEqual([
      {
        path: 'sub_type',
        message: 'sub_type kafka is not a database: use type streaming or a database sub_type',
      },
    ]);
    const { connection: _, ...noConnection } = salesDb;
    expect(issuesOf({ ...noConnection, type: 'file' })).toEqual([
      {
        path: 'sub_type',
        message: 'a file source takes sub_type structured | json | xml | unstructured | fixedwidth',
      },
    ]);
  });

  it('asks for the schema registry URL when a Confluent source enables the registry', () => {
    const stream = {
      ...salesDb,
      type: 'streaming',
      sub_type: 'confluent_cloud',
      connection: { broker_id: 'broker-1:9092', message_format: 'avro', enable_schema_registry: true },
    };
    expect(issuesOf(stream)).toEqual([
      {
        path: 'connection/schema_registry_url',
        message: 'enable_schema_registry is true: add schema_registry_url',
      },
    ]);
  });

  it('rejects unknown top-level fields', () => {
    expect(issuesOf({ ...salesDb, environment_id: 'abc' })).toEqual([
      { path: '', message: expect.stringContaining('"environment_id"') },
    ]);
  });
});

describe('Source refs and writes', () => {
  const spec = parse(salesDb);

  it('refers to its environment, the storage inside it, and its domains', () => {
    expect(Source.refs(spec, { ancestors: [], declared: () => undefined })).toEqual([
      { address: 'Environment/prod', path: '/environment' },
      { address: 'EnvironmentStorage/prod/lake', path: '/storage' },
      { address: 'Domain/finance', path: '/domains/0' },
      { address: 'Domain/sales', path: '/domains/1' },
    ]);
  });

  it('creates the source, then its connection, metadata, advanced configurations and domain grants', () => {
    const self = '${Source/sales_db.id}';
    expect(Source.create(spec, context(spec))).toEqual([
      {
        method: 'POST',
        path: '/sources',
        body: {
          name: 'sales_db',
          type: 'rdbms',
          sub_type: 'sqlserver',
          data_lake_path: '/iw/sources/sales_db',
          data_lake_schema: 'sales',
          environment_id: '${Environment/prod.id}',
          storage_id: '${EnvironmentStorage/prod/lake.id}',
          is_source_ingested: true,
          is_public: false,
          target_catalog_name: 'main',
          is_schema_case_sensitive: false,
          use_staging_schema_for_infoworks_managed_tables: true,
          transformation_extensions: ['mask_ext'],
        },
        creates: true,
        note: 'source',
      },
      {
        method: 'PUT',
        path: `/sources/${self}/configurations/connection`,
        body: { ...salesDb.connection, connection_mode: 'jdbc' },
        note: 'connection',
      },
      {
        method: 'PUT',
        path: `/sources/${self}/metadata`,
        body: {
          tags_to_add: ['managed-by:dpac', 'pii', 'sales'],
          tags_to_remove: [],
          description: 'Sales system.',
        },
        note: 'tags and description',
      },
      {
        method: 'POST',
        path: `/sources/${self}/configurations/advance`,
        body: { key: 'file_preview_row_count', value: '10', description: 'Preview rows.', is_active: true },
        note: 'advanced configuration file_preview_row_count',
      },
      {
        method: 'POST',
        path: `/sources/${self}/configurations/advance`,
        body: { key: 'should_run_dedupe', value: 'false', description: '', is_active: false },
        note: 'advanced configuration should_run_dedupe',
      },
      {
        method: 'POST',
        path: '/domains/${Domain/finance.id}/accessible-sources',
        body: { entity_ids: [self] },
        note: 'domain access finance',
      },
      {
        method: 'POST',
        path: '/domains/${Domain/sales.id}/accessible-sources',
        body: { entity_ids: [self] },
        note: 'domain access sales',
      },
    ]);
  });

  it('writes the metadata even for a source declared without tags', () => {
    const { tags: _, ...rest } = salesDb;
    const bare = parse({ ...rest, description: undefined });
    const metadata = Source.create(bare, context(bare)).filter((c) => c.path.endsWith('/metadata'));
    expect(metadata).toEqual([
      {
        method: 'PUT',
        path: '/sources/${Source/sales_db.id}/metadata',
        body: { tags_to_add: [], tags_to_remove: [] },
        note: 'tags and description',
      },
    ]);
  });

  it('sends the whole connection, secret reference included, when only the URL changed', () => {
    const after = parse({
      ...salesDb,
      connection: {
        ...salesDb.connection,
        connection_url: 'jdbc:sqlserver://sales-db2.internal:1433;databaseName=sales',
      },
    });
    const id = '66cd72aaeed4673496ef27c7';
    const calls = Source.update(spec, after, new Set(['connection']), context(after, id));
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: `/sources/${id}/configurations/connection`,
        body: {
          connection_mode: 'jdbc',
          connection_url: 'jdbc:sqlserver://sales-db2.internal:1433;databaseName=sales',
          username: 'dpac_reader',
          password: PASSWORD,
          database: 'SQLSERVER',
          driver_name: 'com.microsoft.sqlserver.jdbc.SQLServerDriver',
          parameters: [{ key: 'TCP', value: 'NODELAY', is_active: true, is_encrypted: false }],
        },
        note: 'connection',
      },
    ]);
  });

  it('patches only the changed top-level fields, with the storage as an id', () => {
    const after = parse({ ...salesDb, storage: 'archive', data_lake_schema: 'sales_v2' });
    const calls = Source.update(spec, after, new Set(['storage', 'data_lake_schema']), context(after, 'S1'));
    expect(calls).toEqual([
      {
        method: 'PATCH',
        path: '/sources/S1',
        body: { data_lake_schema: 'sales_v2', storage_id: '${EnvironmentStorage/prod/archive.id}' },
        note: 'source',
      },
    ]);
  });

  it('writes the tag difference as tags_to_add and tags_to_remove', () => {
    const after = parse({ ...salesDb, tags: ['sales', 'gold', 'managed-by:dpac'] });
    expect(Source.update(spec, after, new Set(['tags']), context(after, 'S1'))).toEqual([
      {
        method: 'PUT',
        path: '/sources/S1/metadata',
        body: { tags_to_add: ['gold'], tags_to_remove: ['pii'] },
        note: 'tags and description',
      },
    ]);
  });

  it('clears a removed description through the metadata call', () => {
    const { description: _, ...rest } = salesDb;
    const after = parse(rest);
    expect(Source.update(spec, after, new Set(['description']), context(after, 'S1'))).toEqual([
      {
        method: 'PUT',
        path: '/sources/S1/metadata',
        body: { tags_to_add: [], tags_to_remove: [], description: '' },
        note: 'tags and description',
      },
    ]);
  });

  it('grants new domains and revokes dropped ones', () => {
    const after = parse({ ...salesDb, domains: ['sales', 'marketing'] });
    expect(Source.update(spec, after, new Set(['domains']), context(after, 'S1'))).toEqual([
      {
        method: 'POST',
        path: '/domains/${Domain/marketing.id}/accessible-sources',
        body: { entity_ids: ['S1'] },
        note: 'domain access marketing',
      },
      {
        method: 'DELETE',
        path: '/domains/${Domain/finance.id}/accessible-sources',
        body: { entity_ids: ['S1'] },
        note: 'domain access finance',
      },
    ]);
  });

  it('adds, changes and deletes advanced configurations key by key', () => {
    const after = parse({
      ...salesDb,
      advanced_configurations: [
        { key: 'file_preview_row_count', value: '20', description: 'Preview rows.' },
        { key: 'crawl threads', value: '4' },
      ],
    });
    expect(Source.update(spec, after, new Set(['advanced_configurations']), context(after, 'S1'))).toEqual([
      {
        method: 'POST',
        path: '/sources/S1/configurations/advance',
        body: { key: 'crawl threads', value: '4', description: '', is_active: true },
        note: 'advanced configuration crawl threads',
      },
      {
        method: 'PUT',
        path: '/sources/S1/configurations/advance/file_preview_row_count',
        body: { key: 'file_preview_row_count', value: '20', description: 'Preview rows.', is_active: true },
        note: 'advanced configuration file_preview_row_count',
      },
      {
        method: 'DELETE',
        path: '/sources/S1/configurations/advance/should_run_dedupe',
        note: 'advanced configuration should_run_dedupe',
      },
    ]);
  });

  it('emits nothing for keys that did not change', () => {
    expect(Source.update(spec, spec, new Set(), context(spec, 'S1'))).toEqual([]);
  });

  it('deletes the source by id', () => {
    expect(Source.remove(spec, context(spec, 'S1'))).toEqual([
      { method: 'DELETE', path: '/sources/S1', note: 'source' },
    ]);
  });

  it('replaces the source when its type, sub_type or environment changes', () => {
    expect(policyOf(Source).immutable.pointers).toEqual(['/type', '/sub_type', '/environment']);
  });
});

describe('Source read-back', () => {
  const ids: Record<string, string> = {
    'Environment:e0000000000000000000000e': 'prod',
    'EnvironmentStorage:50000000000000000000000s': 'lake',
    'Domain:d1000000000000000000000d': 'sales',
    'Domain:d2000000000000000000000d': 'finance',
  };
  const names = { nameOf: (kind: string, id: string) => ids[`${kind}:${id}`] };

  // What the platform stores and returns after create(salesDb): list item merged with the detail GET.
  const item = {
    id: '63ce575248ef1c73e0fa535a',
    name: 'sales_db',
    type: 'rdbms',
    sub_type: 'sqlserver',
    data_lake_path: '/iw/sources/sales_db',
    data_lake_schema: 'sales',
    description: 'Sales system.',
    environment_id: 'e0000000000000000000000e',
    storage_id: '50000000000000000000000s',
    is_public: false,
    target_catalog_name: 'main',
    staging_schema_name: null,
    is_schema_case_sensitive: false,
    use_staging_schema_for_infoworks_managed_tables: true,
    transformation_extensions: ['mask_ext'],
    tags: ['sales', 'pii', 'managed-by:dpac'],
    associated_domains: ['d2000000000000000000000d', 'd1000000000000000000000d'],
    tables: [],
    state: 'ready',
    quoted_identifier: '"',
    is_source_ingested: true,
    is_source_connection_verified: false,
    default_step: 'configure_synchronization',
    filter_tables_properties: { is_filter_enabled: false },
    created_at: '2024-05-01T10:00:00.000Z',
    created_by: '6RkfybTRQQByEey3v',
    modified_at: '2024-05-01T10:00:00.000Z',
    modified_by: '',
  };
  const docs = {
    connection: {
      ...salesDb.connection,
      connection_mode: 'JDBC',
      password: 'enc:v1:Zm9vYmFy',
    },
    advanced: [
      {
        key: 'file_preview_row_count',
        value: '10',
        description: 'Preview rows.',
        is_active: true,
        entity_id: '63ce575248ef1c73e0fa535a',
        entity_type: 'source',
      },
      { key: 'should_run_dedupe', value: false, description: '', is_active: false, entity_type: 'source' },
    ],
  };

  it('projects what the platform stores back onto the declared spec, minus secrets', () => {
    const live = Source.fromApi({ id: item.id, item, docs }, names);
    const declared = parse(salesDb);
    const { password: _, ...connectionWithoutSecret } = declared.connection as Record<string, unknown>;
    expect(Source.normalize ? Source.normalize(live) : live).toEqual({
      ...declared,
      connection: connectionWithoutSecret,
    });
  });

  it('keeps unknown ids so the diff shows them', () => {
    const live = Source.fromApi(
      {
        id: item.id,
        item: {
          ...item,
          storage_id: 'ffffffffffffffffffffffff',
          associated_domains: ['aaaaaaaaaaaaaaaaaaaaaaaa'],
        },
        docs,
      },
      names,
    );
    expect(live.storage).toBe('ffffffffffffffffffffffff');
    expect(live.domains).toEqual(['aaaaaaaaaaaaaaaaaaaaaaaa']);
  });

  it('drops every storage secret and upload echo of a file source', () => {
    const live = Source.fromApi(
      {
        id: 'x',
        item: { ...item, type: 'file', sub_type: 'structured' },
        docs: {
          connection: {
            source_base_path: '/data',
            storage: {
              storage_type: 'remote',
              sftp_host: 'h',
              sftp_port: '22',
              username: 'u',
              auth_type: 'private_key',
              credential: { type: 'key', username: 'u', private_key_path: '/k', passphrase: 'enc:v1:x' },
              private_key_file_details: { file_name: 'k' },
            },
          },
        },
      },
      names,
    );
    expect(live.connection).toEqual({
      source_base_path: '/data',
      storage: {
        storage_type: 'remote',
        sftp_host: 'h',
        sftp_port: 22,
        username: 'u',
        auth_type: 'private_key',
        credential: { type: 'key', username: 'u', private_key_path: '/k' },
      },
    });
    expect(live.advanced_configurations).toBeUndefined();
  });

  it('declares every secret field of every connection variant secret', () => {
    expect([...policyOf(Source).secret.pointers].sort()).toEqual([
      '/connection/application_secret_key',
      '/connection/cluster_authentication_details/password',
      '/connection/password',
      '/connection/schema_registry_authentication_details/password',
      '/connection/storage/access_key_name',
      '/connection/storage/account_key',
      '/connection/storage/credential/passphrase',
      '/connection/storage/credential/password',
      '/connection/storage/password',
      '/connection/storage/secret_key',
      '/connection/teradata_wallet_key_used_for_password',
    ]);
  });
});
