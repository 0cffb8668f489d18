// `metadata.renamed_from` as reading applies it: a live object listed under an old name whose new
// name is free in the same collection is read as if it had the new name, so its children, the
// references to it and the diff all see the name the manifests use; the plan then sends the
// rename call. Old names are names within the same parent (the parent's own rename moves it).
import { type Address, makeAddress } from '../core/address.js';
import type { KindName } from '../kinds/kind.js';

export class RenameRules {
  /** `Kind/parents.../old` → new name. */
  private readonly newNames = new Map<Address, string>();

  add(kind: KindName, ancestors: readonly string[], oldName: string, newName: string): void {
    this.newNames.set(makeAddress(kind, ancestors, oldName), newName);
  }

  get size(): number {
    return this.newNames.size;
  }

  /**
   * The name each listed item is read under (same order as `names`), with the old name when it was
   * renamed. An item is renamed only when its new name is not listed and no other listed item
   * claims the same new name: otherwise both stay as they are and the plan reports the conflict.
   */
  namesFor(
    kind: KindName,
    ancestors: readonly string[],
    names: readonly string[],
  ): { name: string; renamedFrom?: string }[] {
    const listed = new Set(names);
    const target = names.map((n) => this.newNames.get(makeAddress(kind, ancestors, n)));
    const claims = new Map<string, number>();
    for (const t of target) if (t !== undefined) claims.set(t, (claims.get(t) ?? 0) + 1);
    return names.map((name, i) => {
      const to = target[i];
      if (to === undefined || listed.has(to) || claims.get(to) !== 1) return { name };
      return { name: to, renamedFrom: name };
    });
  }
}
