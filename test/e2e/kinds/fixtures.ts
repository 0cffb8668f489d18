// Shared builders for the per-kind e2e tests: manifests as YAML text, a bearer-token API client for
// seeding the emulator through its own v3 API, and the plan/converge assertions every test repeats.

import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import type { E2e, RunResult } from '../../helpers/e2e.js';
import { type PlatformApi, platformApi } from '../../helpers/platform-api.js';

/** The parts of `plan --json` the tests assert on. */
export interface PlanJson {
  summary: Record<'add' | 'change' | 'replace' | 'destroy' | 'adopt' | 'unmanaged', number>;
  changes: {
    address: string;
    action: string;
    reason: string;
    fields: { path: string; before: unknown; after: unknown; why?: string }[];
  }[];
  calls: {
    id: string;
    address: string;
    method: string;
    path: string;
    body?: unknown;
    depends_on: string[];
    /** A batched create: the addresses it creates. */
    items?: string[];
  }[];
  unmanaged: string[];
}

/** Documents joined into one multi-document YAML file. */
export function docs(...parts: string[]): string {
  return parts.map((p) => p.trim()).join('\n---\n');
}

/** One manifest document; `spec` and `metadata` extras are given as YAML bodies (indented by the builder). */
function manifest(kind: string, metadata: Record<string, unknown>, spec: string): string {
  const meta = Object.entries(metadata)
    .map(([k, v]) => `  ${k}: ${JSON.stringify(v)}`)
    .join('\n');
  const body = spec
    .trim()
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
  return `apiVersion: dpac/v1\nkind: ${kind}\nmetadata:\n${meta}\nspec:\n${body}\n`;
}

export const environment = (
  description = 'Production lakehouse.',
  o: { name?: string; cloneFrom?: string } = {},
) =>
  manifest(
    'Environment',
    { name: o.name ?? 'prod' },
    `${o.cloneFrom === undefined ? '' : `clone_from: ${o.cloneFrom}`}
platform: azure
compute_engine: databricks
description: ${description}
support_gov_cloud: false
connection_configuration:
  workspace_url: https://adb-1.azuredatabricks.net
  token: \${env.DATABRICKS_TOKEN}
  region: eastus
metastore:
  type: hive
  configuration:
    mode: internal`,
  );

export const storage = (options: { name?: string; type?: 'adls_gen2' | 'dbfs'; description?: string } = {}) =>
  manifest(
    'EnvironmentStorage',
    { name: options.name ?? 'lake', environment: 'prod' },
    options.type === 'dbfs'
      ? `storage_type: dbfs\ndescription: ${options.description ?? 'The lake.'}`
      : `
storage_type: adls_gen2
description: ${options.description ?? 'The lake.'}
is_default_storage: true
storage_authentication:
  scheme: abfss://
  authentication_mechanism: access_key
  file_system: lake
  storage_account_name: dpacprodlake
  access_key_name: \${env.LAKE_ACCESS_KEY}`,
  );

export const computeTemplate = (maxWorkers = 4) =>
  manifest(
    'ComputeTemplate',
    { name: 'etl-small', environment: 'prod' },
    `
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
      max_worker_nodes: ${maxWorkers}`,
  );

export const interactiveCluster = (idleMinutes = 60) =>
  manifest(
    'InteractiveCluster',
    { name: 'interactive-dev', environment: 'prod' },
    `
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
    idle_termination_timeout: ${idleMinutes}`,
  );

export const domain = (name = 'sales', description = 'Sales team.', metadata: Record<string, unknown> = {}) =>
  manifest('Domain', { name, ...metadata }, `description: ${description}\nenvironments: [prod]`);

export const dataConnection = (warehouse = 'LOAD_WH') =>
  manifest(
    'DataConnection',
    { name: 'warehouse_target' },
    `
sub_type: SNOWFLAKE
description: Analytics warehouse.
properties:
  url: https://example-account.snowflakecomputing.com
  account: example-account
  username: DPAC_LOADER
  password: \${env.WAREHOUSE_PASSWORD}
  warehouse: ${warehouse}`,
  );

export const user = (displayName = 'Alice Example', roles = '[admin]') =>
  manifest(
    'User',
    { name: 'alice@example.com' },
    `
profile:
  name: ${displayName}
roles: ${roles}
password: \${env.ALICE_PASSWORD}`,
  );

export const genericSourceType = (
  folder = '/opt/drivers/teradata',
  driver = 'com.teradata.jdbc.TeraDriver',
) =>
  manifest(
    'GenericSourceType',
    { name: 'teradata_generic' },
    `driver_class_name: ${driver}\nupload_option: serverLocation\nfolder_path: ${folder}`,
  );

/** Every platform kind (no sources): the parents the source-level tests need. */
export function platform(): string {
  return docs(environment(), storage(), computeTemplate(), interactiveCluster(), domain());
}

export interface SalesDbOptions {
  /** Another name (its lake path follows). */
  name?: string;
  /** The domains granted the source; none when empty. */
  domains?: string[];
  url?: string;
  subType?: string;
  description?: string;
  tags?: string;
  metadata?: Record<string, unknown>;
  passwordVar?: string;
}

export const salesDb = (o: SalesDbOptions = {}) =>
  manifest(
    'Source',
    { name: o.name ?? 'sales_db', ...o.metadata },
    `
type: rdbms
sub_type: ${o.subType ?? 'sqlserver'}
description: ${o.description ?? 'The sales database.'}
data_lake_path: /iw/sources/${o.name ?? 'sales_db'}
data_lake_schema: sales
environment: prod
storage: lake
connection:
  connection_mode: jdbc
  connection_url: ${o.url ?? 'jdbc:sqlserver://sales-db.internal:1433;databaseName=sales'}
  username: dpac_reader
  password: \${env.${o.passwordVar ?? 'SALES_DB_PASSWORD'}}
  database: SQLSERVER
  driver_name: com.microsoft.sqlserver.jdbc.SQLServerDriver
tags: ${o.tags ?? '[sales, pii]'}
${(o.domains ?? ['sales']).length ? `domains: [${(o.domains ?? ['sales']).join(', ')}]` : ''}`,
  );

export interface TableOptions {
  name: string;
  source?: string;
  sourceTable?: string;
  description?: string;
  metadata?: Record<string, unknown>;
  /** Extra spec lines (e.g. a schema or streaming block), unindented. */
  extra?: string;
}

export const table = (o: TableOptions) =>
  manifest(
    'Table',
    { name: o.name, source: o.source ?? 'sales_db', ...o.metadata },
    `
description: ${o.description ?? `The ${o.name} table.`}
source_table:
  schema_name: dbo
  table_name: ${o.sourceTable ?? o.name}
ingestion:
  sync_type: full-load
  storage_format: delta
  target_schema_name: sales
  target_table_name: ${o.name}
${o.extra?.trim() ?? ''}`,
  );

export const streamSource = () =>
  manifest(
    'Source',
    { name: 'clicks' },
    `
type: streaming
sub_type: kafka
data_lake_path: /iw/sources/clicks
data_lake_schema: clicks
environment: prod
storage: lake
connection:
  broker_id: broker-1:9092
  message_format: json`,
  );

export const topicMapping = (list = '[person_b, person_a]') =>
  manifest(
    'TopicMapping',
    { name: 'people', source: 'clicks' },
    `
configuration:
  topic_identifier:
    type: list
    list: ${list}`,
  );

export const jsonSource = () =>
  manifest(
    'Source',
    { name: 'json_files' },
    `
type: file
sub_type: json
data_lake_path: /iw/sources/json_files
data_lake_schema: files
environment: prod
storage: lake
connection:
  source_base_path: /data/json
  storage:
    storage_type: dbfs`,
  );

export const fileMapping = (path = '/orders') =>
  manifest(
    'FileMapping',
    { name: 'orders_files', source: 'json_files' },
    `
configuration:
  source_relative_path: ${path}
  record_scope: line
  include_subdirectories: true
  character_encoding: UTF-8
  include_filename_regex: .*\\.json`,
  );

export const validationSpec = (regex = '^[A-Z_]+$') =>
  manifest(
    'ValidationSpec',
    { name: 'status_code', source: 'sales_db', table: 'orders' },
    `column_name: status\ntype: regex\nregex_expression: '${regex}'`,
  );

export interface TableGroupOptions {
  maxConnections?: number;
  tables?: string[];
  metadata?: Record<string, unknown>;
  /** Extra spec lines (e.g. a schedule block), unindented. */
  extra?: string;
}

export const tableGroup = (o: TableGroupOptions = {}) =>
  manifest(
    'TableGroup',
    { name: 'nightly', source: 'sales_db', ...o.metadata },
    [
      'compute: etl-small',
      ...(o.maxConnections === undefined ? [] : [`max_connections: ${o.maxConnections}`]),
      'tables:',
      ...(o.tables ?? ['customers', 'orders']).map((t) => `  - table: ${t}`),
      o.extra?.trim() ?? '',
    ].join('\n'),
  );

/** A dpac.yaml naming the project, so the tag proves ownership (an unnamed project deletes nothing by tag). */
export const projectFile = (extra = '') => `apiVersion: dpac/v1\nkind: Project\nproject: kinds\n${extra}`;

/** Empties the emulator and the scratch folder, then writes the files (and a named dpac.yaml unless given). */
export async function resetWith(e2e: E2e, files: Record<string, string>): Promise<void> {
  await e2e.emulator.reset();
  for (const entry of await readdir(e2e.dir)) await rm(path.join(e2e.dir, entry), { recursive: true });
  const all = { 'dpac.yaml': projectFile(), ...files };
  for (const [file, yaml] of Object.entries(all)) await e2e.write(file, yaml);
}

/**
 * Asserts stderr holds nothing but the warning a plan gives when it changes a user (the v3 API
 * records no one who changed a user), one per address of `changedUsers`.
 */
function expectOnlyUserWarnings(stderr: string, changedUsers: readonly string[], context: string): void {
  const summaries = stderr
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('    '))
    .map((line) => line.replace(/^\S+ warning: /, ''));
  expect(summaries, context).toEqual(
    changedUsers.map(
      (email) =>
        `User/${email} will be changed, but the v3 API records no one who changed a User: dpac cannot tell whether another project manages it too.`,
    ),
  );
}

/** Runs `plan --json` on the scratch folder and parses it; `changedUsers` it may warn about. */
export async function planJson(
  e2e: E2e,
  args: string[] = [],
  changedUsers: readonly string[] = [],
): Promise<PlanJson> {
  const result = await e2e.dpac(['plan', '--json', ...args]);
  expectOnlyUserWarnings(result.stderr, changedUsers, result.stderr);
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as PlanJson;
}

/** Actions by address, skipping no-ops: the compact way to assert what a plan does. */
export function actions(plan: PlanJson): Record<string, string> {
  return Object.fromEntries(
    plan.changes.filter((c) => c.action !== 'noop').map((c) => [c.address, c.action]),
  );
}

/** `METHOD path` of every call, in plan order. */
export function callLines(plan: PlanJson): string[] {
  return plan.calls.map((c) => `${c.method} ${c.path}`);
}

/** Both lines occur, `first` before `then`: an order check that a missing line cannot pass. */
export function expectBefore(lines: readonly string[], first: string, then: string): void {
  expect(lines).toContain(first);
  expect(lines).toContain(then);
  expect(lines.indexOf(first)).toBeLessThan(lines.indexOf(then));
}

/** `dpac validate` fails (exit 1); its whole output, for the messages. */
export async function validateFails(e2e: E2e): Promise<string> {
  const validate = await e2e.dpac(['validate', '--no-color']);
  expect(validate.code).toBe(1);
  return `${validate.stdout}${validate.stderr}`;
}

/**
 * Exports (`args` narrow it) into `exported/`, then plans the exported files with every variable
 * the export names set: the plan must find nothing to change.
 */
export async function exportRoundTrip(e2e: E2e, args: string[] = []): Promise<void> {
  const exported = await e2e.dpac(['export', '--out', 'exported', '-o', 'json', ...args]);
  expect(exported.code, exported.stderr).toBe(0);
  const { variables } = JSON.parse(exported.stdout) as { variables: { name: string }[] };
  const env = Object.fromEntries(variables.map((v) => [v.name, 'any']));
  const plan = await e2e.dpac(['plan', 'exported', '--detailed-exitcode', '--no-color'], { env });
  expect(plan.stdout, plan.stderr).toContain('No changes.');
  expect(plan.code).toBe(0);
}

/** A file `exportRoundTrip` wrote, by its path under `exported/`. */
export const exportedFile = (e2e: E2e, file: string): Promise<string> =>
  readFile(path.join(e2e.dir, 'exported', file), 'utf8');

/** Applies and expects success. */
export async function applyOk(
  e2e: E2e,
  args: string[] = [],
  changedUsers: readonly string[] = [],
): Promise<RunResult> {
  const result = await e2e.dpac(['apply', '--auto-approve', '--no-color', ...args]);
  expectOnlyUserWarnings(result.stderr, changedUsers, `${result.stdout}\n${result.stderr}`);
  expect(result.code).toBe(0);
  expect(result.stdout).toContain('Apply complete!');
  return result;
}

/** The defining property: the next plan is empty and a second apply sends zero writes. */
export async function expectConverged(e2e: E2e, args: string[] = []): Promise<void> {
  const plan = await e2e.dpac(['plan', '--detailed-exitcode', '--no-color', ...args]);
  expect(plan.stdout, `${plan.stdout}\n${plan.stderr}`).toContain('No changes.');
  expect(plan.code).toBe(0);
  const seq = e2e.lastSeq();
  const again = await e2e.dpac(['apply', '--auto-approve', ...args]);
  expect(again.code).toBe(0);
  expect(e2e.writesSince(seq)).toEqual([]);
}

/** A minimal client of the emulator's v3 API, authenticated like any other client. */
export type Api = PlatformApi;

export function connectApi(e2e: E2e): Promise<Api> {
  return platformApi(e2e.emulator.url, e2e.env.DPAC_REFRESH_TOKEN);
}
