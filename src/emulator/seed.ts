// Seeds: the default admin (always) and the optional `demo` data set.
import { ADMIN_EMAIL, ADMIN_ID, ADMIN_PASSWORD, ADMIN_REFRESH_TOKEN } from './auth.js';
import { sealSecrets } from './secrets.js';
import type { Store } from './store.js';
import { ALL_ROLES, userDocument } from './user-record.js';

export function ensureAdmin(store: Store): void {
  if (store.get('users', ADMIN_ID)) return;
  store.insert(
    'users',
    userDocument({
      name: 'Admin',
      email: ADMIN_EMAIL,
      roles: ALL_ROLES,
      password: ADMIN_PASSWORD,
      refreshToken: ADMIN_REFRESH_TOKEN,
    }),
    { id: ADMIN_ID, userId: '' },
  );
}

const DEMO_OPS_EMAIL = 'ops@dpac.local';
const DEMO_OPS_PASSWORD = 'ops';

/** A small sandbox whose names differ from the shipped examples, so a plan shows only creates. */
export function seedDemo(store: Store): void {
  if (store.find('environments', (doc) => doc.name === 'demo-sandbox').length > 0) return;
  const by = { userId: ADMIN_ID };
  const env = store.insert(
    'environments',
    sealSecrets({
      name: 'demo-sandbox',
      description: 'Demo sandbox environment',
      platform: 'azure',
      compute_engine: 'databricks',
      state: 'ready',
      support_gov_cloud: false,
      data_warehouse_type: '',
      connection_configuration: {
        workspace_url: 'https://demo.azuredatabricks.example',
        region: 'eastus',
        token: { password_type: 'infoworks_managed', password: 'demo-databricks-token' },
      },
      metastore: { type: 'hive', configuration: { mode: 'internal' } },
    }),
    by,
  );
  store.insert(
    'storages',
    sealSecrets({
      name: 'demo-lake',
      description: 'Demo data lake',
      environment_id: env.id,
      storage_type: 'adls_gen2',
      is_default_storage: true,
      storage_authentication: {
        scheme: 'abfss://',
        authentication_mechanism: 'access_key',
        file_system: 'demo',
        storage_account_name: 'demolake',
        access_key_name: { password_type: 'infoworks_managed', password: 'demo-storage-key' },
      },
    }),
    by,
  );
  const runtime = {
    engine_type: 'spark',
    runtime_version: '14.3',
    driver_node_type: 'Standard_D4as_v5',
    worker_node_type: 'Standard_D4as_v5',
    num_worker_nodes: 1,
    enable_autoscale: false,
  };
  store.insert(
    'compute_templates',
    {
      name: 'demo-etl',
      description: 'Demo ephemeral compute',
      environment_id: env.id,
      compute_engine: 'databricks',
      launch_strategy: 'ephemeral',
      is_default_cluster: true,
      compute_configuration: { runtime_configuration: runtime, connection_configuration: {} },
    },
    by,
  );
  store.insert(
    'interactive_clusters',
    {
      name: 'demo-interactive',
      description: 'Demo interactive cluster',
      environment_id: env.id,
      compute_engine: 'databricksInteractive',
      launch_strategy: 'persistent',
      is_default_cluster: false,
      interactive_job_submit_enabled: false,
      cluster_id: '0101-000000-demo0001',
      compute_configuration: {
        runtime_configuration: { ...runtime, idle_termination_timeout: 120 },
        connection_configuration: {},
      },
    },
    by,
  );
  const domain = store.insert(
    'domains',
    {
      name: 'demo-domain',
      description: 'Demo domain',
      environment_ids: [env.id],
      users: [ADMIN_ID],
      secrets: [],
      accessible_sources: [],
      accessible_domains: [],
      accessible_pipeline_extensions: [],
    },
    by,
  );
  store.insert(
    'users',
    userDocument({
      name: 'Operations',
      email: DEMO_OPS_EMAIL,
      roles: ['operations_analyst'],
      password: DEMO_OPS_PASSWORD,
      accessibleDomains: [domain.id],
    }),
    by,
  );
}

/** A column as a source reports it to the metadata crawl: name, java.sql.Types code and size. */
export interface SourceColumn {
  name: string;
  sql_type: number;
  col_type_name: string;
  col_size?: number;
  precision?: number;
  scale?: number;
}

/**
 * What the metadata crawl finds at the source, by source table name (lower case). A table not
 * listed here gets the generic columns below: every crawl is deterministic.
 */
const ORDERS: readonly SourceColumn[] = [
  { name: 'order_id', sql_type: -5, col_type_name: 'bigint', precision: 19, scale: 0 },
  { name: 'customer_id', sql_type: -5, col_type_name: 'bigint', precision: 19, scale: 0 },
  { name: 'status', sql_type: 12, col_type_name: 'varchar', col_size: 32 },
  { name: 'amount', sql_type: 3, col_type_name: 'decimal', precision: 18, scale: 2 },
  { name: 'ordered_at', sql_type: 93, col_type_name: 'timestamp' },
];

export const SOURCE_TABLE_COLUMNS: Readonly<Record<string, readonly SourceColumn[]>> = {
  orders: ORDERS,
  orders_v2: ORDERS,
  customers: [
    { name: 'customer_id', sql_type: -5, col_type_name: 'bigint', precision: 19, scale: 0 },
    { name: 'name', sql_type: 12, col_type_name: 'varchar', col_size: 255 },
    { name: 'email', sql_type: 12, col_type_name: 'varchar', col_size: 255 },
    { name: 'created_on', sql_type: 91, col_type_name: 'date' },
  ],
};

/** The columns of a source table the catalogue does not know. */
export const GENERIC_SOURCE_COLUMNS: readonly SourceColumn[] = [
  { name: 'id', sql_type: -5, col_type_name: 'bigint', precision: 19, scale: 0 },
  { name: 'name', sql_type: 12, col_type_name: 'varchar', col_size: 255 },
  { name: 'updated_at', sql_type: 93, col_type_name: 'timestamp' },
];
