// Builds the two compute kinds (ephemeral ComputeTemplate, persistent InteractiveCluster): same
// record, different collection and launch_strategy. Written whole, since the document holds secrets.
import type { z } from 'zod';
import { defineKind, type KindName, pathIds, type ResourceKind, renderPath } from '../kind.js';
import { type AdvancedConfiguration, asRecord } from '../shared/fields.js';
import { omitPointers, projectToSchema } from '../shared/spec-projection.js';
import { COMPUTE_SENSITIVE, checkCompute, computeObject, type LaunchStrategy } from './schema.js';

export interface ComputeKindOptions {
  kind: Extract<KindName, 'ComputeTemplate' | 'InteractiveCluster'>;
  description: string;
  metadataKey: string;
  /** Collection under the environment, e.g. `environment-compute-template`. */
  collection: string;
  /** Implied by the kind; sent on every write, never part of the spec. */
  launchStrategy: LaunchStrategy;
}

export type ComputeSpec = z.infer<ReturnType<typeof computeObject>>;

export function defineComputeKind(options: ComputeKindOptions): ResourceKind<ComputeSpec> {
  const object = computeObject(options.launchStrategy);
  const spec = object.superRefine(checkCompute).describe(options.description);
  const list = `/admin/environment/{Environment}/${options.collection}`;
  const item = `${list}/{id}`;
  const body = (s: ComputeSpec, name: string) => ({ name, launch_strategy: options.launchStrategy, ...s });
  const normalize = (s: ComputeSpec): ComputeSpec => {
    const out = projectToSchema(s, object) as ComputeSpec;
    const runtime = out.compute_configuration?.runtime_configuration;
    if (runtime?.advanced_configurations) {
      runtime.advanced_configurations = [...runtime.advanced_configurations].sort((a, b) =>
        a.key < b.key ? -1 : a.key > b.key ? 1 : 0,
      );
    }
    return out;
  };
  return defineKind<ComputeSpec>({
    kind: options.kind,
    description: options.description,
    parent: 'Environment',
    metadataKey: options.metadataKey,
    spec,
    sensitive: COMPUTE_SENSITIVE,
    immutable: ['/compute_engine'],
    refs: () => [],
    read: { list },
    fromApi: ({ item: live }) =>
      normalize(omitPointers(withConfigArray(live), COMPUTE_SENSITIVE) as ComputeSpec),
    normalize,
    create: (s, ctx) => [
      { method: 'POST', path: renderPath(list, pathIds(ctx)), body: body(s, ctx.name), creates: true },
    ],
    update: (_before, after, _changed, ctx) => [
      { method: 'PATCH', path: renderPath(item, pathIds(ctx)), body: body(after, ctx.name) },
    ],
    remove: (_before, ctx) => [{ method: 'DELETE', path: renderPath(item, pathIds(ctx)) }],
  });
}

/** The contract returns one advanced configuration as an object, real servers an array: use the array. */
function withConfigArray(live: Record<string, unknown>): Record<string, unknown> {
  const runtime = asRecord(asRecord(live.compute_configuration)?.runtime_configuration);
  const configs = runtime?.advanced_configurations;
  const single = asRecord(configs);
  if (!runtime || !single) return live;
  const asArray: AdvancedConfiguration[] = single.key === undefined ? [] : [single as AdvancedConfiguration];
  const compute = asRecord(live.compute_configuration);
  return {
    ...live,
    compute_configuration: {
      ...compute,
      runtime_configuration: { ...runtime, advanced_configurations: asArray },
    },
  };
}
