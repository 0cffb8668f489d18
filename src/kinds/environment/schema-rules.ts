// Cross-field rules of an Environment spec: which connection, metastore and warehouse settings fit
// the chosen platform and compute engine. Each message says how to fix the manifest.
import type { z } from 'zod';
import type { ComputeEngine, EnvironmentObject } from './schema.js';

/** Which connection fields each engine takes, which it needs, and its authentication mechanisms. */
const CONNECTION_RULES: Record<
  ComputeEngine,
  {
    platforms: readonly string[];
    allowed: readonly string[];
    required: readonly string[];
    mechanisms: readonly string[];
  }
> = {
  databricks: {
    platforms: ['azure', 'aws', 'gcp'],
    allowed: ['workspace_url', 'token', 'region'],
    required: ['workspace_url', 'token'],
    mechanisms: [],
  },
  emr: {
    platforms: ['aws'],
    allowed: ['region', 'authentication_mechanism', 'access_key', 'secret_key'],
    required: ['region', 'authentication_mechanism'],
    mechanisms: ['access_key', 'system'],
  },
  dataproc: {
    platforms: ['gcp'],
    allowed: ['region', 'authentication_mechanism'],
    required: ['region'],
    mechanisms: ['access_key', 'system'],
  },
  kubernetes: {
    platforms: ['spark'],
    allowed: [
      'cluster_type',
      'service_account_name',
      'authentication_mechanism',
      'api_url',
      'namespace',
      'client_key',
      'oauth_details',
    ],
    required: ['cluster_type'],
    mechanisms: ['oauth_token', 'client_key'],
  },
};

type Issues = z.core.$RefinementCtx<EnvironmentObject>;
type Path = (string | number)[];

export function checkEnvironment(spec: EnvironmentObject, ctx: Issues): void {
  const report = (path: Path, message: string) => ctx.addIssue({ code: 'custom', path, message });
  checkConnection(spec, report);
  checkMetastore(spec, report);
  checkWarehouse(spec, report);
  for (const key of ['staging_area', 'profiles'] as const) {
    if (spec[key] !== undefined && spec.compute_engine !== 'databricks') {
      report([key], `${key} applies only to compute_engine databricks (Unity Catalog); remove it.`);
    }
  }
}

type Report = (path: Path, message: string) => void;

function checkConnection(spec: EnvironmentObject, report: Report): void {
  const engine = spec.compute_engine;
  const rules = CONNECTION_RULES[engine];
  if (!rules.platforms.includes(spec.platform)) {
    report(
      ['platform'],
      `compute_engine ${engine} runs on platform ${rules.platforms.join(' or ')}; change platform.`,
    );
  }
  const conn = spec.connection_configuration;
  for (const key of Object.keys(conn)) {
    if (!rules.allowed.includes(key)) {
      report(
        ['connection_configuration', key],
        `${key} does not apply to compute_engine ${engine}; remove it (${engine} takes ${rules.allowed.join(', ')}).`,
      );
    }
  }
  const need = (key: keyof typeof conn, why: string) => {
    if (conn[key] === undefined)
      report(['connection_configuration', key], `${key} is required ${why}; add it.`);
  };
  for (const key of rules.required) need(key as keyof typeof conn, `for compute_engine ${engine}`);
  const mechanism = conn.authentication_mechanism;
  if (mechanism !== undefined && !rules.mechanisms.includes(mechanism)) {
    report(
      ['connection_configuration', 'authentication_mechanism'],
      rules.mechanisms.length === 0
        ? `compute_engine ${engine} takes no authentication_mechanism; remove it.`
        : `compute_engine ${engine} authenticates with ${rules.mechanisms.join(' or ')}, not ${mechanism}.`,
    );
  }
  if (engine === 'emr' && mechanism === 'access_key') {
    need('access_key', 'when authentication_mechanism is access_key');
    need('secret_key', 'when authentication_mechanism is access_key');
  }
  if (engine === 'kubernetes' && mechanism === 'oauth_token') {
    need('oauth_details', 'when authentication_mechanism is oauth_token');
  }
  if (engine === 'kubernetes' && mechanism === 'client_key') {
    need('client_key', 'when authentication_mechanism is client_key');
  }
}

function checkMetastore(spec: EnvironmentObject, report: Report): void {
  const m = spec.metastore;
  if (!m) return;
  const engine = spec.compute_engine;
  if (m.type === 'glue' && engine !== 'emr') {
    report(['metastore', 'type'], `a glue metastore needs compute_engine emr; use type hive.`);
  }
  const config = m.configuration;
  if (config.mode === 'unity_catalog' && engine !== 'databricks') {
    report(['metastore', 'configuration', 'mode'], 'mode unity_catalog needs compute_engine databricks.');
  }
  if (config.mode === 'external' && m.type === 'hive') {
    const required = ['connection_url', 'user_name', 'password'] as const;
    for (const key of engine === 'kubernetes' ? [...required, 'metastore_db' as const] : required) {
      if (config[key] === undefined) {
        report(
          ['metastore', 'configuration', key],
          `${key} is required for an external hive metastore; add it.`,
        );
      }
    }
  }
}

function checkWarehouse(spec: EnvironmentObject, report: Report): void {
  const type = spec.data_warehouse_type;
  const config = spec.data_warehouse_configuration;
  if (type !== undefined && config === undefined) {
    report(
      ['data_warehouse_configuration'],
      `data_warehouse_type ${type} needs data_warehouse_configuration.`,
    );
  }
  if (config === undefined) return;
  if (config.type !== type) {
    report(
      ['data_warehouse_type'],
      `data_warehouse_type must equal data_warehouse_configuration.type (${config.type}); set it to ${config.type}.`,
    );
  }
  if (config.type !== 'snowflake') return;
  config.snowflake_profiles.forEach((profile, i) => {
    const auth = profile.authentication_properties;
    const required =
      auth.type === 'default'
        ? (['username', 'password'] as const)
        : (['oauth_service', 'oauth_client_id', 'oauth_client_secret', 'refresh_token'] as const);
    for (const key of required) {
      if (auth[key] === undefined) {
        report(
          ['data_warehouse_configuration', 'snowflake_profiles', i, 'authentication_properties', key],
          `${key} is required for ${auth.type} authentication; add it.`,
        );
      }
    }
  });
}
