// Reads what an export needs: everything by default; with selectors, the selected objects' whole
// trees, plus every object of the other top-level kinds so references can still be named.
import { makeAddress, parseAddress, selectorParts } from '../core/address.js';
import { ancestorKinds, isKindName, type KindName } from '../kinds/index.js';
import type { LiveState, ReadClient } from '../live/live-object.js';
import { readLive } from '../live/read-live.js';
import { everythingScope, type ReadScope } from '../live/read-scope.js';

export interface ReadForExportOptions {
  client: ReadClient;
  ownershipTag: string;
  select?: readonly string[];
}

export function readForExport(options: ReadForExportOptions): Promise<LiveState> {
  return readLive({
    client: options.client,
    ownershipTag: options.ownershipTag,
    scope: exportScope(options.select),
  });
}

/**
 * Every object of some kinds (and of their ancestors), without sub-documents: the names a
 * did-you-mean for an unmatched selector is chosen from. Read only on that error path.
 */
export function readNames(options: { client: ReadClient; ownershipTag: string; kinds: readonly KindName[] }) {
  const kinds = new Set(options.kinds.flatMap((k) => [...ancestorKinds(k), k]));
  const none: ReadonlySet<string> = new Set();
  return readLive({
    client: options.client,
    ownershipTag: options.ownershipTag,
    scope: { kinds, expand: () => true, managedKeys: () => none },
  });
}

/**
 * A selector touches the tree of one root object (`Table/sales_db/orders` → Source sales_db) or,
 * naming only a kind, every tree of its root kind. Trees of those root kinds that no selector
 * touches are not read; trees of other root kinds are (they are what references point at).
 */
function exportScope(select: readonly string[] | undefined): ReadScope {
  if (!select?.length) return everythingScope();
  const everything = everythingScope();
  const allOf = new Set<KindName>();
  const roots = new Set<string>();
  const selectorRootKinds = new Set<KindName>();
  for (const selector of select) {
    const { kind, names } = selectorParts(selector);
    const rootName = names[0];
    if (!isKindName(kind)) continue;
    const rootKind = rootKindOf(kind);
    selectorRootKinds.add(rootKind);
    if (rootName === undefined) allOf.add(rootKind);
    else roots.add(makeAddress(rootKind, [], rootName));
  }
  return {
    ...everything,
    only: (address) => {
      const { kind, ancestors, name } = parseAddress(address);
      if (!isKindName(kind)) return false;
      const rootKind = rootKindOf(kind);
      if (!selectorRootKinds.has(rootKind) || allOf.has(rootKind)) return true;
      return roots.has(makeAddress(rootKind, [], ancestors[0] ?? name));
    },
  };
}

function rootKindOf(kind: KindName): KindName {
  return ancestorKinds(kind)[0] ?? kind;
}
