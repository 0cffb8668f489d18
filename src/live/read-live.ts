// Reads live state for a scope through list endpoints first, then per-item detail/document GETs
// only where a kind asks for them; projects every object into its spec shape.
import { checkListedId } from '../api/platform-id.js';
import { makeAddress } from '../core/address.js';
import { ancestorKinds, KIND_NAMES, KINDS, type KindName } from '../kinds/index.js';
import { type LiveRecord, renderPath } from '../kinds/kind.js';
import type { LiveState, ReadClient } from './live-object.js';
import { projectLive } from './project-live.js';
import type { ReadScope } from './read-scope.js';

export interface ReadLiveOptions {
  client: ReadClient;
  scope: ReadScope;
  ownershipTag: string;
}

/** A raw record with where it sits: kind, ancestor names and ids. */
export interface RawObject {
  kind: KindName;
  name: string;
  ancestors: string[];
  ancestorIds: Partial<Record<KindName, string>>;
  record: LiveRecord;
}

export async function readLive(options: ReadLiveOptions): Promise<LiveState> {
  const raws = await fetchRaw(options);
  return projectLive(raws, options.ownershipTag);
}

/** Parents before children: each kind is read once all its ancestors are. */
async function fetchRaw({ client, scope, ownershipTag }: ReadLiveOptions): Promise<RawObject[]> {
  const all: RawObject[] = [];
  const byKind = new Map<KindName, RawObject[]>();
  const depth = (k: KindName) => ancestorKinds(k).length;
  const order = KIND_NAMES.filter((k) => scope.kinds.has(k)).sort((a, b) => depth(a) - depth(b));
  for (const level of [...new Set(order.map(depth))]) {
    const kindsAtLevel = order.filter((k) => depth(k) === level);
    const batches = await Promise.all(
      kindsAtLevel.map(async (kind) => {
        const parentKind = KINDS[kind].parent;
        if (!parentKind) return readCollection(client, kind, { ancestors: [], ancestorIds: {} }, scope);
        const parents = (byKind.get(parentKind) ?? []).filter((p) =>
          scope.expand(makeAddress(p.kind, p.ancestors, p.name), carriesTag(p, ownershipTag)),
        );
        const lists = await Promise.all(
          parents.map((p) =>
            readCollection(
              client,
              kind,
              {
                ancestors: [...p.ancestors, p.name],
                ancestorIds: { ...p.ancestorIds, [p.kind]: p.record.id },
              },
              scope,
            ),
          ),
        );
        return lists.flat();
      }),
    );
    kindsAtLevel.forEach((kind, i) => {
      const batch = batches[i] ?? [];
      byKind.set(kind, batch);
      all.push(...batch);
    });
  }
  return all;
}

async function readCollection(
  client: ReadClient,
  kind: KindName,
  where: { ancestors: string[]; ancestorIds: Partial<Record<KindName, string>> },
  scope: ReadScope,
): Promise<RawObject[]> {
  const def = KINDS[kind];
  const listPath = renderPath(def.read.list, where.ancestorIds);
  const keyOf = (item: Record<string, unknown>) =>
    def.read.keyOf ? def.read.keyOf(item) : String(item.name ?? '');
  const items: Record<string, unknown>[] = [];
  for await (const item of client.list(listPath, { intent: `read ${kind} list` })) {
    if (!scope.only || scope.only(makeAddress(kind, where.ancestors, keyOf(item)))) items.push(item);
  }
  // Every id is checked before any detail, document or write call can use one.
  const checked = items.map((listItem) => ({
    listItem,
    id: checkListedId(listItem.id, {
      path: listPath.split('?')[0] ?? listPath,
      item: keyOf(listItem),
      intent: `read ${kind} list`,
    }),
  }));
  return Promise.all(
    checked.map(async ({ listItem, id }) => {
      const ids = { ...where.ancestorIds, id };
      const item = def.read.detail
        ? { ...listItem, ...asObject(await client.get(renderPath(def.read.detail, ids))) }
        : listItem;
      const name = keyOf(item);
      const wanted = scope.managedKeys?.(makeAddress(kind, where.ancestors, name)) ?? 'all';
      const needed = ([doc]: [string, string]) =>
        wanted === 'all' ||
        !def.read.documentKeys?.[doc] ||
        def.read.documentKeys[doc].some((k) => wanted.has(k));
      const docs: Record<string, unknown> = {};
      await Promise.all(
        Object.entries(def.read.documents ?? {})
          .filter(needed)
          .map(async ([doc, template]) => {
            docs[doc] = await readDocument(client, renderPath(template, ids));
          }),
      );
      return { kind, name, ...where, record: { id, item, docs } };
    }),
  );
}

const DOCUMENT_PAGE = 500;

/**
 * GET a sub-document; `result` is unwrapped when present. A list document is asked for with a
 * large page so one GET usually suffices; a full page is followed to the end.
 */
async function readDocument(client: ReadClient, path: string): Promise<unknown> {
  const body = await client.get<Record<string, unknown>>(path, { limit: String(DOCUMENT_PAGE) });
  if (body && typeof body === 'object' && Array.isArray(body.result) && body.result.length >= DOCUMENT_PAGE) {
    const items: unknown[] = [];
    for await (const item of client.list(path)) items.push(item);
    return items;
  }
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
