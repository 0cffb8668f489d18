// Decides what to read: the kinds in play, and whose children. Nothing more is read.
import { withinAny } from '../changes/change-set.js';
import { type Address, ancestorAddresses, kindOfAddress, parseAddress } from '../core/address.js';
import { ancestorKinds, isKindName, KIND_NAMES, KINDS, type KindName } from '../kinds/index.js';
import { type ExternalDeclaration, externalMatcher } from '../manifest/external.js';
import { isGlob } from '../manifest/glob.js';
import { type Manifest, oldNamesOf } from '../manifest/manifest.js';

export interface ReadScope {
  /** Kinds whose objects are read (top-level lists; children under expanded parents). */
  kinds: Set<KindName>;
  /** Whether to read the children of this live parent (by address). */
  expand(parentAddress: Address, parentOwned: boolean): boolean;
  /** When set, only these addresses are read in detail (list items of others are dropped). */
  only?(address: Address): boolean;
  /**
   * The spec keys the manifests manage for an address: documents feeding none of them are not
   * read (see ReadSpec.documentKeys). Absent, or 'all': every document is read. Addresses with the
   * same keys get the same set.
   */
  managedKeys?(address: Address): ReadonlySet<string> | 'all';
  /**
   * A plan scoped to changes: the objects it covers. Another object of a kind that would cost more
   * than its list item (a detail or a document GET) is not read at all; cheaper kinds stay listed
   * (their names resolve ids, and the run's user is found among the users).
   */
  inScope?(address: Address): boolean;
  /**
   * A plan scoped to changes: the only names of a top-level kind of `inScope` it needs, when they
   * are few. Each is read with a name filter instead of the whole list (1,000 sources list 2 MB).
   */
  namesOf?(kind: KindName): readonly string[] | undefined;
}

/** More names than this, and the whole list costs fewer GETs than one filtered GET per name. */
const MAX_NAMED_READS = 20;

export interface ScopeOptions {
  manifests: readonly Manifest[];
  /** External declarations: an exact one's kind is read so the plan can check that it exists. */
  externals?: readonly ExternalDeclaration[];
  /** Kinds named by prune scopes in dpac.yaml: read so undeclared owned objects can be found. */
  pruneKinds?: readonly KindName[];
  /** Parents whose every child is read because a prune scope may cover them. */
  pruneParent?(address: string): boolean;
  /**
   * A plan scoped to the changes since a commit (`--changed-since`): the addresses whose manifests
   * are gone. Read are the parents of the manifests and of these, and these themselves (with what
   * lies below them, to delete it first); owned parents elsewhere are not read.
   */
  deleted?: readonly Address[];
}

/** Just some addresses (and their ancestors, to find them): stale-plan checks and verification. */
export function addressScope(addresses: readonly string[]): ReadScope {
  const wanted = new Set<string>();
  const kinds = new Set<KindName>();
  for (const address of addresses) {
    const { kind, ancestors } = parseAddress(address);
    if (!isKindName(kind)) continue;
    wanted.add(address);
    kinds.add(kind);
    const chain = ancestorKinds(kind);
    for (const k of chain) kinds.add(k);
    for (const a of ancestorAddresses(chain, ancestors)) wanted.add(a);
  }
  return { kinds, expand: (a) => wanted.has(a), only: (a) => wanted.has(a) };
}

/** Everything: export and full drift reports. */
export function everythingScope(): ReadScope {
  return { kinds: new Set(KIND_NAMES), expand: () => true };
}

/**
 * The names of each top-level kind a scoped plan covers (declared, deleted, external, and former
 * names of renamed ones); none when a pattern may cover more, or when they are many.
 */
function namedReads(
  declared: ReadonlySet<string>,
  options: ScopeOptions,
): (kind: KindName) => string[] | undefined {
  const names = new Map<string, Set<string>>();
  const add = (kind: string, name: string) => {
    const set = names.get(kind) ?? new Set<string>();
    set.add(name);
    names.set(kind, set);
  };
  for (const address of [
    ...declared,
    ...(options.externals ?? []).filter((e) => !e.pattern).map((e) => e.address),
  ]) {
    const { kind, ancestors, name } = parseAddress(address);
    if (ancestors.length === 0) add(kind, name);
  }
  for (const m of options.manifests)
    if (m.ancestors.length === 0) for (const old of oldNamesOf(m.metadata)) add(m.kind, old);
  const patterned = new Set((options.externals ?? []).filter((e) => e.pattern).map((e) => e.kind));
  return (kind) => {
    const set = names.get(kind) ?? new Set<string>();
    return patterned.has(kind) || set.size > MAX_NAMED_READS ? undefined : [...set].sort();
  };
}

/**
 * Every top-level kind and every kind directly below one (an undeclared user, domain or table group
 * is listed, never silently missing), kinds declared, referenced or declared external (and their ancestors, needed to find
 * them). Children are read under parents of declared objects (declared ones, and external ones
 * with managed children), under owned parents (deleting them must delete their children first),
 * and under parents a prune scope may cover: never under other parents (10k tables of sources
 * nobody here declares are not read).
 */
export function manifestScope(options: ScopeOptions): ReadScope {
  const kinds = new Set<KindName>(options.pruneKinds ?? []);
  // Parents and their direct children: one list each per expanded parent, so a removed table group
  // or user is still seen. Deeper kinds (a table's validation specs: one GET per table) only when in play.
  for (const k of KIND_NAMES) if (ancestorKinds(k).length <= 1) kinds.add(k);
  const declared = new Set<string>();
  const withAncestors = new Set<KindName>();
  const addKind = (kind: KindName) => {
    if (withAncestors.has(kind)) return;
    withAncestors.add(kind);
    kinds.add(kind);
    for (const k of ancestorKinds(kind)) kinds.add(k);
  };
  // An external object is found under its parents: an exact one is read (the plan checks that it
  // exists); a pattern's objects are read where its parent names are literal (`ComputeTemplate/prod/*`
  // reads prod's computes), since a manifest may need one only the live state names.
  for (const e of options.externals ?? []) {
    const { kind, ancestors } = parseAddress(e.address);
    if (!isKindName(kind) || ancestors.some(isGlob)) continue;
    addKind(kind);
    for (const a of ancestorAddresses(ancestorKinds(kind), ancestors)) declared.add(a);
  }
  for (const m of options.manifests) {
    declared.add(m.address);
    for (const a of ancestorAddresses(ancestorKinds(m.kind), m.ancestors)) declared.add(a);
    addKind(m.kind);
    // `metadata.prune: true` deletes undeclared children of every kind, declared anywhere or not.
    if (m.metadata.prune === true) for (const k of KIND_NAMES) if (KINDS[k].parent === m.kind) kinds.add(k);
  }
  for (const address of options.deleted ?? []) {
    const { kind, ancestors } = parseAddress(address);
    if (!isKindName(kind)) continue;
    addKind(kind);
    declared.add(address);
    for (const a of ancestorAddresses(ancestorKinds(kind), ancestors)) declared.add(a);
  }
  const deleted = options.deleted ? withinAny(options.deleted) : undefined;
  const external = externalMatcher(options.externals ?? []);
  const specs = new Map(options.manifests.map((m) => [m.address, m.spec]));
  for (const m of options.manifests) {
    const kind = KINDS[m.kind];
    const refs = kind.refs(m.spec as never, { ancestors: m.ancestors, declared: (a) => specs.get(a) });
    for (const ref of refs) {
      const target = kindOfAddress(ref.address);
      if (!isKindName(target)) continue;
      addKind(target);
      // A referenced child of an external parent (a compute of another team's environment) is
      // found under that parent.
      if (KINDS[target].parent)
        for (const a of ancestorAddresses(ancestorKinds(target), parseAddress(ref.address).ancestors))
          declared.add(a);
    }
  }
  // An undeclared object is only ever deleted or reported, which needs no sub-document.
  const none: ReadonlySet<string> = new Set();
  // One set per distinct key list: 10k tables share a handful, and reading keys its work by them.
  const keySets = new Map<string, ReadonlySet<string>>();
  return {
    kinds,
    ...(deleted
      ? {
          inScope: (a: Address) => declared.has(a) || deleted(a) || external(a) !== undefined,
          namesOf: namedReads(declared, options),
        }
      : {}),
    expand: (address, owned) =>
      declared.has(address) ||
      (owned && (deleted?.(address) ?? true)) ||
      (options.pruneParent?.(address) ?? false),
    managedKeys: (address) => {
      const spec = specs.get(address);
      if (!spec) return none;
      const keys = Object.keys(spec as object);
      const id = keys.join('\u0000');
      let set = keySets.get(id);
      if (!set) {
        set = new Set(keys);
        keySets.set(id, set);
      }
      return set;
    },
  };
}
