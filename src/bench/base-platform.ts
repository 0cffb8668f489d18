// The base every generated platform stands on, as manifests: one environment with a storage and a
// compute template (shared by the benchmark and the reliability tests' generators).

export interface BasePlatformOptions {
  environment: string;
  compute: string;
  /** Environment variables holding the workspace token and the lake access key. */
  tokenEnv: string;
  lakeKeyEnv: string;
  maxWorkers: number;
}

export function basePlatformYaml(o: BasePlatformOptions): string {
  return `apiVersion: dpac/v1
kind: Environment
metadata:
  name: ${o.environment}
spec:
  platform: azure
  compute_engine: databricks
  description: Generated environment.
  connection_configuration:
    workspace_url: https://adb-1234567890123456.7.azuredatabricks.net
    token: \${env.${o.tokenEnv}}
    region: eastus
  metastore:
    type: hive
    configuration:
      mode: internal
---
apiVersion: dpac/v1
kind: EnvironmentStorage
metadata:
  name: lake
  environment: ${o.environment}
spec:
  storage_type: adls_gen2
  is_default_storage: true
  storage_authentication:
    scheme: abfss://
    authentication_mechanism: access_key
    file_system: lake
    storage_account_name: ${o.environment}lake
    access_key_name: \${env.${o.lakeKeyEnv}}
---
apiVersion: dpac/v1
kind: ComputeTemplate
metadata:
  name: ${o.compute}
  environment: ${o.environment}
spec:
  compute_engine: databricks
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
        max_worker_nodes: ${o.maxWorkers}
`;
}

export interface SqlSourceOptions {
  name: string;
  environment: string;
  /** Environment variable holding the JDBC password. */
  passwordEnv: string;
  tag: string;
  domain?: string;
}

/** An RDBMS (SQL Server) source on the base platform's `lake` storage, as one manifest document. */
export function sqlSourceYaml(o: SqlSourceOptions): string {
  return `apiVersion: dpac/v1
kind: Source
metadata:
  name: ${o.name}
spec:
  type: rdbms
  sub_type: sqlserver
  description: Generated source ${o.name}.
  data_lake_path: /iw/sources/${o.name}
  data_lake_schema: ${o.name}
  environment: ${o.environment}
  storage: lake
  connection:
    connection_mode: jdbc
    connection_url: jdbc:sqlserver://${o.name}.internal:1433;databaseName=${o.name}
    username: dpac_reader
    password: \${env.${o.passwordEnv}}
    database: SQLSERVER
    driver_name: com.microsoft.sqlserver.jdbc.SQLServerDriver
  tags: [${o.tag}]${o.domain ? `\n  domains: [${o.domain}]` : ''}
`;
}
