// The registry of resource kinds. Exhaustive: a kind missing here is a compile error.
import { type Address, parentAddress } from '../core/address.js';
import { ComputeTemplate, InteractiveCluster } from './compute/compute-kinds.js';
import { DataConnection } from './data-connection/data-connection.js';
import { Domain } from './domain/domain.js';
import { Environment } from './environment/environment.js';
import { EnvironmentStorage } from './environment/storage.js';
import { GenericSourceType } from './generic-source-type/generic-source-type.js';
import { KIND_NAMES, type KindName, type ResourceKind } from './kind.js';
import { FileMapping, TopicMapping } from './mappings/mapping-kinds.js';
import { Source } from './source/source.js';
import { Table } from './table/table.js';
import { TableGroup } from './table-group/table-group.js';
import { User } from './user/user.js';
import { ValidationSpec } from './validation-spec/validation-spec.js';

// biome-ignore lint/suspicious/noExplicitAny: the registry holds kinds of every spec type.
type AnyKind = ResourceKind<any>;

export const KINDS: { readonly [K in KindName]: AnyKind } = {
  Environment,
  EnvironmentStorage,
  ComputeTemplate,
  InteractiveCluster,
  Domain,
  DataConnection,
  User,
  GenericSourceType,
  Source,
  Table,
  TableGroup,
  TopicMapping,
  FileMapping,
  ValidationSpec,
};

export function isKindName(name: string): name is KindName {
  return (KIND_NAMES as readonly string[]).includes(name);
}

/** Ancestor kinds, outermost first (ValidationSpec → [Source, Table]). */
export function ancestorKinds(name: KindName): KindName[] {
  const chain: KindName[] = [];
  for (let k = KINDS[name].parent; k; k = KINDS[k].parent) chain.unshift(k);
  return chain;
}

/** The address of an object's parent (a manifest, a live object, a change); none for a top-level kind. */
export function parentOf(obj: { kind: KindName; ancestors: readonly string[] }): Address | undefined {
  const parentKind = KINDS[obj.kind].parent;
  return parentKind && obj.ancestors.length > 0 ? parentAddress(parentKind, obj.ancestors) : undefined;
}

/**
 * What an object with the spec `after` needs to exist first: its parent and the objects the spec
 * refers to (`declared` gives the specs references resolve through).
 */
export function needsOf(
  obj: { kind: KindName; ancestors: readonly string[]; after?: unknown },
  declared: (address: Address) => unknown,
): Address[] {
  const parent = parentOf(obj);
  const refs = obj.after
    ? KINDS[obj.kind].refs(obj.after as never, { ancestors: obj.ancestors, declared }).map((r) => r.address)
    : [];
  return parent ? [parent, ...refs] : refs;
}

/** The parent markers (ResourceKind.parentMarker) of the kinds below `parent`, with their kinds. */
export function markersUnder(parent: KindName): readonly { kind: KindName; marker: string }[] {
  return MARKERS_UNDER.get(parent) ?? [];
}

const MARKERS_UNDER = new Map<KindName, { kind: KindName; marker: string }[]>();
for (const kind of KIND_NAMES) {
  const { parent, parentMarker: marker } = KINDS[kind];
  if (!parent || !marker) continue;
  MARKERS_UNDER.set(parent, [...(MARKERS_UNDER.get(parent) ?? []), { kind, marker }]);
}

/** Every parent marker: tags dpac keeps for itself, never a user's. */
export const PARENT_MARKERS: ReadonlySet<string> = new Set(
  KIND_NAMES.flatMap((k) => (KINDS[k].parentMarker ? [KINDS[k].parentMarker as string] : [])),
);

export { policyOf } from './kind.js';
export { type AnyKind, KIND_NAMES, type KindName };
