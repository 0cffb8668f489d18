// A plan is never computed from a failed read: a declared object (or the parent of one) whose live
// record could not be projected is refused, located at its manifest. Pure.
import { ancestorAddresses } from '../core/address.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { ancestorKinds } from '../kinds/index.js';
import type { LiveState } from '../live/live-object.js';
import type { Manifest } from '../manifest/manifest.js';

/**
 * A declared object (or a parent of one) whose live record could not be read into a spec: the plan
 * would take it for missing and create it again, so it is refused, located at the manifest.
 */
export function failedReads(manifests: readonly Manifest[], live: LiveState): Diagnostic[] {
  if (live.problems.length === 0) return [];
  const why = new Map(live.problems.map((p) => [p.address, p.why]));
  const out: Diagnostic[] = [];
  for (const m of manifests) {
    const at = [m.address, ...ancestorAddresses(ancestorKinds(m.kind), m.ancestors)].find((a) => why.has(a));
    if (at === undefined) continue;
    out.push({
      severity: 'error',
      address: m.address,
      source: m.source,
      summary: `${at === m.address ? m.address : `${m.address}'s parent ${at}`} could not be read: ${why.get(at)}.`,
      detail:
        'A plan from a failed read would take it for missing and create it again; fix what the platform answers, then plan again.',
    });
  }
  return out;
}
