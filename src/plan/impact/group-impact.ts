// The plan's data impact at a glance: how many changes have each impact, and one entry per
// identical change on many objects (104 tables, the same fields changed, the same impact) listing
// the objects, worst impact first. Runs over the changes only: an empty plan groups nothing. Pure.
import { IMPACTS, type Impact } from '../../core/field-policy.js';
import { stableStringify } from '../fingerprint.js';
import type { PlanChange } from '../plan.js';
import type { ImpactGroup, PlanImpact } from '../plan-schema.js';
import { byWorst } from './classify.js';

export function groupImpact(changes: readonly PlanChange[]): PlanImpact {
  const totals = Object.fromEntries(IMPACTS.map((i) => [i, 0])) as Record<Impact, number>;
  /** Per group key: the group, and its members' values while they all agree (undefined once not). */
  const groups = new Map<string, { group: ImpactGroup; agreed: string | undefined }>();
  for (const c of changes) {
    if (!c.impact) continue;
    totals[c.impact]++;
    const paths = c.fields.map((f) => f.path);
    const key = stableStringify([c.impact, c.kind, c.action, paths, c.acknowledged ?? null]);
    const values = stableStringify(c.fields.map((f) => [f.before, f.after]));
    const found = groups.get(key);
    if (found) {
      found.group.addresses.push(c.address);
      if (found.agreed !== values) found.agreed = undefined;
      continue;
    }
    const group: ImpactGroup = {
      impact: c.impact,
      kind: c.kind,
      action: c.action,
      paths,
      ...(paths.length
        ? { values: c.fields.map((f) => ({ path: f.path, before: f.before, after: f.after })) }
        : {}),
      ...(c.acknowledged ? { acknowledged: c.acknowledged } : {}),
      addresses: [c.address],
    };
    groups.set(key, { group, agreed: values });
  }
  const out: ImpactGroup[] = [];
  for (const { group, agreed } of groups.values()) {
    if (agreed === undefined) delete group.values;
    out.push(group);
  }
  return { totals, groups: out.sort((a, b) => byWorst(a.impact, b.impact)) };
}
