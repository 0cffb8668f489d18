// Looks natural keys up live, for settling ambiguous creates: lists the object's collection
// (narrowed by a name filter where the key is `name`) and returns the ids whose key matches.
import { ancestorAddresses, parseAddress } from '../core/address.js';
import { ancestorKinds, isKindName, KINDS } from '../kinds/index.js';
import { renderPath } from '../kinds/kind.js';
import type { ReadClient } from '../live/live-object.js';

export function readBackFor(client: ReadClient) {
  return async (address: string, ids: ReadonlyMap<string, string>): Promise<string[]> => {
    const { def, path, name } = collectionOf(address, ids);
    const filter = def.read.keyOf ? undefined : { name };
    const found: string[] = [];
    for await (const page of client.pages(path, { intent: `look up ${address}`, filter })) {
      for (const item of page) {
        const key = def.read.keyOf ? def.read.keyOf(item) : item.name;
        if (key === name) found.push(String(item.id));
      }
    }
    return found;
  };
}

/**
 * For a batched create: the ids live under each item's key (`batchKey`), one list per item, from
 * one read of the collection the items share.
 */
export function readBackBatchFor(client: ReadClient) {
  return async (
    items: readonly { address: string; body: Record<string, unknown> }[],
    ids: ReadonlyMap<string, string>,
  ): Promise<string[][]> => {
    const first = items[0];
    if (!first) return [];
    const { def, path } = collectionOf(first.address, ids);
    const key = def.batchKey;
    if (!key) throw new Error(`${first.address}: its kind has no batch key`);
    const wanted = new Map(items.map((item, i) => [key.item(item.body), i]));
    const found = items.map((): string[] => []);
    const intent = `look up the ${items.length} object(s) of a batch under ${path}`;
    for await (const page of client.pages(path, { intent })) {
      for (const live of page) {
        const at = wanted.get(key.live(live));
        if (at !== undefined) found[at]?.push(String(live.id));
      }
    }
    return found;
  };
}

function collectionOf(address: string, ids: ReadonlyMap<string, string>) {
  const { kind, ancestors, name } = parseAddress(address);
  if (!isKindName(kind)) throw new Error(`unknown kind in ${address}`);
  const def = KINDS[kind];
  const ancestorIds: Record<string, string | undefined> = {};
  const kinds = ancestorKinds(kind);
  ancestorAddresses(kinds, ancestors).forEach((a, i) => {
    ancestorIds[kinds[i] as string] = ids.get(a);
  });
  return { def, path: renderPath(def.read.list, ancestorIds), name };
}
