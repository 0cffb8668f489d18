// ComputeTemplate: an ephemeral cluster template of an environment (launched per job).
import { defineComputeKind } from './compute-kinds.js';

export type { ComputeSpec as ComputeTemplateSpec } from './compute-kinds.js';

export const ComputeTemplate = defineComputeKind({
  kind: 'ComputeTemplate',
  description: 'An ephemeral compute template of an environment: a cluster launched for each job.',
  metadataKey: 'compute_template',
  collection: 'environment-compute-template',
  launchStrategy: 'ephemeral',
});
