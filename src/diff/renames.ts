// Renames without delete + create (`metadata.renamed_from`, like terraform's `moved`). Reading
// applies the rules (live/rename-rules.ts); here they are made from the manifests, the renamed
// objects become updates that send the kind's rename call, both names live is an error, and a
// delete + create of look-alikes gets a hint. Pure.
import { type Address, makeAddress, parseAddress } from '../core/address.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { isKindName, KINDS, parentOf } from '../kinds/index.js';
import type { LiveState } from '../live/live-object.js';
import { RenameRules } from '../live/rename-rules.js';
import { type Manifest, oldNamesOf } from '../manifest/manifest.js';
import type { Change } from './change.js';
import { compareOptionsOf } from './compare-options.js';
import { compareSpecs } from './compare-specs.js';

export function renameRules(manifests: readonly Manifest[]): RenameRules {
  const rules = new RenameRules();
  for (const m of manifests)
    for (const old of oldNamesOf(m.metadata)) rules.add(m.kind, m.ancestors, old, m.name);
  return rules;
}

/** The renames a saved plan was made with: its stale check re-reads the objects under their old names. */
export function savedPlanRenames(
  changes: readonly { address: string; renamed_from?: string }[],
): RenameRules {
  const rules = new RenameRules();
  for (const c of changes) {
    if (c.renamed_from === undefined) continue;
    const { kind, ancestors, name } = parseAddress(c.address);
    if (isKindName(kind)) rules.add(kind, ancestors, parseAddress(c.renamed_from).name, name);
  }
  return rules;
}

/** A live object read under its new name is an update whose calls rename it (plan-calls.ts). */
export function markRenames(changes: readonly Change[], live: LiveState): void {
  for (const c of changes) {
    const from = live.objects.get(c.address)?.renamedFrom;
    if (from === undefined || c.action === 'create' || c.action === 'delete' || c.action === 'replace')
      continue;
    c.renamedFrom = makeAddress(c.kind, c.ancestors, from);
    const renamed = `renamed from ${c.renamedFrom}`;
    if (c.action === 'noop') {
      c.action = 'update';
      c.reason = renamed;
    } else c.reason = `${renamed}; ${c.reason}`;
  }
}

/** An old name still live next to the new one (or several old names live): which one is meant? */
export function renameConflicts(manifests: readonly Manifest[], live: LiveState): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const m of manifests) {
    const olds = oldNamesOf(m.metadata)
      .map((n) => makeAddress(m.kind, m.ancestors, n))
      .filter((a) => live.objects.has(a));
    if (olds.length === 0) continue;
    const newLive = live.objects.has(m.address);
    if (!newLive && olds.length === 1) continue;
    const both = newLive ? [...olds, m.address] : olds;
    out.push({
      severity: 'error',
      summary: `${m.address} is renamed from ${olds.join(' and ')}, but ${both.join(' and ')} all exist live`,
      detail:
        'A rename needs exactly one of the names live. Delete the object you do not want (or rename it by hand), or remove metadata.renamed_from if it names a different object.',
      address: m.address,
      source: m.source,
    });
  }
  return out;
}

export interface RenameHint {
  from: Address;
  to: Address;
}

/**
 * A delete of X and a create of Y of the same kind and parent with the same spec is most likely a
 * rename the manifests did not declare: each created object is paired with the first such delete.
 */
export function renameHints(changes: readonly Change[]): RenameHint[] {
  // Deletes by kind and parent, in plan order: each create looks only among its own siblings.
  const deletes = new Map<string, Change[]>();
  for (const d of changes) {
    if (d.action !== 'delete' || !KINDS[d.kind].rename) continue;
    const key = siblingsKey(d);
    const list = deletes.get(key);
    if (list) list.push(d);
    else deletes.set(key, [d]);
  }
  if (deletes.size === 0) return [];
  const hints: RenameHint[] = [];
  const used = new Set<Address>();
  for (const c of changes) {
    if (c.action !== 'create' || !c.after) continue;
    const twin = deletes
      .get(siblingsKey(c))
      ?.find(
        (d) => !used.has(d.address) && compareSpecs(c.after, d.before, compareOptionsOf(c.kind)).length === 0,
      );
    if (!twin) continue;
    used.add(twin.address);
    hints.push({ from: twin.address, to: c.address });
  }
  return hints;
}

/** Objects of one kind under one parent share this key. */
function siblingsKey(c: Change): string {
  return `${c.kind}\u0000${parentOf(c) ?? ''}`;
}
