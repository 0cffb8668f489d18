// InteractiveCluster: a persistent cluster of an environment (kept running, shared by jobs).
import { defineComputeKind } from './compute-kinds.js';

export type { ComputeSpec as InteractiveClusterSpec } from './compute-kinds.js';

export const InteractiveCluster = defineComputeKind({
  kind: 'InteractiveCluster',
  description: 'A persistent (interactive) cluster of an environment: kept running and shared by jobs.',
  metadataKey: 'interactive_cluster',
  collection: 'environment-interactive-clusters',
  launchStrategy: 'persistent',
});
