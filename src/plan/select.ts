// `--select KIND[/NAME...]`: narrows a plan to addresses and everything below them.
import { selectorParts } from '../core/address.js';
import { ancestorKinds, type KindName } from '../kinds/index.js';

/** Whether `selector` (`Source`, `Source/sales_db`, `Table/sales_db/orders`) covers an address. */
function selects(selector: string, kind: KindName, ancestors: readonly string[], name: string): boolean {
  const { kind: selKind, names: selNames } = selectorParts(selector);
  const chain = [...ancestorKinds(kind), kind];
  const names = [...ancestors, name];
  const at = chain.indexOf(selKind as KindName);
  if (at < 0) return false;
  if (selNames.length === 0) return true;
  // The selector names the object at `at` by its ancestors and name: `Table/src/orders` → names[0..1].
  return selNames.length === at + 1 && selNames.every((n, i) => names[i] === n);
}

export function selectedBy(selectors: readonly string[] | undefined) {
  return (kind: KindName, ancestors: readonly string[], name: string): boolean =>
    !selectors?.length || selectors.some((s) => selects(s, kind, ancestors, name));
}
