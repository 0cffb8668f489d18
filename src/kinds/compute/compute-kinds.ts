// The two compute kinds of an environment, ephemeral ComputeTemplate and persistent
// InteractiveCluster: same record, different collection and launch_strategy. Written whole, since
// the document holds secrets.
import { withRules } from '../../core/field-policy.js';
import { defineKind, type KindName, type ResourceKind, type WriteContext } from '../kind.js';
import { sortAdvanced } from '../shared/advanced-configurations.js';
import { crudWrites } from '../shared/crud-writes.js';
import { platformName } from '../shared/fields.js';
import { auditMarker } from '../shared/ownership.js';
import { projectLive, projectToSchema } from '../shared/spec-projection.js';
import { type ComputeSpec, checkCompute, computeObject, type LaunchStrategy } from './schema.js';

export type { ComputeSpec } from './schema.js';

interface ComputeKindOptions {
  kind: Extract<KindName, 'ComputeTemplate' | 'InteractiveCluster'>;
  description: string;
  metadataKey: string;
  /** Collection under the environment, e.g. `environment-compute-template`. */
  collection: string;
  /** Implied by the kind; sent on every write, never part of the spec. */
  launchStrategy: LaunchStrategy;
}

export const ComputeTemplate = defineComputeKind({
  kind: 'ComputeTemplate',
  description: 'An ephemeral compute template of an environment: a cluster launched for each job.',
  metadataKey: 'compute_template',
  collection: 'environment-compute-template',
  launchStrategy: 'ephemeral',
});

export const InteractiveCluster = defineComputeKind({
  kind: 'InteractiveCluster',
  description: 'A persistent (interactive) cluster of an environment: kept running and shared by jobs.',
  metadataKey: 'interactive_cluster',
  collection: 'environment-interactive-clusters',
  launchStrategy: 'persistent',
});

function defineComputeKind(options: ComputeKindOptions): ResourceKind<ComputeSpec> {
  const object = computeObject(options.launchStrategy);
  // Field policy (docs/data-impact.md): jobs pick a compute's settings up when they next run.
  const spec = withRules(object.superRefine(checkCompute).describe(options.description), {
    impact: 'next-run',
    impactOnDelete: 'next-run',
  });
  const list = `/admin/environment/{Environment}/${options.collection}`;
  const body = (s: ComputeSpec, ctx: WriteContext) => ({
    name: ctx.name,
    launch_strategy: options.launchStrategy,
    ...s,
  });
  // Desired specs are folded the same way as live ones, so an empty string declared is one read.
  const normalize = (s: ComputeSpec): ComputeSpec => {
    const out = projectToSchema(s, object) as ComputeSpec;
    const runtime = out.compute_configuration?.runtime_configuration;
    if (runtime?.advanced_configurations) {
      runtime.advanced_configurations = sortAdvanced(runtime.advanced_configurations);
    }
    return out;
  };
  return defineKind<ComputeSpec>({
    kind: options.kind,
    description: options.description,
    parent: 'Environment',
    metadataKey: options.metadataKey,
    name: platformName,
    spec,
    ownership: auditMarker('no tags; its advanced configurations are handed to the cluster'),
    refs: () => [],
    read: { list },
    // The contract returns a single advanced configuration as an object; the projection reads it as a list.
    fromApi: ({ item: live }) => normalize(projectLive(live, object)),
    normalize,
    // No reference documents DELETE of a compute template or an interactive cluster.
    ...crudWrites<ComputeSpec>({ collection: list, body, undocumentedDelete: true }),
  });
}
