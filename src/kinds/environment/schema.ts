// The Environment manifest spec: platform and compute engine, connection, metastore, data warehouse
// and Unity Catalog settings; the cross-field rules that tie them together are in schema-rules.ts.
import { z } from 'zod';
import { withRules } from '../../core/field-policy.js';
import { secret, storedSecret } from '../shared/fields.js';
import { checkEnvironment } from './schema-rules.js';

const PLATFORMS = ['azure', 'aws', 'gcp', 'spark'] as const;
const COMPUTE_ENGINES = ['databricks', 'emr', 'dataproc', 'kubernetes'] as const;
export type ComputeEngine = (typeof COMPUTE_ENGINES)[number];

const text = (description: string) => z.string().min(1).describe(description);
const uploadOption = z
  .enum(['fileUpload', 'serverLocation'])
  .describe('Where the file comes from: fileUpload or serverLocation.');

const connectionConfiguration = z
  .object({
    workspace_url: text('Databricks: workspace URL.').optional(),
    token: secret('Databricks: access token (a service authentication is allowed).').optional(),
    region: text('Cloud region (Databricks, EMR, Dataproc).').optional(),
    authentication_mechanism: z
      .enum(['access_key', 'system', 'oauth_token', 'client_key'])
      .optional()
      .describe('EMR and Dataproc: access_key or system; Kubernetes: oauth_token or client_key.'),
    access_key: storedSecret('EMR: access key id.').optional(),
    secret_key: storedSecret('EMR: secret access key.').optional(),
    cluster_type: z.enum(['external', 'internal']).optional().describe('Kubernetes: external or internal.'),
    service_account_name: text('Kubernetes: service account name.').optional(),
    api_url: text('Kubernetes: API server URL.').optional(),
    namespace: text('Kubernetes: namespace.').optional(),
    client_key: z
      .object({ upload_option: uploadOption, context: text('Kube config context.').optional() })
      .strict()
      .optional()
      .describe('Kubernetes client_key authentication: where the key file comes from.'),
    oauth_details: z
      .object({
        oauth_token: storedSecret('Kubernetes OAuth token.'),
        https_enabled: z.boolean().describe('Whether the API server is reached over HTTPS.'),
        upload_option: uploadOption.optional(),
      })
      .strict()
      .optional()
      .describe('Kubernetes oauth_token authentication.'),
  })
  .strict()
  .describe('How the platform reaches the compute engine; which fields apply depends on compute_engine.');

const metastore = z
  .object({
    type: z.enum(['hive', 'glue']).describe('Metastore type: hive or glue (EMR only).'),
    configuration: z
      .object({
        mode: z
          .enum(['internal', 'external', 'unity_catalog'])
          .describe('internal, external, or unity_catalog (Databricks only).'),
        connection_url: text('External metastore: JDBC URL.').optional(),
        driver_name: text('External metastore: JDBC driver class.').optional(),
        user_name: text('External metastore: user name.').optional(),
        password: storedSecret('External metastore: password.').optional(),
        metastore_db: text('Kubernetes external metastore: database kind, e.g. postgres.').optional(),
        warehouse_location: text('EMR: warehouse location.').optional(),
        use_custom_glue_catalog_account: z.boolean().optional().describe('EMR glue: use another account.'),
        glue_catalog_account_id: text('EMR glue: catalog account id.').optional(),
        admin_password_uri: text('Dataproc: admin password URI.').optional(),
        hive_password_uri: text('Dataproc: hive password URI.').optional(),
        kms_key_uri: text('Dataproc: KMS key URI.').optional(),
        warehouse_dir: text('Dataproc: warehouse directory.').optional(),
        use_private_ip: z.boolean().optional().describe('Dataproc: reach the metastore by private IP.'),
        machine_tag: text('Dataproc: machine tag.').optional(),
        runtime_version: z
          .enum(['1.5', '2.0'])
          .optional()
          .describe('Dataproc: metastore runtime, 1.5 or 2.0.'),
      })
      .strict()
      .describe('Metastore settings; external modes need connection details.'),
  })
  .strict()
  .describe('The metastore the environment uses.');

const keyValues = z
  .array(z.object({ key: text('Parameter name.'), value: z.string().describe('Parameter value.') }).strict())
  .describe('Key/value parameters.');

const snowflakeProfile = z
  .object({
    name: text('Profile name.'),
    is_default_profile: z.boolean().optional().describe('Whether jobs use this profile by default.'),
    warehouse: z
      .array(
        z
          .object({
            name: text('Warehouse name.'),
            description: z.string().optional().describe('Free text.'),
            is_default_warehouse: z.boolean().optional().describe('Whether this is the default warehouse.'),
          })
          .strict(),
      )
      .describe('Warehouses reachable with this profile.'),
    authentication_properties: z
      .object({
        type: z.enum(['default', 'oauth']).describe('default (user and password) or oauth.'),
        username: text('default: user name.').optional(),
        password: storedSecret('default: password.').optional(),
        oauth_service: z.enum(['snowflake']).optional().describe('oauth: the OAuth service (snowflake).'),
        oauth_client_id: text('oauth: client id.').optional(),
        oauth_client_secret: storedSecret('oauth: client secret.').optional(),
        refresh_token: storedSecret('oauth: refresh token.').optional(),
      })
      .strict()
      .describe('How the profile signs in.'),
    additional_params: keyValues.optional(),
    session_params: keyValues.optional(),
  })
  .strict();

const dataWarehouseConfiguration = z
  .discriminatedUnion('type', [
    z
      .object({
        type: z.literal('snowflake').describe('Snowflake warehouse.'),
        connection_url: text('Snowflake account URL.'),
        account_name: text('Snowflake account name.'),
        additional_params: keyValues.optional(),
        session_params: keyValues.optional(),
        snowflake_profiles: z.array(snowflakeProfile).min(1).describe('Sign-in profiles (at least one).'),
      })
      .strict(),
    z
      .object({
        type: z.literal('bigQuery').describe('BigQuery warehouse.'),
        authentication_mechanism: z
          .enum(['service_credential', 'system'])
          .describe('system, or service_credential (its file is uploaded outside dpac).'),
        additional_params: keyValues.optional(),
      })
      .strict(),
  ])
  .describe('Data warehouse settings; `type` must equal data_warehouse_type.');

const stagingArea = z
  .object({
    catalog_name: text('Unity Catalog catalog.'),
    schema_name: text('Unity Catalog schema.'),
    volume_name: text('Unity Catalog volume.'),
  })
  .strict()
  .describe('Databricks Unity Catalog staging area.');

const unityProfiles = z
  .array(
    z
      .object({
        type: z
          .enum(['azure_service_principal', 'databricks_service_principal', 'username'])
          .describe('How the profile authenticates.'),
        name: text('Profile name.'),
        username: text('username profiles: the user.').optional(),
        databricks_service_principal: text('Databricks service principal UUID.').optional(),
        azure_service_principal: z
          .object({
            password_type: z.literal('service_authentication').describe('Only service authentications.'),
            service_auth_id: text('Id of the service authentication.'),
          })
          .strict()
          .optional()
          .describe('Azure service principal, by service authentication.'),
        is_default: z.boolean().optional().describe('Whether this is the default profile.'),
      })
      .strict(),
  )
  .describe('Databricks Unity Catalog profiles.');

/** The Environment spec before its cross-field rules are attached. */
export const environmentObject = z
  .object({
    platform: withRules(
      z.enum(PLATFORMS).describe('Cloud platform: azure, aws, gcp, or spark (Kubernetes). Immutable.'),
      { immutable: true },
    ),
    compute_engine: withRules(
      z.enum(COMPUTE_ENGINES).describe('Compute engine: databricks, emr, dataproc or kubernetes. Immutable.'),
      { immutable: true },
    ),
    description: withRules(z.string().optional().describe('Free text shown in the platform UI.'), {
      impact: 'metadata',
    }),
    support_gov_cloud: z.boolean().optional().describe('Whether the environment runs in a government cloud.'),
    connection_configuration: connectionConfiguration,
    metastore: metastore.optional(),
    data_warehouse_type: z
      .enum(['snowflake', 'bigQuery'])
      .optional()
      .describe('Data warehouse attached to the environment: snowflake or bigQuery.'),
    data_warehouse_configuration: dataWarehouseConfiguration.optional(),
    staging_area: stagingArea.optional(),
    profiles: unityProfiles.optional(),
    clone_from: withRules(
      z
        .string()
        .min(1)
        .describe(
          'Name of a declared environment to clone when this one is created: its storages and computes are copied too. Used only on create; ignored (with a warning) once the environment exists.',
        ),
      { createOnly: true },
    ).optional(),
  })
  .strict();

export type EnvironmentObject = z.infer<typeof environmentObject>;

// Field policy (docs/data-impact.md): no source says what its settings do to ingested data.
export const environmentSpec = withRules(
  environmentObject
    .superRefine(checkEnvironment)
    .describe('An environment: where data is stored and processed (platform, compute engine, metastore).'),
  { impact: 'unknown', impactOnDelete: 'unknown' },
);

export type EnvironmentSpec = z.infer<typeof environmentSpec>;
