// What stops a plan in CI (plan and apply): an error-severity policy a planned change breaks, and
// with `--fail-on reload,history,delete` the planned changes with a listed impact that no
// acknowledgement covers (metadata.allow_impact, dpac.yaml allow_impact). Pure.
import { countOf, listSome } from '../../core/address-list.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import { IMPACTS, type Impact } from '../../core/field-policy.js';
import type { Plan, PlanChange } from '../plan.js';
import { byWorst, classifyChange, IMPACT_LABEL } from './classify.js';

/** The impacts `--fail-on` takes, parsed from `reload,history,delete`; an unknown name is an error. */
export function parseFailOn(text: string): { impacts: Impact[] } | { error: string } {
  const names = text
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const wrong = names.filter((n) => !(IMPACTS as readonly string[]).includes(n));
  if (names.length === 0 || wrong.length > 0) {
    return {
      error: `--fail-on takes a comma-separated list of ${IMPACTS.join(', ')}${wrong.length ? `; not ${wrong.join(', ')}` : ''}`,
    };
  }
  return { impacts: names as Impact[] };
}

/** Per impact `failOn` names (worst first): the changes having it unacknowledged. */
export function failingChanges(
  changes: readonly PlanChange[],
  failOn: readonly Impact[],
): { impact: Impact; changes: PlanChange[] }[] {
  const wanted = new Set(failOn);
  const byImpact = new Map<Impact, PlanChange[]>();
  for (const c of changes) {
    for (const impact of impactsOf(c)) {
      if (!wanted.has(impact) || c.acknowledged?.[impact] !== undefined) continue;
      const list = byImpact.get(impact);
      if (list) list.push(c);
      else byImpact.set(impact, [c]);
    }
  }
  return [...byImpact.entries()]
    .sort(([a], [b]) => byWorst(a, b))
    .map(([impact, failing]) => ({ impact, changes: failing }));
}

/** Every impact a change has: its own and its fields' (a plan saved before impacts is classified now). */
function impactsOf(change: PlanChange): Set<Impact> {
  if (change.impact) {
    return new Set([change.impact, ...change.fields.flatMap((f) => (f.impact ? [f.impact] : []))]);
  }
  const classified = classifyChange(change);
  return new Set([classified.impact, ...classified.fields]);
}

/**
 * Why a plan must not pass (plan exits 1 without saving, apply writes nothing): each
 * error-severity policy a planned change breaks, and with `failOn` each listed impact planned
 * changes have unacknowledged. Empty when it passes.
 */
export function planGates(
  plan: Pick<Plan, 'changes' | 'policy_results'>,
  options: { failOn?: readonly Impact[] } = {},
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const broken = new Map<string, { message: string; addresses: string[] }>();
  for (const r of plan.policy_results ?? []) {
    if (r.severity !== 'error') continue;
    const entry = broken.get(r.policy) ?? { message: r.message, addresses: [] };
    entry.addresses.push(r.address);
    broken.set(r.policy, entry);
  }
  for (const [policy, { message, addresses }] of broken) {
    out.push({
      severity: 'error',
      summary: `Policy ${policy} of dpac.yaml is broken by ${countOf(addresses)}: ${listSome(addresses, 5)}`,
      detail: `${message} (listed under "Policies broken").`,
    });
  }
  for (const { impact, changes } of options.failOn?.length
    ? failingChanges(plan.changes, options.failOn)
    : []) {
    const addresses = changes.map((c) => c.address);
    out.push({
      severity: 'error',
      summary: `--fail-on ${impact}: ${IMPACT_LABEL[impact]} (${countOf(addresses)}), unacknowledged: ${listSome(addresses, 5)}`,
      detail: `Once reviewed, acknowledge it in the manifest (metadata.allow_impact: {${impact}: "<who agreed, and why>"}) or, for many objects, in dpac.yaml (allow_impact: [{kind, name, impact, reason}]); docs/data-impact.md.`,
    });
  }
  return out;
}
