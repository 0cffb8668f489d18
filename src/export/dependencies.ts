// What a selected export refers to outside the selection: with --with-dependencies those objects
// are exported whole; otherwise each is written as an external declaration (metadata.external: true,
// no spec), so the written set validates and plans without taking the referenced objects over.
import { type Address, makeAddress, parseAddress } from '../core/address.js';
import { KINDS, type KindName, parentOf } from '../kinds/index.js';
import type { LiveObject, LiveState } from '../live/live-object.js';
import { metadataOf } from './export-object.js';
import type { ExportDocument } from './render-documents.js';

/** The parent and the referenced objects of a live object. */
function dependenciesOf(obj: LiveObject, live: LiveState): Address[] {
  const parent = parentOf(obj);
  const refs = KINDS[obj.kind]
    .refs(obj.spec as never, { ancestors: obj.ancestors, declared: (a) => live.objects.get(a)?.spec })
    .map((r) => r.address);
  return parent ? [parent, ...refs] : refs;
}

/**
 * The selection and, transitively, every live object it depends on, except those `excluded`
 * (nor what only they lead to: an excluded object is written as an external declaration).
 */
export function withDependencies(
  selected: readonly LiveObject[],
  live: LiveState,
  excluded: (obj: LiveObject) => boolean = () => false,
): LiveObject[] {
  const chosen = new Map(selected.map((o) => [o.address, o]));
  const queue = [...selected];
  for (let obj = queue.shift(); obj; obj = queue.shift()) {
    for (const address of dependenciesOf(obj, live)) {
      const dependency = live.objects.get(address);
      if (!dependency || chosen.has(address) || excluded(dependency)) continue;
      chosen.set(address, dependency);
      queue.push(dependency);
    }
  }
  return [...chosen.values()];
}

/** The manifest declaring `address` external: kind and metadata only. */
export function externalDocument(address: string): {
  address: Address;
  document: ExportDocument;
  obj: Pick<LiveObject, 'kind' | 'name' | 'ancestors'>;
} {
  const { kind, ancestors, name } = parseAddress(address);
  const obj = { kind: kind as KindName, name, ancestors };
  return {
    address: makeAddress(kind, ancestors, name),
    document: { kind, metadata: { ...metadataOf(obj), external: true } },
    obj,
  };
}
