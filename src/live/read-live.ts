// Reads live state for a scope through list endpoints first, then per-item detail/document GETs
// only where a kind asks for them; projects every object into its spec shape.
import { type Address, makeAddress } from '../core/address.js';
import { ancestorKinds, KIND_NAMES, KINDS, type KindName } from '../kinds/index.js';
import { type LiveRecord, renderPath } from '../kinds/kind.js';
import { EagerProjections } from './eager-projections.js';
import type { LiveState, ReadClient } from './live-object.js';
import { projectObjects } from './project-objects.js';
import type { ReadScope } from './read-scope.js';
import type { RenameRules } from './rename-rules.js';

export interface ReadLiveOptions {
  client: ReadClient;
  scope: ReadScope;
  ownershipTag: string;
  /** `metadata.renamed_from` of the manifests (or of a saved plan's changes). */
  renames?: RenameRules;
}

/** A raw record with where it sits: kind, ancestor names and ids. */
export interface RawObject {
  kind: KindName;
  name: string;
  ancestors: string[];
  ancestorIds: Partial<Record<KindName, string>>;
  record: LiveRecord;
  /** The name it is listed under when it is read under a new one (see rename-rules.ts). */
  renamedFrom?: string;
}

export async function readLive(options: ReadLiveOptions): Promise<LiveState> {
  const { scope } = options;
  const read = new Set(KIND_NAMES.filter((k) => scope.kinds.has(k) || markerOf(scope, k) !== undefined));
  const eager = new EagerProjections(read, options.ownershipTag);
  const raws = await fetchRaw(options, eager);
  return projectObjects(raws, options.ownershipTag, eager.known);
}

/**
 * Parents before children, but without waiting for a whole level: a parent's children are asked
 * for as soon as that parent is read, so the client's reads stay in flight (a level barrier left
 * most of them idle at 20 ms latency). The result keeps the level order: kinds by depth, then by
 * KIND_NAMES, children grouped by parent in the parents' order, items in list order.
 */
async function fetchRaw(
  { client, scope, ownershipTag, renames }: ReadLiveOptions,
  eager: EagerProjections,
): Promise<RawObject[]> {
  const depth = (k: KindName) => ancestorKinds(k).length;
  const marker = (k: KindName) => markerOf(scope, k);
  const order = KIND_NAMES.filter((k) => scope.kinds.has(k) || marker(k) !== undefined).sort(
    (a, b) => depth(a) - depth(b),
  );
  const childKinds = new Map(
    order.map((k) => [k, order.filter((c) => KINDS[c].parent === k && marker(c) === undefined)]),
  );
  const markedKinds = new Map(
    order.map((k) => [k, order.filter((c) => KINDS[c].parent === k && marker(c) !== undefined)]),
  );
  const children = new Map<RawObject, Map<KindName, Promise<RawObject[]>>>();
  const read = (kind: KindName, where: Where): Promise<RawObject[]> => {
    eager.started(kind);
    const reading = readCollection(client, kind, where, scope, renames).then((raws) => {
      expand(raws);
      eager.finished(kind, raws);
      return raws;
    });
    // Awaited later, in order; meanwhile a failure must not count as unhandled.
    reading.catch(() => {});
    return reading;
  };
  const expand = (raws: RawObject[]): void => {
    for (const parent of raws) {
      let kinds = childKinds.get(parent.kind) ?? [];
      // Marked kinds only under an owned parent carrying their marker: one tag lookup, no list.
      const marked = markedKinds.get(parent.kind) ?? [];
      if (marked.some((k) => carriesTag(parent, marker(k) as string)) && carriesTag(parent, ownershipTag))
        kinds = [...kinds, ...marked.filter((k) => carriesTag(parent, marker(k) as string))];
      if (kinds.length === 0) continue;
      if (
        !scope.expand(
          makeAddress(parent.kind, parent.ancestors, parent.name),
          carriesTag(parent, ownershipTag),
        )
      )
        continue;
      const where = {
        ancestors: [...parent.ancestors, parent.name],
        ancestorIds: { ...parent.ancestorIds, [parent.kind]: parent.record.id },
        parentItem: parent.record.item,
      };
      const byKind = new Map<KindName, Promise<RawObject[]>>();
      for (const kind of kinds) byKind.set(kind, read(kind, where));
      children.set(parent, byKind);
    }
  };
  const roots = new Map<KindName, Promise<RawObject[]>>();
  for (const kind of order)
    if (!KINDS[kind].parent) roots.set(kind, read(kind, { ancestors: [], ancestorIds: {} }));

  const all: RawObject[] = [];
  const byKind = new Map<KindName, RawObject[]>();
  for (const kind of order) {
    const parentKind = KINDS[kind].parent;
    let raws: RawObject[];
    if (!parentKind) raws = (await roots.get(kind)) ?? [];
    else {
      raws = [];
      for (const parent of byKind.get(parentKind) ?? [])
        raws.push(...((await children.get(parent)?.get(kind)) ?? []));
    }
    byKind.set(kind, raws);
    all.push(...raws);
  }
  return all;
}

/**
 * The marker of a kind not in play whose parent kind is (ResourceKind.parentMarker): such a kind
 * is still read, under the parents that carry the marker.
 */
function markerOf(scope: ReadScope, kind: KindName): string | undefined {
  const { parent, parentMarker } = KINDS[kind];
  return !scope.kinds.has(kind) && parent && scope.kinds.has(parent) ? parentMarker : undefined;
}

/** A listed item, reduced to what the manifests need, under the name they use. */
interface Entry {
  item: Record<string, unknown>;
  name: string;
  managed: Managed;
  /** Item fields dropped (`read.itemKeys`): no manifest manages what they feed. */
  omitted: string[];
  renamedFrom?: string;
}

interface Where {
  ancestors: string[];
  ancestorIds: Partial<Record<KindName, string>>;
  /** The parent's live item (for `read.documentParents`). */
  parentItem?: Record<string, unknown>;
}

async function readCollection(
  client: ReadClient,
  kind: KindName,
  where: Where,
  scope: ReadScope,
  renames: RenameRules | undefined,
): Promise<RawObject[]> {
  const def = KINDS[kind];
  const listPath = renderPath(def.read.list, where.ancestorIds);
  const listedKey = (item: Record<string, unknown>) =>
    def.read.keyOf ? def.read.keyOf(item) : String(item.name ?? '');
  const intent = `read ${kind} list`;
  // A scoped plan asks for its few objects by name (when `name` is their key); the check drops
  // what a server ignoring the filter would add.
  const named =
    where.ancestors.length === 0 && !def.read.keyOf && (def.read.detail || def.read.documents)
      ? scope.namesOf?.(kind)
      : undefined;
  const listed = named
    ? (
        await Promise.all(
          named.map(async (name) =>
            (
              await client.listAll(listPath, { intent, filter: { name } })
            ).filter((i) => listedKey(i) === name),
          ),
        )
      ).flat()
    : await client.listAll(listPath, { intent });
  // Everything below sees the name the manifests use (the item itself keeps the live one).
  const listedNames = listed.map(listedKey);
  const renamed = renames?.size ? renames.namesFor(kind, where.ancestors, listedNames) : undefined;
  const itemKeys = Object.entries(def.read.itemKeys ?? {});
  // Worked out once per set of managed keys (objects with the same keys share one set).
  const documentsBySet = new Map<Managed, [string, string][]>();
  const omittedBySet = new Map<Managed, string[]>();
  const entries: Entry[] = [];
  // Asked only of kinds a further GET would read (a detail, a document): see ReadScope.inScope.
  const inScope = def.read.detail || def.read.documents ? scope.inScope : undefined;
  const kept =
    scope.only || inScope ? (a: Address) => (scope.only?.(a) ?? true) && (inScope?.(a) ?? true) : undefined;
  listed.forEach((item, i) => {
    const name = renamed?.[i]?.name ?? listedNames[i] ?? '';
    if (kept && !kept(makeAddress(kind, where.ancestors, name))) return;
    // Looked up only for kinds whose reading depends on it (one key lookup per object).
    const managed = itemKeys.length > 0 || def.read.documentKeys ? managedKeys(name) : 'all';
    // Fields no manifest needs are dropped now, before any await: the full items die young.
    const omitted = unmanagedItemKeys(managed).filter((key) => key in item);
    entries.push({
      item: omitted.length ? withoutKeys(item, omitted) : item,
      name,
      managed,
      omitted,
      renamedFrom: renamed?.[i]?.renamedFrom,
    });
  });
  listed.length = 0;
  // Every id is checked before any detail, document or write call can use one.
  const listedPath = listPath.split('?')[0] ?? listPath;
  const ids = entries.map((e) => client.listedId(e.item.id, { path: listedPath, item: e.name, intent }));
  const parentItem = where.parentItem;
  const documents = Object.entries(def.read.documents ?? {}).filter(([doc]) => {
    const underParent = def.read.documentParents?.[doc];
    return !underParent || !parentItem || underParent(parentItem);
  });
  // Most items need no further GET (a 10k-table plan reads one document per ten tables): those
  // are finished without a promise of their own.
  return Promise.all(
    entries.map((entry, i): RawObject | Promise<RawObject> => {
      const id = ids[i] ?? '';
      const finish = (item: Record<string, unknown>, docs: Record<string, unknown>): RawObject => ({
        kind,
        name: entry.name,
        ancestors: where.ancestors,
        ancestorIds: where.ancestorIds,
        record: {
          id,
          // A detail GET may bring dropped fields back.
          item: def.read.detail && entry.omitted.length ? withoutKeys(item, entry.omitted) : item,
          docs,
          ...(entry.omitted.length ? { omitted: entry.omitted } : {}),
        },
        ...(entry.renamedFrom === undefined ? {} : { renamedFrom: entry.renamedFrom }),
      });
      const wanted = def.read.detail ? undefined : wantedDocuments(entry.managed);
      if (wanted?.length === 0) return finish(entry.item, {});
      return (async () => {
        const ids = { ...where.ancestorIds, id };
        const address = makeAddress(kind, where.ancestors, entry.name);
        const item = def.read.detail
          ? {
              ...entry.item,
              ...asObject(await client.get(renderPath(def.read.detail, ids), undefined, `read ${address}`)),
            }
          : entry.item;
        const docs: Record<string, unknown> = {};
        await Promise.all(
          (wanted ?? wantedDocuments(entry.managed)).map(async ([doc, template]) => {
            docs[doc] = await readDocument(
              client,
              renderPath(template, ids),
              `read the ${doc} of ${address}`,
              def.read.documentLists?.includes(doc),
            );
          }),
        );
        return finish(item, docs);
      })();
    }),
  );

  /** The documents feeding a field the manifests manage (`managed`) for an object. */
  function wantedDocuments(managed: Managed): [string, string][] {
    return once(documentsBySet, managed, () =>
      documents.filter(([doc]) => {
        const keys = def.read.documentKeys?.[doc];
        return !keys || feedsAny(managed, keys);
      }),
    );
  }

  /** The item fields (`read.itemKeys`) feeding no field the manifests manage for an object. */
  function unmanagedItemKeys(managed: Managed): string[] {
    return once(omittedBySet, managed, () =>
      itemKeys.filter(([, keys]) => !feedsAny(managed, keys)).map(([field]) => field),
    );
  }

  function managedKeys(name: string): Managed {
    return scope.managedKeys?.(makeAddress(kind, where.ancestors, name)) ?? 'all';
  }
}

/** The spec keys the manifests manage for an object (`ReadScope.managedKeys`). */
type Managed = ReadonlySet<string> | 'all';

function once<T>(cache: Map<Managed, T>, managed: Managed, work: () => T): T {
  let value = cache.get(managed);
  if (value === undefined) {
    value = work();
    cache.set(managed, value);
  }
  return value;
}

function feedsAny(managed: Managed, keys: readonly string[]): boolean {
  return managed === 'all' || keys.some((k) => managed.has(k));
}

/**
 * `item` without `keys`: a shallow copy (`item` itself when there is no key). Never `delete` in
 * place: that turns a parsed item into a dictionary-mode object, about three times the size, kept
 * for the whole run (10k tables: ~25 MB).
 */
export function withoutKeys(item: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  let out = item;
  for (const key of keys) {
    const { [key]: _, ...rest } = out;
    out = rest;
  }
  return out;
}

/**
 * A sub-document: a list one page by page like any list, a single document by one plain GET (no
 * query: its references declare none) with `result` unwrapped when present.
 */
async function readDocument(
  client: ReadClient,
  path: string,
  intent: string,
  list = false,
): Promise<unknown> {
  if (list) return client.listAll(path, { intent });
  const body = await client.get<Record<string, unknown>>(path, undefined, intent);
  return body && typeof body === 'object' && 'result' in body ? body.result : body;
}

function asObject(body: unknown): Record<string, unknown> {
  const b = body as Record<string, unknown> | undefined;
  const inner = b && typeof b === 'object' && 'result' in b ? b.result : b;
  return inner && typeof inner === 'object' && !Array.isArray(inner)
    ? (inner as Record<string, unknown>)
    : {};
}

function carriesTag(raw: RawObject, tag: string): boolean {
  const tags = raw.record.item.tags;
  return Array.isArray(tags) && tags.includes(tag);
}
