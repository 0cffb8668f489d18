// The validated form of one manifest document: what the plan engine consumes.
import type { Address } from '../core/address.js';
import type { SourceLocation } from '../core/diagnostic.js';
import type { AnyKind, KindName } from '../kinds/index.js';
import type { AllowImpact } from './allow-impact.js';

export interface ManifestMetadata {
  name: string;
  protect?: boolean;
  ignore?: string[];
  prune?: boolean;
  external?: boolean;
  adopt?: 'force';
  /** Names it had before (one or a list): plan renames the live object instead of replacing it. */
  renamed_from?: string | string[];
  /** Acknowledged data impacts of its planned change, each with its reason (`--fail-on` lets them pass). */
  allow_impact?: AllowImpact;
  /** Parent keys (`source`, `table`, `environment`...) hold the ancestors' names. */
  [parentKey: string]: unknown;
}

export interface Manifest {
  kind: KindName;
  /** `metadata.name`: the natural key within the parent. */
  name: string;
  /** Parent names, outermost first (from `metadata[parentKind.metadataKey]` per ancestor kind). */
  ancestors: string[];
  /** `makeAddress(kind, ancestors, name)`. */
  address: Address;
  metadata: ManifestMetadata;
  /** Parsed by the kind's zod schema (defaults applied), then `kind.normalize?.(spec)`. */
  spec: unknown;
  /** The document's `kind:` line. */
  source: SourceLocation;
  /**
   * Location of a spec field by JSON pointer (`/connection/password`). A field the file does not
   * spell out (a default) resolves to its nearest written ancestor; undefined only without `spec:`.
   */
  locate(pointer: string): SourceLocation | undefined;
}

/** `metadata.renamed_from` as a list (a string is one old name). */
export function oldNamesOf(metadata: ManifestMetadata): string[] {
  const from = metadata.renamed_from;
  if (typeof from === 'string') return [from];
  return Array.isArray(from) ? from.filter((n): n is string => typeof n === 'string') : [];
}

/** The kinds a load runs against: the real registry by default, a few fakes in tests. */
export type KindRegistry = { readonly [K in KindName]?: AnyKind };

/** Ancestor kinds in `registry`, outermost first. A parent missing from the registry ends the chain. */
export function ancestorKindsIn(registry: KindRegistry, kind: KindName): readonly KindName[] {
  // Asked for every document: computed once per registry and kind.
  let byKind = chains.get(registry);
  if (!byKind) {
    byKind = new Map();
    chains.set(registry, byKind);
  }
  let chain = byKind.get(kind);
  if (!chain) {
    chain = [];
    const seen = new Set<KindName>([kind]);
    for (let k = registry[kind]?.parent; k && !seen.has(k); k = registry[k]?.parent) {
      chain.unshift(k);
      seen.add(k);
    }
    byKind.set(kind, chain);
  }
  return chain;
}

const chains = new WeakMap<KindRegistry, Map<KindName, KindName[]>>();

export function registeredKinds(registry: KindRegistry): KindName[] {
  return Object.keys(registry) as KindName[];
}
