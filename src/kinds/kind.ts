// The contract every resource kind fills: manifest schema, how live state is read and projected
// into the spec shape, and which API calls write it. The generic machinery never branches on kind names.
import type { z } from 'zod';
import { type Address, IdRef } from '../core/address.js';
import type { CallDraft } from '../core/call.js';
import { type FieldPolicy, fieldPolicy } from '../core/field-policy.js';

export const KIND_NAMES = [
  'Environment',
  'EnvironmentStorage',
  'ComputeTemplate',
  'InteractiveCluster',
  'Domain',
  'DataConnection',
  'User',
  'GenericSourceType',
  'Source',
  'Table',
  'TableGroup',
  'TopicMapping',
  'FileMapping',
  'ValidationSpec',
] as const;

export type KindName = (typeof KIND_NAMES)[number];

/** A reference from one resource's spec to another resource, by address. */
export interface Ref {
  /** Full address of the target, e.g. `EnvironmentStorage/prod/lake`. */
  address: Address;
  /** JSON pointer into the referring spec, e.g. `/storage` (for error locations). */
  path: string;
}

/** A spec problem a kind finds: where (JSON pointer into the spec), what is wrong, how to fix it. */
export interface SpecProblem {
  path: string;
  message: string;
  fix: string;
}

export interface RefContext {
  /** Names of this resource's ancestors, outermost first (a Table: `[source]`). */
  ancestors: readonly string[];
  /** The declared spec at an address, when a manifest declares it. */
  declared(address: Address): unknown | undefined;
}

/** One live object as read from the API, before projection. */
export interface LiveRecord {
  id: string;
  /** The list item, merged with the detail GET when the kind reads one. */
  item: Record<string, unknown>;
  /** Sub-documents read by their own GETs, keyed like `read.documents`. `result` already unwrapped. */
  docs: Record<string, unknown>;
  /** Item fields left out because no manifest manages what they feed (`read.itemKeys`). */
  omitted?: string[];
}

export interface NameLookup {
  /** Name (natural key within its parent) of the live object of `kind` with this id. */
  nameOf(kind: KindName, id: string): string | undefined;
}

/**
 * An object's id as a call names it: the real id of an object that exists, or an IdRef to one
 * created earlier in the same apply (in a path it reads `${Kind/.../name.id}`; in a body, put it
 * as it is: the plan turns it into a fill).
 */
export type IdExpr = string | IdRef;

export interface WriteContext {
  /** The object's natural key (`metadata.name`). */
  name: string;
  /** Id of this object: its real id, or an IdRef before it exists. */
  self: IdExpr;
  /** Ids of the ancestors, by kind (a ValidationSpec: `{ Source, Table }`). */
  ancestors: Partial<Record<KindName, IdExpr>>;
  /** Id of any referenced address. */
  idOf(address: Address): IdExpr;
  /** Id of the reference this kind's `refs()` reported at a spec JSON pointer. */
  idAt(pointer: string): IdExpr;
}

interface ReadSpec {
  /** Collection path template; `{Source}`, `{Environment}`... are ancestor ids. */
  list: string;
  /** Per-item GET when list items lack fields the spec needs; `{id}` is the item id. */
  detail?: string;
  /** Extra per-item GETs for sub-documents (name → path template with `{id}`). Keep them few. */
  documents?: Record<string, string>;
  /**
   * The documents that are lists (advanced configurations): read page by page, as their reference
   * documents paging. Every other document is one plain GET with no query: no reference declares
   * a parameter on them.
   */
  documentLists?: readonly string[];
  /**
   * The top-level spec keys each document feeds. A document is then read only for objects whose
   * manifest manages one of those keys (export reads them all). Without an entry: always read.
   */
  documentKeys?: Readonly<Record<string, readonly string[]>>;
  /**
   * Documents only the children of some parents have (a table's streaming configuration: tables
   * of streaming sources): read only under a parent whose live item passes the test.
   */
  documentParents?: Readonly<Record<string, (parent: Record<string, unknown>) => boolean>>;
  /**
   * List-item fields that feed only these top-level spec keys (a table's crawled `columns` feed
   * only `schema`): left out of the record of an object whose manifest manages none of them, so a
   * plan neither keeps nor projects what it never compares. Export keeps everything.
   */
  itemKeys?: Readonly<Record<string, readonly string[]>>;

  /** The natural key of a live item. Default: `item.name`. */
  keyOf?(item: Record<string, unknown>): string;
}

/**
 * What proves that a live object is dpac's (this project's), so that an undeclared one may be
 * deleted:
 * - `tag`: the string array at `tags` carries the project's `managed-by:` tag (written by dpac);
 * - `parent`: owned exactly when its parent is (the API holds no marker of its own);
 * - `audit`: no tag, but the platform stamps who last changed it (`modified_by`, else
 *   `created_by`). That never deletes anything by itself (one user may run several projects, or
 *   click in the UI); a prune scope deletes one only when this run's user changed it last, and the
 *   plan warns before changing one someone else changed last. `why` says so.
 * - `none`: the API can hold no marker that changes nothing on the platform, nor says who changed
 *   it; only a prune scope naming the object exactly lets dpac delete one. `why` says so.
 * `members` (with `parent`): objects it lists that may belong to someone else (a table group's
 * tables). It is owned only if none of them belongs to another project, or, under a parent dpac
 * does not own, if every one of them is dpac's.
 */
export type Ownership =
  | { proof: 'tag'; tags: string }
  | { proof: 'parent'; members?(spec: Record<string, unknown>, ancestors: readonly string[]): Address[] }
  | { proof: 'audit'; why: string }
  | { proof: 'none'; why: string };

export interface ResourceKind<S = unknown> {
  kind: KindName;
  /** One line for humans and the JSON Schema. */
  description: string;
  /** Kind of the parent for child kinds; the address is `Kind/<parent...>/<name>`. */
  parent?: KindName;
  /** Metadata key by which children name an object of this kind as parent (`source`, `table`...). */
  metadataKey: string;
  /** The platform's rule for names of this kind, checked at validate (default: any non-blank name). */
  name?: z.ZodString;
  /**
   * Manifest `spec` schema: strict, API field names, ids replaced by names, described fields. Each
   * field's rules (secret, immutable, create-only, keyed list…) are declared on its own schema
   * with `withRules` and read through `policyOf(kind)`.
   */
  spec: z.ZodType<S>;
  /** The object a create copies, children included (an environment's `clone_from`). */
  cloneSource?(spec: S): Address | undefined;
  /** What proves that dpac owns a live object of this kind (see Ownership). */
  ownership: Ownership;
  /**
   * For a kind read one list per parent (a table's validation specs): the tag dpac keeps on each
   * owned parent it manages objects of this kind under, so a plan that no longer declares any
   * still finds them there, without a list per parent when the project declares none (kubectl's
   * applyset records the kinds it manages the same way). Never a user tag: projections drop it.
   */
  parentMarker?: string;
  /**
   * A document-level key of this kind's manifests (beside `spec`) whose mapping is merged under
   * the spec of each of its children of `kind` (a Source's `table_defaults`). Manifest-only: it is
   * never sent, diffed or read back.
   */
  childDefaults?: { key: string; kind: KindName };
  /** Problems of a spec given its declared parent's spec, reported as validate errors at `path`. */
  checkParent?(spec: S, parent: Record<string, unknown>): SpecProblem[];
  /** Problems of a declared spec against its live object, reported as plan errors at `path`. */
  checkLive?(desired: S, live: S): SpecProblem[];
  /** Every reference the spec makes (drives validation and the call DAG). */
  refs(spec: S, ctx: RefContext): Ref[];
  read: ReadSpec;
  /**
   * Every write route the kind's calls use, `METHOD /path` with `{}` for one segment (an id, a
   * key): a saved plan's calls must each match one (apply/saved-plan-integrity.ts). The coverage
   * test holds the list to the calls the kind really drafts.
   */
  writes: readonly string[];
  /** Live JSON → spec shape: ids → names, server fields dropped, echoes normalized. */
  fromApi(live: LiveRecord, names: NameLookup): S;
  /**
   * Canonical form applied to both desired (after parsing) and live (after fromApi) specs:
   * sort sets, fold casing. Keeps plans quiet without ignore lists. Optional.
   */
  normalize?(spec: S): S;
  /**
   * For kinds whose creating call is batched (`CallDraft.batch`): the natural key of a body item
   * and of a live list item, equal when that live object is what the item created. Settles a
   * batch whose answer does not name every item (read back by this key, never re-sent blindly).
   */
  batchKey?: {
    item(bodyItem: Record<string, unknown>): string;
    live(listItem: Record<string, unknown>): string;
  };
  /** Calls that create the object; the first `creates: true` call yields its id. */
  create(spec: S, ctx: WriteContext): CallDraft[];
  /** Calls that bring live (`before`) to `after`; `changed` = top-level spec keys that differ. */
  update(before: S, after: S, changed: ReadonlySet<string>, ctx: WriteContext): CallDraft[];
  /** Calls that delete the object. */
  remove(before: S, ctx: WriteContext): CallDraft[];
  /**
   * Calls that give the live object its new name (`ctx.name`) in place, keeping its id and its
   * children (`metadata.renamed_from`). Absent: the v3 API cannot change this kind's name.
   */
  rename?(before: S, after: S, ctx: WriteContext): CallDraft[];
}

/** The kind's field policy, compiled once from the rules its spec schema declares. */
export function policyOf(kind: ResourceKind<unknown>): FieldPolicy {
  return fieldPolicy(kind.spec);
}

/** The JSON pointer of the tag list that carries the ownership tag, for kinds proven by a tag. */
export function tagsPointer(kind: ResourceKind<unknown>): string | undefined {
  return kind.ownership.proof === 'tag' ? kind.ownership.tags : undefined;
}

/** Identity with inference: `export const Table = defineKind({...})`. */
export function defineKind<S>(kind: ResourceKind<S>): ResourceKind<S> {
  return kind;
}

/** Fills `{Kind}` and `{id}` slots of a path template. Unknown slots are a programming error. */
export function renderPath(template: string, ids: Record<string, IdExpr | undefined>): string {
  return template.replace(/\{([A-Za-z]+)\}/g, (_, slot: string) => {
    const value = ids[slot];
    if (value === undefined) throw new Error(`path ${template}: no id for {${slot}}`);
    // An id is one path segment, percent-encoded; a placeholder is filled (and encoded) at apply.
    return value instanceof IdRef ? String(value) : encodeURIComponent(value);
  });
}

/**
 * Whether a call's path fits a write route (`PATCH /sources/{}`): the same segments, `{}` taking
 * any one (an id, a `${Kind/name.id}` placeholder, a key); the query is not part of the route.
 */
export function fitsRoute(route: string, method: string, path: string): boolean {
  const space = route.indexOf(' ');
  if (route.slice(0, space) !== method) return false;
  const want = route.slice(space + 1).split('/');
  const got = (path.split('?')[0] ?? '').replace(/\$\{[^}]+\}/g, '{}').split('/');
  return want.length === got.length && want.every((w, i) => (w === '{}' ? got[i] !== '' : w === got[i]));
}

/** The ids a path template needs, from a write context. */
export function pathIds(ctx: WriteContext): Record<string, IdExpr | undefined> {
  return { ...ctx.ancestors, id: ctx.self };
}
