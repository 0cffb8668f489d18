// Puts the data impact on a plan's changes: each field's and each change's impact, the
// acknowledgements that cover them (metadata.allow_impact, dpac.yaml allow_impact), the totals and
// groups; warns about a manifest acknowledgement nothing planned needs (left in place, it would let
// a later, unreviewed change with that impact pass). Costs nothing when nothing changes.

import { parseAddress } from '../../core/address.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { Impact } from '../../core/field-policy.js';
import type { AllowImpact, ImpactAllowance } from '../../manifest/allow-impact.js';
import type { Manifest } from '../../manifest/manifest.js';
import { matchesPattern } from '../../manifest/name-pattern.js';
import type { PlanChange } from '../plan.js';
import type { PlanImpact } from '../plan-schema.js';
import { classifyChange } from './classify.js';
import { groupImpact } from './group-impact.js';

export interface ImpactInput {
  /** The manifests planned (their metadata.allow_impact). */
  manifests: readonly Manifest[];
  /** dpac.yaml `allow_impact:`. */
  allowances?: readonly ImpactAllowance[];
}

/** The changes, with impact and acknowledgements; the plan's impact summary; warnings. */
export function describeImpact(
  changes: readonly PlanChange[],
  input: ImpactInput,
): { changes: PlanChange[]; impact: PlanImpact; diagnostics: Diagnostic[] } {
  const acknowledging = input.manifests.filter((m) => m.metadata.allow_impact !== undefined);
  const byAddress = new Map<string, Manifest>(acknowledging.map((m) => [m.address, m]));
  const needed = new Map<string, Set<Impact>>();
  const described = changes.map((c) => {
    const classified = classifyChange(c);
    const fields = c.fields.map((f, i) => ({ ...f, impact: classified.fields[i] as Impact }));
    const present = new Set<Impact>([classified.impact, ...classified.fields]);
    needed.set(c.address, present);
    const acknowledged = acknowledgementsOf(c.address, present, byAddress.get(c.address), input.allowances);
    return { ...c, fields, impact: classified.impact, ...(acknowledged ? { acknowledged } : {}) };
  });
  const diagnostics: Diagnostic[] = [];
  for (const m of acknowledging) {
    const present = needed.get(m.address);
    const idle = Object.keys(m.metadata.allow_impact ?? {}).filter((i) => !present?.has(i as Impact));
    if (idle.length === 0) continue;
    diagnostics.push({
      severity: 'warning',
      summary: `${m.address}: metadata.allow_impact acknowledges ${idle.join(', ')}, which this plan does not make`,
      detail:
        'Remove it (once its change is applied): left in place it would let a later change with that impact pass --fail-on unreviewed.',
      address: m.address,
      source: m.source,
    });
  }
  return { changes: described, impact: groupImpact(described), diagnostics };
}

/** The reasons given for each present impact: the manifest's own first, else a matching dpac.yaml entry. */
function acknowledgementsOf(
  address: string,
  present: ReadonlySet<Impact>,
  manifest: Manifest | undefined,
  allowances: readonly ImpactAllowance[] = [],
): AllowImpact | undefined {
  const own: AllowImpact = manifest?.metadata.allow_impact ?? {};
  const named = allowances.length > 0 ? parseAddress(address) : undefined;
  const out: AllowImpact = {};
  for (const impact of present) {
    const reason =
      own[impact] ??
      (named
        ? allowances.find((a) => [a.impact].flat().includes(impact) && matchesPattern(a, named))?.reason
        : undefined);
    if (reason !== undefined) out[impact] = reason;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
