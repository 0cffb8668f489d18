// Spec schema shared by ComputeTemplate (ephemeral) and InteractiveCluster (persistent): engine,
// runtime configuration (Databricks, EMR, Dataproc, Kubernetes fields) and connection overrides.
import { z } from 'zod';
import { withRules } from '../../core/field-policy.js';
import { advancedConfigurations } from '../shared/advanced-configurations.js';
import { secret, storedSecret } from '../shared/fields.js';

export type LaunchStrategy = 'ephemeral' | 'persistent';

const CLUSTER_ENGINES = [
  'databricks',
  'databricksInteractive',
  'emr',
  'dataproc',
  'dataprocInteractive',
  'kubernetesInteractive',
] as const;

const text = (description: string) => z.string().min(1).describe(description);
const count = (description: string) => z.number().int().min(0).describe(description);

const runtimeFields = {
  engine_type: z.enum(['spark']).optional().describe('Processing engine: spark.'),
  runtime_version: text('Runtime version, e.g. 14.3 (Databricks), 5.32.0 (EMR), 1.5 (Dataproc).').optional(),
  runtime_version_properties: z
    .object({
      label: text('Runtime label, e.g. 14.3 or 11.3_photon_enabled.').optional(),
      runtime_version: text('Full runtime version, e.g. 12.2.x-scala2.12.').optional(),
      ml_runtime_version: text('ML runtime version.').optional(),
      scala: text('Scala version, e.g. 2.12.').optional(),
      spark: text('Spark major version, e.g. 3.x.').optional(),
      spark_minor_version: text('Spark minor version, e.g. 3.3.x.').optional(),
      python: text('Python version, e.g. 3.9.').optional(),
      photon_enabled: z.boolean().optional().describe('Whether Photon is enabled.'),
      unity_enabled: z.boolean().optional().describe('Whether Unity Catalog is enabled.'),
    })
    .strict()
    .optional()
    .describe('Databricks runtime details.'),
  driver_node_type: text('Driver node type, e.g. Standard_D4as_v5, m4.large, n2-standard-4.').optional(),
  worker_node_type: text('Worker node type.').optional(),
  num_worker_nodes: count('Number of worker nodes.').optional(),
  max_allowed_workers: count('Upper bound on workers.').optional(),
  allow_zero_workers: z.boolean().optional().describe('Whether the cluster may run with no workers.'),
  enable_autoscale: z.boolean().optional().describe('Whether workers scale between autoscale bounds.'),
  autoscale: z
    .object({
      min_worker_nodes: count('Fewest workers.'),
      max_worker_nodes: count('Most workers.'),
    })
    .strict()
    .optional()
    .describe('Autoscale bounds (with enable_autoscale).'),
  ml_workflow_supported: z.boolean().optional().describe('Whether ML workflows may run on it.'),
  advanced_configurations: advancedConfigurations.optional(),
  metastore_version: text('Hive metastore version, e.g. 2.3.9.').optional(),
  data_security_mode: z
    .enum(['SINGLE_USER', 'USER_ISOLATION'])
    .optional()
    .describe('Unity Catalog access mode: SINGLE_USER or USER_ISOLATION.'),
  policy_id: text('Databricks cluster policy id.').optional(),
  enable_secondary_worker: z.boolean().optional().describe('Dataproc: use secondary workers.'),
  secondary_worker_config: z
    .object({
      secondary_worker_type: text('Secondary worker type.').optional(),
      min_secondary_worker_nodes: count('Fewest secondary workers.').optional(),
      max_secondary_worker_nodes: count('Most secondary workers.').optional(),
      secondary_node_type: text('Secondary node type.').optional(),
    })
    .strict()
    .optional()
    .describe('Dataproc secondary workers.'),
  staging_bucket_name: text('EMR: staging bucket.').optional(),
  cluster_subnet_id: text('EMR: subnet id.').optional(),
  cluster_vpc: text('EMR: VPC.').optional(),
  ssh_key: text('EMR: SSH key pair name.').optional(),
  enable_security_configuration: z.boolean().optional().describe('EMR: apply a security configuration.'),
  security_configuration: z
    .object({
      enable_kerberos: z.boolean().optional().describe('Whether Kerberos is enabled.'),
      security_configuration_name: text('EMR security configuration name.').optional(),
      kerberos: z
        .object({
          realm: text('Kerberos realm.').optional(),
          kdc_admin_password: storedSecret('KDC admin password.').optional(),
        })
        .strict()
        .optional()
        .describe('Kerberos settings.'),
    })
    .strict()
    .optional()
    .describe('EMR security configuration.'),
  use_custom_instance_role: z.boolean().optional().describe('EMR: use a custom instance role.'),
  instance_account: text('EMR: instance role account.').optional(),
  staging_bucket: text('Dataproc and Kubernetes: staging bucket.').optional(),
  temp_bucket: text('Dataproc: temporary bucket.').optional(),
  cluster_subnetwork: text('Dataproc: subnetwork.').optional(),
  cluster_type: text('Kubernetes: cluster type.').optional(),
};

const connectionConfiguration = z
  .object({
    region: text('Cloud region.').optional(),
    workspace_url: text('Databricks workspace URL.').optional(),
    token: secret('Databricks access token.').optional(),
    project_id: text('Dataproc: project id.').optional(),
  })
  .strict()
  .describe('Connection overrides for this compute (else the environment connection applies).');

/** The object schema of a compute spec (before cross-field rules), for ephemeral or persistent computes. */
export function computeObject(launch: LaunchStrategy) {
  const persistent = launch === 'persistent';
  const runtime = z
    .object({
      ...runtimeFields,
      ...(persistent
        ? { idle_termination_timeout: count('Minutes idle before the cluster stops.').optional() }
        : {}),
    })
    .strict()
    .describe('Cluster runtime: versions, node types, worker counts, engine-specific settings.');
  return z
    .object({
      compute_engine: withRules(
        z
          .enum(CLUSTER_ENGINES)
          .describe(
            persistent
              ? 'Engine, usually databricksInteractive, dataprocInteractive or kubernetesInteractive. Immutable.'
              : 'Engine, usually databricks, emr or dataproc. Immutable.',
          ),
        { immutable: true },
      ),
      description: withRules(z.string().optional().describe('Free text shown in the platform UI.'), {
        impact: 'metadata',
      }),
      is_default_cluster: z
        .boolean()
        .optional()
        .describe('Whether jobs of the environment use it by default.'),
      ...(persistent
        ? {
            interactive_job_submit_enabled: z
              .boolean()
              .optional()
              .describe('Whether interactive jobs may be submitted to the cluster.'),
          }
        : {}),
      compute_configuration: z
        .object({
          runtime_configuration: runtime,
          connection_configuration: connectionConfiguration.optional(),
        })
        .strict()
        .describe('Runtime and connection settings of the cluster.'),
    })
    .strict();
}

export type ComputeSpec = z.infer<ReturnType<typeof computeObject>>;

/** Cross-field rules; messages say how to fix the manifest. */
export function checkCompute(spec: ComputeSpec, ctx: z.core.$RefinementCtx<ComputeSpec>): void {
  const runtime = spec.compute_configuration.runtime_configuration;
  const at = (...path: string[]) => ['compute_configuration', 'runtime_configuration', ...path];
  if (runtime.enable_autoscale === true && runtime.autoscale === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: at('autoscale'),
      message: 'enable_autoscale needs autoscale bounds; add autoscale.',
    });
  }
  const bounds = runtime.autoscale;
  if (bounds && bounds.min_worker_nodes > bounds.max_worker_nodes) {
    ctx.addIssue({
      code: 'custom',
      path: at('autoscale', 'min_worker_nodes'),
      message: 'min_worker_nodes is above max_worker_nodes; swap or fix them.',
    });
  }
  const seen = new Set<string>();
  for (const config of runtime.advanced_configurations ?? []) {
    if (seen.has(config.key)) {
      ctx.addIssue({
        code: 'custom',
        path: at('advanced_configurations'),
        message: `advanced configuration ${config.key} appears twice; keep one.`,
      });
    }
    seen.add(config.key);
  }
}
