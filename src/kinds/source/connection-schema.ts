// A source's connection document, one shape per source type; validated against the source's `type`
// so errors point at the exact field. Read back and written under the same names.
import { z } from 'zod';
import { withRules } from '../../core/field-policy.js';
import { secret } from '../shared/fields.js';
import { emptyIsAValue } from '../shared/spec-projection.js';
import { fileStorage } from './file-storage-schema.js';

export const SOURCE_TYPES = ['rdbms', 'file', 'streaming', 'crm', 'generic_jdbc'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

const common = {
  snowflake_profile: z.string().optional().describe('Snowflake profile, e.g. Default.'),
  warehouse: z.string().optional().describe('Snowflake warehouse, e.g. DEMO_WH.'),
};

const jdbcParameter = z
  .object({
    key: z.string().min(1).describe('Parameter name.'),
    value: emptyIsAValue(z.string().describe('Parameter value.')),
    is_active: z.boolean().optional().describe('Whether the parameter is used.'),
    is_encrypted: z.boolean().optional().describe('Whether the platform stores the value encrypted.'),
  })
  .strict();

const jdbc = z
  .object({
    connection_mode: z
      .enum(['jdbc', 'JDBC'])
      .optional()
      .describe('Connection mode; only jdbc (the platform echoes JDBC; both mean the same).'),
    connection_url: z
      .string()
      .min(1)
      .describe('JDBC URL, e.g. jdbc:sqlserver://host:1433;databaseName=sales.'),
    source_schema: z.string().optional().describe('Schema to browse at the source.'),
    username: z.string().min(1).describe('Database user.'),
    password: secret('Database password.'),
    database: z.string().min(1).describe('Database label, e.g. SQLSERVER, ORACLE, MYSQL, TERADATA, NETEZZA.'),
    driver_name: z
      .string()
      .optional()
      .describe('JDBC driver class, e.g. com.microsoft.sqlserver.jdbc.SQLServerDriver.'),
    driver_version: z.string().optional().describe('Driver version, e.g. v2.'),
    enable_log_based_cdc: z.boolean().optional().describe('Read changes from the database log (Oracle).'),
    parameters: z.array(jdbcParameter).optional().describe('Extra JDBC connection parameters, in order.'),
    staging_database: z.string().optional().describe('Oracle log-based CDC staging database.'),
    enable_dictionary_rebuild_for_each_job: z
      .boolean()
      .optional()
      .describe('Oracle: rebuild the log dictionary per job.'),
    dictionary_path: z.string().optional().describe('Oracle: path of an offline log dictionary.'),
    dictionary_type: z
      .enum(['online', 'offline', 'redo_log'])
      .optional()
      .describe('Oracle: log dictionary type.'),
    enable_teradata_wallet: z
      .boolean()
      .optional()
      .describe('Teradata: take the password from a Teradata wallet.'),
    // The platform may keep this like a password (the emulator seals it), so it is treated as one.
    teradata_wallet_key_used_for_password: secret('Teradata: wallet key holding the password.').optional(),
    is_td_wallet_enabled: z.boolean().optional().describe('Teradata: wallet enabled.'),
    enable_ingestion_via_tpt: z.boolean().optional().describe('Teradata: ingest through TPT.'),
    enable_tpt_for_source: z.boolean().optional().describe('Teradata: allow TPT for this source.'),
    storage: fileStorage.optional().describe('Teradata TPT: where exported files are staged.'),
    ...common,
  })
  .strict();

const file = z
  .object({
    source_base_path: z
      .string()
      .min(1)
      .describe('Base path of the files, e.g. /data/landing or abfss://fs@acct.dfs.core.windows.net/.'),
    source_base_path_relative: z.string().optional().describe('Path below the base path.'),
    storage: fileStorage,
    ...common,
  })
  .strict();

const crm = z
  .object({
    environment: z
      .string()
      .optional()
      .describe('CRM environment (e.g. production or sandbox); not a platform environment.'),
    connection_url: z.string().optional().describe('CRM login URL.'),
    username: z.string().min(1).describe('CRM user.'),
    password: secret('CRM password.'),
    application_secret_key: secret('CRM application secret key (security token).').optional(),
    fetch_mechanism: z.enum(['bulk', 'rest', 'both']).optional().describe('How records are fetched.'),
    api_version: z.string().optional().describe('CRM API version.'),
    ...common,
  })
  .strict();

const clusterAuthentication = z
  .object({
    security_protocol: z.enum(['sasl_ssl']).optional().describe('Security protocol.'),
    sasl_mechanism: z.enum(['plain']).optional().describe('SASL mechanism.'),
    username: z.string().min(1).describe('Cluster API key / user.'),
    password: secret('Cluster API secret / password.'),
  })
  .strict();

const schemaRegistryAuthentication = z
  .object({
    authentication_mechanism: z
      .enum(['http_basic', 'none'])
      .describe('How to authenticate to the schema registry.'),
    username: z.string().optional().describe('Schema registry API key / user.'),
    password: secret('Schema registry API secret / password.').optional(),
  })
  .strict();

const streaming = z
  .object({
    broker_id: z.string().min(1).describe('Kafka bootstrap broker(s), e.g. broker-1:9092.'),
    message_format: z.enum(['json', 'avro']).optional().describe('Format of the messages.'),
    enable_cluster_authentication: z.boolean().optional().describe('Confluent: authenticate to the cluster.'),
    cluster_authentication_details: clusterAuthentication
      .optional()
      .describe('Confluent: cluster credentials.'),
    enable_schema_registry: z.boolean().optional().describe('Confluent: use a schema registry.'),
    schema_registry_url: z.string().optional().describe('Confluent: schema registry URL.'),
    schema_registry_authentication_details: schemaRegistryAuthentication
      .optional()
      .describe('Confluent: schema registry credentials.'),
    ...common,
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.enable_cluster_authentication && !s.cluster_authentication_details) {
      ctx.addIssue({
        code: 'custom',
        path: ['cluster_authentication_details'],
        message:
          'enable_cluster_authentication is true: add cluster_authentication_details {username, password}',
      });
    }
    if (s.enable_schema_registry && !s.schema_registry_url) {
      ctx.addIssue({
        code: 'custom',
        path: ['schema_registry_url'],
        message: 'enable_schema_registry is true: add schema_registry_url',
      });
    }
  });

type JdbcConnection = z.infer<typeof jdbc>;
type FileConnection = z.infer<typeof file>;
type CrmConnection = z.infer<typeof crm>;
type StreamingConnection = z.infer<typeof streaming>;
export type SourceConnection = JdbcConnection | FileConnection | CrmConnection | StreamingConnection;

/** The connection shape a source of this type takes. */
export function connectionSchemaFor(type: SourceType) {
  switch (type) {
    case 'rdbms':
    case 'generic_jdbc':
      return jdbc;
    case 'file':
      return file;
    case 'crm':
      return crm;
    case 'streaming':
      return streaming;
    default: {
      const never: never = type;
      throw new Error(`unknown source type ${String(never)}`);
    }
  }
}

/** Keys of the connection shape for a type (for hints in error messages and for projection). */
export function connectionKeys(type: SourceType): string[] {
  return Object.keys(connectionSchemaFor(type).shape);
}

const VARIANTS = z.union([jdbc, file, crm, streaming]);

/**
 * The manifest field. It accepts any object at parse time so the Source's refinement can validate
 * it against the variant its `type` selects (a plain union would only say "Invalid input"); the
 * union is attached as JSON Schema so editors still check and describe every variant.
 */
export const connectionField = withRules(
  z.looseObject({}).meta({
    description:
      'Connection details; the shape follows `type`: rdbms/generic_jdbc → JDBC, file → base path + storage, ' +
      'crm → CRM login, streaming → Kafka/Confluent. Secrets are write-only.',
    anyOf: (z.toJSONSchema(VARIANTS, { io: 'input' }) as { anyOf: unknown[] }).anyOf,
  }),
  { rulesFrom: VARIANTS },
);
