// Looks a natural key up live, for settling ambiguous creates: lists the object's collection
// (narrowed by a name filter where the key is `name`) and returns the ids whose key matches.
import { ancestorAddresses, parseAddress } from '../core/address.js';
import { ancestorKinds, isKindName, KINDS } from '../kinds/index.js';
import { renderPath } from '../kinds/kind.js';
import type { ReadClient } from '../live/live-object.js';

export function readBackFor(client: ReadClient) {
  return async (address: string, ids: ReadonlyMap<string, string>): Promise<string[]> => {
    const { kind, ancestors, name } = parseAddress(address);
    if (!isKindName(kind)) throw new Error(`unknown kind in ${address}`);
    const def = KINDS[kind];
    const ancestorIds: Record<string, string | undefined> = {};
    const kinds = ancestorKinds(kind);
    ancestorAddresses(kinds, ancestors).forEach((address, i) => {
      ancestorIds[kinds[i] as string] = ids.get(address);
    });
    const path = renderPath(def.read.list, ancestorIds);
    const filter = def.read.keyOf ? undefined : { name };
    const found: string[] = [];
    for await (const item of client.list(path, { intent: `look up ${address}`, filter })) {
      const key = def.read.keyOf ? def.read.keyOf(item) : item.name;
      if (key === name) found.push(String(item.id));
    }
    return found;
  };
}
