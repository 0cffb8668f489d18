// Parent markers (ResourceKind.parentMarker): a declared parent carries the marker of a kind while
// the manifests declare children of that kind under it, so a plan finds them once no manifest
// declares any (a table's validation specs). Adding or removing one is an update of the parent;
// the plan writes it with the parent's tags, after the children's deletes. Pure.
import type { Address } from '../core/address.js';
import { KIND_NAMES, KINDS, parentOf } from '../kinds/index.js';
import type { Manifest } from '../manifest/manifest.js';
import type { Change } from './change.js';

/** The markers each declared parent should carry: those of the kinds declared under it. */
export function wantedMarkers(manifests: readonly Manifest[]): ReadonlyMap<Address, readonly string[]> {
  const wanted = new Map<Address, string[]>();
  for (const m of manifests) {
    const marker = KINDS[m.kind].parentMarker;
    const parent = marker && parentOf(m);
    if (!marker || !parent) continue;
    const list = wanted.get(parent);
    if (!list) wanted.set(parent, [marker]);
    else if (!list.includes(marker)) list.push(marker);
  }
  for (const list of wanted.values()) list.sort();
  return wanted;
}

/**
 * Records on a declared parent's change the markers it should carry and those live carries; when
 * they differ on an object that stays, the change writes them (an update, or part of one).
 */
export function markParent(
  change: Change,
  wanted: readonly string[] = [],
  live: readonly string[] = [],
): void {
  if (wanted.length) change.markers = [...wanted];
  if (live.length) change.liveMarkers = [...live];
  if (change.action === 'create' || change.action === 'replace') return;
  if (wanted.length === live.length && wanted.every((m) => live.includes(m))) return;
  const adds = wanted.filter((m) => !live.includes(m));
  const what = (list: readonly string[]) => list.map((m) => `${kindOfMarker(m)} (tag ${m})`).join(', ');
  const reason = adds.length
    ? `records that this project manages ${what(adds)} under it`
    : `no manifest declares ${what(live.filter((m) => !wanted.includes(m)))} under it any more: removes the record`;
  change.fields.push({ path: '/tags', before: [...live], after: [...wanted], why: reason });
  if (change.action === 'noop') {
    change.action = 'update';
    change.reason = reason;
  }
}

/** The kind a marker stands for, and the marker: `ValidationSpec objects (tag dpac:validation-specs)`. */
function kindOfMarker(marker: string): string {
  const kind = KIND_NAMES.find((k) => KINDS[k].parentMarker === marker);
  return `${kind ?? 'child'} objects`;
}
