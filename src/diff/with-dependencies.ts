// `--select` keeps the changes it names and what they cannot be applied without: the creates (or
// re-creates) of their parents, of what they refer to, and of what a clone copies.
import type { Address } from '../core/address.js';
import { needsOf, parentOf } from '../kinds/index.js';
import type { Change } from './change.js';
import { sortChanges } from './change-order.js';
import { cloneSourceOf } from './clones.js';

/** Adds to a selection the parents and referenced objects that must be created (or re-created) first. */
export function withDependencies(
  selected: Change[],
  byAddress: Map<string, Change>,
  declaredSpec: (address: Address) => unknown,
): Change[] {
  const chosen = new Set(selected.map((c) => c.address));
  const queue = [...selected];
  for (let c = queue.shift(); c; c = queue.shift()) {
    for (const address of [...needsOf(c, declaredSpec), ...cloneNeeds(c, byAddress)]) {
      const needed = byAddress.get(address);
      if (!needed || chosen.has(address) || (needed.action !== 'create' && needed.action !== 'replace'))
        continue;
      chosen.add(address);
      queue.push(needed);
    }
  }
  return sortChanges([...byAddress.values()].filter((c) => chosen.has(c.address)));
}

/** A clone copies what its source's children are once created: their creates come along. */
function cloneNeeds(change: Change, byAddress: ReadonlyMap<string, Change>): Address[] {
  const source = cloneSourceOf(change);
  if (!source) return [];
  return [...byAddress.values()].filter((c) => parentOf(c) === source).map((c) => c.address);
}
