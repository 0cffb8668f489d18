// The manifests of the conformance lifecycle: every kind, in two revisions (every kind's spec
// changes between them) and under two sets of names (every kind the API can rename gets a new
// name, with metadata.renamed_from). Generic source types cannot be renamed: theirs stays.

export interface Revision {
  /** 1 creates; 2 changes a field of every object. */
  rev: 1 | 2;
  /** Every renameable object under its new name, `renamed_from` the old one. */
  renamed: boolean;
  /** Without the sources (and all that lives under them). */
  platformOnly?: boolean;
}

export const LIFECYCLE_SECRETS: Record<string, string> = {
  DATABRICKS_TOKEN: 'databricks-token',
  LAKE_ACCESS_KEY: 'lake-access-key',
  ALICE_PASSWORD: 'alice-password',
  WAREHOUSE_PASSWORD: 'warehouse-password',
  SALES_DB_PASSWORD: 'sales-db-password',
  KAFKA_PASSWORD: 'kafka-password',
  ALICE_TOKEN: 'alice-refresh-token',
};

/** `name`, or its new name with `renamed_from` when renamed. */
function named(r: Revision, name: string, extra = ''): string {
  const meta = r.renamed ? `  name: ${name}_v2\n  renamed_from: ${name}` : `  name: ${name}`;
  return `${meta}${extra}`;
}

/** The name other manifests refer to an object by. */
const ref = (r: Revision, name: string) => (r.renamed ? `${name}_v2` : name);

export function lifecycleManifests(r: Revision): string {
  const two = r.rev === 2;
  const env = ref(r, 'prod');
  const lake = ref(r, 'lake');
  const etl = ref(r, 'etl');
  const sales = ref(r, 'sales_db');
  const orders = ref(r, 'orders');
  const alice = r.renamed ? 'alice.cooper@example.com' : 'alice@example.com';
  const docs = [
    `kind: Environment
metadata:
${named(r, 'prod')}
spec:
  platform: azure
  compute_engine: databricks
  description: ${two ? 'Production lakehouse, EU.' : 'Production lakehouse.'}
  support_gov_cloud: false
  connection_configuration:
    workspace_url: https://adb-1.azuredatabricks.net
    token: \${env.DATABRICKS_TOKEN}
    region: eastus
  metastore:
    type: hive
    configuration:
      mode: internal`,
    `kind: EnvironmentStorage
metadata:
${named(r, 'lake', `\n  environment: ${env}`)}
spec:
  storage_type: adls_gen2
  description: ${two ? 'The curated lake.' : 'The lake.'}
  is_default_storage: true
  storage_authentication:
    scheme: abfss://
    authentication_mechanism: access_key
    file_system: lake
    storage_account_name: dpacprodlake
    access_key_name: \${env.LAKE_ACCESS_KEY}`,
    `kind: EnvironmentStorage
metadata:
${named(r, 'scratch', `\n  environment: ${env}`)}
spec:
  storage_type: dbfs
  description: ${two ? 'Scratch space, kept a week.' : 'Scratch space.'}`,
    `kind: ComputeTemplate
metadata:
${named(r, 'etl', `\n  environment: ${env}`)}
spec:
  compute_engine: databricks
  description: Small autoscaling cluster.
  is_default_cluster: true
  compute_configuration:
    runtime_configuration:
      engine_type: spark
      runtime_version: '14.3'
      driver_node_type: Standard_D4as_v5
      worker_node_type: Standard_D4as_v5
      enable_autoscale: true
      autoscale:
        min_worker_nodes: 1
        max_worker_nodes: ${two ? 6 : 4}`,
    `kind: InteractiveCluster
metadata:
${named(r, 'interactive', `\n  environment: ${env}`)}
spec:
  compute_engine: databricksInteractive
  description: Shared cluster.
  interactive_job_submit_enabled: true
  compute_configuration:
    runtime_configuration:
      engine_type: spark
      runtime_version: '14.3'
      driver_node_type: Standard_D4as_v5
      worker_node_type: Standard_D4as_v5
      num_worker_nodes: 2
      idle_termination_timeout: ${two ? 90 : 60}`,
    `kind: Domain
metadata:
${named(r, 'sales')}
spec:
  description: ${two ? 'Sales and finance.' : 'Sales team.'}
  environments: [${env}]`,
    `kind: DataConnection
metadata:
${named(r, 'warehouse')}
spec:
  sub_type: SNOWFLAKE
  description: Analytics warehouse.
  properties:
    url: https://example-account.snowflakecomputing.com
    account: example-account
    username: DPAC_LOADER
    password: \${env.WAREHOUSE_PASSWORD}
    warehouse: ${two ? 'BIG_WH' : 'LOAD_WH'}`,
    `kind: User
metadata:
  name: ${r.renamed ? 'alice.cooper@example.com' : 'alice@example.com'}${r.renamed ? '\n  renamed_from: alice@example.com' : ''}
spec:
  profile:
    name: ${two ? 'Alice Cooper' : 'Alice Example'}
    needs_password_reset: true
  roles: [${two ? 'admin, analyst' : 'admin'}]
  password: \${env.ALICE_PASSWORD}
  accessible_domains: [${ref(r, 'sales')}]`,
    `kind: GenericSourceType
metadata:
  name: teradata
spec:
  driver_class_name: com.teradata.jdbc.TeraDriver
  upload_option: serverLocation
  folder_path: ${two ? '/opt/drivers/td17' : '/opt/drivers/teradata'}`,
    `kind: GenericSourceType
metadata:
  name: uploaded
spec:
  driver_class_name: org.example.Driver
  upload_option: fileUpload
  files: [${two ? 'driver.jar, driver-extra.jar' : 'driver.jar'}]`,
    `kind: Source
metadata:
${named(r, 'sales_db')}
spec:
  type: rdbms
  sub_type: sqlserver
  description: ${two ? 'The sales database, replica.' : 'The sales database.'}
  data_lake_path: ${two ? '/iw/sources/sales_replica\n  is_public: true' : '/iw/sources/sales_db'}
  data_lake_schema: sales
  environment: ${env}
  storage: ${lake}
  connection:
    connection_mode: jdbc
    connection_url: jdbc:sqlserver://${two ? 'sales-replica' : 'sales-db'}.internal:1433;databaseName=sales
    username: dpac_reader
    password: \${env.SALES_DB_PASSWORD}
    database: SQLSERVER
    driver_name: com.microsoft.sqlserver.jdbc.SQLServerDriver
  advanced_configurations:
    - key: file_preview_row_count
      value: "${two ? 20 : 10}"
      is_active: true
  tags: [${two ? 'sales, pii, replica' : 'sales, pii'}]
  domains: [${ref(r, 'sales')}]`,
    `kind: Table
metadata:
${named(r, 'orders', `\n  source: ${sales}`)}
spec:
  description: ${two ? 'Orders, merged.' : 'Orders.'}
  source_table:
    schema_name: dbo
    table_name: orders
  ingestion:
    sync_type: incremental
    update_strategy: merge
    natural_keys: [order_id]
    watermark_columns: [modified_at]
    partition_keys:
      - parent_column: order_date
        derive_format: ${two ? 'yyyy' : 'yyyyMM'}
      - partition_column: region
    storage_format: delta
    target_schema_name: sales
    target_table_name: orders
  export:
    sync_type: MERGE
    target_type: SNOWFLAKE
    connection:
      data_connection: ${ref(r, 'warehouse')}
    target_configuration:
      schema_name: SALES
      table_name: ${two ? 'ORDERS_V2' : 'ORDERS'}
      natural_key: [ORDER_ID]
  schema:
    columns:
      - name: status
        target_sql_type: 12
        description: ${two ? 'Order status code.' : 'Order status.'}
    column_order: [${two ? 'status, order_id' : 'order_id, status'}]
  tags: [${two ? 'finance, orders' : 'finance'}]
  advanced_configurations:
    - key: fetch_size
      value: "${two ? 8000 : 5000}"
      is_active: false`,
    `kind: Table
metadata:
${named(r, 'customers', `\n  source: ${sales}`)}
spec:
  source_table:
    schema_name: dbo
    table_name: customers
  ingestion:
    sync_type: full-load
    storage_format: delta
    target_schema_name: sales
    target_table_name: customers${two ? '\n  tags: [pii]' : ''}`,
    `kind: ValidationSpec
metadata:
${named(r, 'status_code', `\n  source: ${sales}\n  table: ${orders}`)}
spec:
  column_name: status
  type: regex
  regex_expression: '${two ? '^[A-Z]+$' : '^[A-Z_]+$'}'`,
    ...(two
      ? []
      : [
          // Dropped in revision 2: deleted on its own, under a table that stays.
          `kind: ValidationSpec
metadata:
  name: status_length
  source: ${sales}
  table: ${orders}
spec:
  column_name: status
  type: regex
  regex_expression: '^.{1,32}$'`,
        ]),
    `kind: TableGroup
metadata:
${named(r, 'nightly', `\n  source: ${sales}`)}
spec:
  compute: ${etl}
  max_connections: ${two ? 6 : 4}
  tables:
    - table: ${orders}
      connection_quota: ${two ? 60 : 50}
    - table: ${ref(r, 'customers')}
  schedule:
    enabled: true
    start_date: 01/05/2026
    start_hour: ${two ? 3 : 2}
    start_min: 30
    repeat_interval_unit: WEEK
    repeat_interval_measure: 1
    specified_days: [1, 3, 5]${two ? `\n    user: ${alice}\n    user_token: \${env.ALICE_TOKEN}` : ''}`,
    `kind: Source
metadata:
${named(r, 'files_csv')}
spec:
  type: file
  sub_type: structured
  description: ${two ? 'Daily CSV price files, all regions.' : 'Daily CSV price files.'}
  data_lake_path: /iw/sources/files_csv
  data_lake_schema: files
  environment: ${env}
  storage: ${lake}
  connection:
    source_base_path: /data/landing
    storage:
      storage_type: dbfs
  tags: [prices]`,
    `kind: Table
metadata:
${named(r, 'daily_prices', `\n  source: ${ref(r, 'files_csv')}`)}
spec:
  file:
    source_relative_path: /prices
    source_file_type: csv
    source_file_properties:
      column_separator: '${two ? ';' : ','}'
      column_enclosed_by: '"'
      encoding: UTF-8
      header_rows_count: 1
    include_filename_regex: .*\\.csv
    target_relative_path: /daily_prices
  ingestion:
    sync_type: full-load
    storage_format: delta
    target_schema_name: files
    target_table_name: daily_prices`,
    `kind: Source
metadata:
${named(r, 'events_stream')}
spec:
  type: streaming
  sub_type: kafka
  data_lake_path: /iw/sources/events_stream
  data_lake_schema: events
  environment: ${env}
  storage: ${lake}
  connection:
    broker_id: ${two ? 'broker-2:9092' : 'broker-1:9092'}
    message_format: json
    enable_cluster_authentication: true
    cluster_authentication_details:
      username: events-reader
      password: \${env.KAFKA_PASSWORD}`,
    `kind: TopicMapping
metadata:
${named(r, 'people', `\n  source: ${ref(r, 'events_stream')}`)}
spec:
  configuration:
    topic_identifier:
      type: list
      list: [${two ? 'person, address, order' : 'person, address'}]`,
    `kind: Table
metadata:
${named(r, 'clicks', `\n  source: ${ref(r, 'events_stream')}`)}
spec:
  source_table:
    table_name: clicks
    schema_name: events
  streaming:
    state: enabled
    streaming_frequency: minutes
    streaming_value: ${two ? 10 : 5}`,
    `kind: Source
metadata:
${named(r, 'files_json')}
spec:
  type: file
  sub_type: json
  data_lake_path: /iw/sources/files_json
  data_lake_schema: feeds
  environment: ${env}
  storage: ${lake}
  connection:
    source_base_path: /data/feeds
    storage:
      storage_type: dbfs`,
    `kind: FileMapping
metadata:
${named(r, 'orders_json', `\n  source: ${ref(r, 'files_json')}`)}
spec:
  configuration:
    source_relative_path: ${two ? '/orders/v2' : '/orders'}
    record_scope: line
    include_subdirectories: true
    character_encoding: UTF-8
    include_filename_regex: .*\\.json`,
  ];
  const kept = r.platformOnly
    ? docs.filter((d) =>
        /^kind: (Environment|EnvironmentStorage|ComputeTemplate|InteractiveCluster|Domain|DataConnection|User|GenericSourceType)\n/.test(
          d,
        ),
      )
    : docs;
  return kept.map((d) => `apiVersion: dpac/v1\n${d}`).join('\n---\n');
}
