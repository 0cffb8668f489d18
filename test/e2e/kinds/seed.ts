// Seeds the emulator through its own v3 API (never through dpac), in the shapes a hand-made setup
// or another client produces: sets in another order, upper-case echoes, numbers as strings.
import type { Api } from './fixtures.js';

export interface PlatformIds {
  environment: string;
  storage: string;
  compute: string;
  domain: string;
}

interface Created {
  result: { id: string };
}

const RUNTIME = {
  engine_type: 'spark',
  runtime_version: '14.3',
  driver_node_type: 'Standard_D4as_v5',
  worker_node_type: 'Standard_D4as_v5',
};

/** The objects `fixtures.platform()` declares, created by hand. */
export async function seedPlatform(api: Api): Promise<PlatformIds> {
  const env = await api.send<Created>('POST', '/admin/environment', {
    name: 'prod',
    platform: 'azure',
    compute_engine: 'databricks',
    description: 'Production lakehouse.',
    support_gov_cloud: false,
    connection_configuration: {
      workspace_url: 'https://adb-1.azuredatabricks.net',
      token: 'a-hand-typed-token',
      region: 'eastus',
    },
    metastore: { type: 'hive', configuration: { mode: 'internal' } },
  });
  const environment = env.result.id;
  const under = `/admin/environment/${environment}`;
  const lake = await api.send<Created>('POST', `${under}/environment-storage`, {
    name: 'lake',
    storage_type: 'adls_gen2',
    description: 'The lake.',
    is_default_storage: true,
    storage_authentication: {
      scheme: 'abfss://',
      authentication_mechanism: 'access_key',
      file_system: 'lake',
      storage_account_name: 'dpacprodlake',
      access_key_name: 'a-hand-typed-key',
    },
  });
  const compute = await api.send<Created>('POST', `${under}/environment-compute-template`, {
    name: 'etl-small',
    launch_strategy: 'ephemeral',
    compute_engine: 'databricks',
    description: 'Small autoscaling cluster.',
    is_default_cluster: true,
    compute_configuration: {
      runtime_configuration: {
        ...RUNTIME,
        enable_autoscale: true,
        autoscale: { min_worker_nodes: 1, max_worker_nodes: 4 },
      },
    },
  });
  await api.send('POST', `${under}/environment-interactive-clusters`, {
    name: 'interactive-dev',
    launch_strategy: 'persistent',
    compute_engine: 'databricksInteractive',
    description: 'Shared cluster.',
    interactive_job_submit_enabled: true,
    compute_configuration: {
      runtime_configuration: { ...RUNTIME, num_worker_nodes: 2, idle_termination_timeout: 60 },
    },
  });
  const domain = await api.send<Created>('POST', '/domains', {
    name: 'sales',
    description: 'Sales team.',
    environment_ids: [environment],
  });
  return { environment, storage: lake.result.id, compute: compute.result.id, domain: domain.result.id };
}

export interface HandMadeSource {
  name: string;
  tags?: string[];
  url?: string;
  description?: string;
}

/** A SQL Server source made by hand: upper-case connection mode, tags in any order. */
export async function seedSqlSource(api: Api, ids: PlatformIds, source: HandMadeSource): Promise<string> {
  const created = await api.send<Created>('POST', '/sources', {
    name: source.name,
    type: 'rdbms',
    sub_type: 'sqlserver',
    data_lake_path: `/iw/sources/${source.name}`,
    data_lake_schema: 'sales',
    environment_id: ids.environment,
    storage_id: ids.storage,
    is_source_ingested: true,
  });
  const id = created.result.id;
  await api.send('PUT', `/sources/${id}/configurations/connection`, {
    connection_mode: 'JDBC',
    connection_url: source.url ?? 'jdbc:sqlserver://sales-db.internal:1433;databaseName=sales',
    username: 'dpac_reader',
    password: 'typed-by-hand',
    database: 'SQLSERVER',
    driver_name: 'com.microsoft.sqlserver.jdbc.SQLServerDriver',
  });
  await api.send('PUT', `/sources/${id}/metadata`, {
    tags_to_add: source.tags ?? [],
    tags_to_remove: [],
    description: source.description ?? 'The sales database.',
  });
  await api.send('POST', `/domains/${ids.domain}/accessible-sources`, { entity_ids: [id] });
  return id;
}

/** A table added by hand (lower-case table type), optionally tagged. */
export async function seedTable(
  api: Api,
  sourceId: string,
  table: { name: string; tags?: string[] },
): Promise<string> {
  const added = await api.send<{ result: { added_tables?: string[] } }>(
    'POST',
    `/sources/${sourceId}/tables/source_tables`,
    {
      tables_to_add: [
        {
          table_name: table.name,
          schema_name: 'dbo',
          table_type: 'table',
          target_table_name: table.name,
          target_schema_name: 'sales',
        },
      ],
    },
  );
  const id = added.result.added_tables?.[0];
  if (!id) throw new Error(`no id for the table ${table.name}: ${JSON.stringify(added)}`);
  await api.send('PUT', `/sources/${sourceId}/tables/${id}/configurations/ingestion`, {
    sync_type: 'full-load',
    storage_format: 'delta',
    target_table_name: table.name,
    target_schema_name: 'sales',
  });
  await api.send('PUT', `/sources/${sourceId}/tables/${id}/metadata`, {
    tags_to_add: table.tags ?? [],
    tags_to_remove: [],
    description: `The ${table.name} table.`,
  });
  return id;
}
