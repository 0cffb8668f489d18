// Human view of a plan: terraform-like blocks (+ ~ -/+ - &) with field diffs and each change's data
// impact, big groups of created, updated or adopted children summarised (never a delete or a
// replace; `--full` shows everything), the policies broken, the impact grouped by change, and the
// closing `Plan: ...` and `Data impact: ...` lines. Pure.
import { parseAddress } from '../core/address.js';
import { ACTION_SYMBOL, type Action } from '../diff/change.js';
import { IMPACT_LABEL } from '../plan/impact/classify.js';
import type { Plan, PlanChange } from '../plan/plan.js';
import { fieldDiffLines } from './field-diff.js';
import { formatValue, leaves } from './format-value.js';
import { planTarget } from './plan-target.js';
import { printable } from './printable.js';
import { undocumentedWarnings } from './render-calls.js';
import { IMPACT_TONE, impactTotalsLine, renderImpactText } from './render-impact.js';
import { renderPolicyText } from './render-policy-results.js';
import { renderUnmanaged } from './render-unmanaged.js';
import { ACTION_TONE, ACTION_VERB, paint, type Style } from './style.js';

const GROUP_LIMIT = 10;
const GROUP_SHOWN = 3;

/** Only these may be summarised: a delete or replace is always listed, whatever the count. */
const COLLAPSIBLE: ReadonlySet<Action> = new Set(['create', 'update', 'adopt']);

export interface PlanTextOptions {
  /** `--full`: list every change, no group summarised. */
  full?: boolean;
}

export function renderPlanText(plan: Plan, style: Style, options: PlanTextOptions = {}): string {
  const lines: string[] = [`Target: ${printable(planTarget(plan))}`, ''];
  const secrets = secretSources(plan);
  if (plan.changes.length === 0) {
    lines.push('No changes. Live state matches the manifests.');
  } else {
    lines.push('dpac will perform the following actions:', '');
    const uploads = uploadsByAddress(plan);
    for (const group of groupChanges(plan.changes)) {
      const collapse =
        !options.full && group.length > GROUP_LIMIT && COLLAPSIBLE.has((group[0] as PlanChange).action);
      const shown = collapse ? group.slice(0, GROUP_SHOWN) : group;
      for (const change of shown) {
        const files = (uploads.get(change.address) ?? []).map((f) =>
          paint(style, 'green', `      + file ${f}`),
        );
        lines.push(...renderChange(change, style, secrets), ...files, '');
      }
      if (shown.length < group.length) {
        const first = group[0] as PlanChange;
        const rest = group.length - shown.length;
        lines.push(
          paint(
            style,
            ACTION_TONE[first.action],
            `  ${ACTION_SYMBOL[first.action]} ... and ${rest} more ${first.kind} objects ${ACTION_VERB[first.action]} (--full lists them)`,
          ),
          '',
        );
      }
    }
  }
  lines.push(...renderPolicyText(plan, style), ...renderImpactText(plan.impact, style, options.full));
  lines.push(summaryLine(plan));
  const totals = impactTotalsLine(plan.impact);
  if (totals) lines.push(totals);
  const scope = scopeLine(plan);
  if (scope) lines.push(scope);
  if (plan.unmanaged_objects) lines.push(...renderUnmanaged(plan.unmanaged_objects, style));
  else if (plan.summary.unmanaged > 0) {
    lines.push(
      `${plan.summary.unmanaged} live object${plan.summary.unmanaged === 1 ? ' is' : 's are'} unmanaged (not declared, not owned by dpac): left untouched.`,
    );
  }
  for (const p of plan.problems)
    lines.push(paint(style, 'yellow', `Warning: ${printable(p.address)} ${printable(p.why)}.`));
  for (const w of undocumentedWarnings(plan.calls))
    lines.push(paint(style, 'yellow', `Warning: ${printable(w)}`));
  for (const h of plan.rename_hints ?? []) {
    const [from, to, name] = [h.from, h.to, parseAddress(h.from).name].map(printable);
    lines.push(
      paint(
        style,
        'yellow',
        `Hint: did you rename ${from} to ${to}? Add metadata.renamed_from: ${name} to the manifest of ${to} to rename it in place instead of deleting and creating it.`,
      ),
    );
  }
  const unset = unsetVariablesLine(plan);
  if (unset) lines.push(unset);
  return lines.join('\n');
}

/** `Apply will need these secret variables set: A, B.`, or undefined when every one is set. */
export function unsetVariablesLine(plan: Pick<Plan, 'required_variables'>): string | undefined {
  const unset = (plan.required_variables ?? []).filter((v) => !v.set).map((v) => v.name);
  if (unset.length === 0) return undefined;
  return `Apply will need ${unset.length === 1 ? 'this secret variable' : 'these secret variables'} set: ${unset.join(', ')}.`;
}

/** The local files each object's calls upload, by file name. */
function uploadsByAddress(plan: Plan): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const call of plan.calls) {
    for (const file of [...(call.upload ? [call.upload] : []), ...(call.form_files ?? [])]) {
      const name = file.path.split('/').pop() ?? file.path;
      out.set(call.address, [...(out.get(call.address) ?? []), name]);
    }
  }
  return out;
}

export function summaryLine(plan: Pick<Plan, 'summary'>): string {
  const s = plan.summary;
  const adopt = s.adopt ? `, ${s.adopt} to adopt` : '';
  return `Plan: ${s.add} to add, ${s.change} to change, ${s.replace} to replace, ${s.destroy} to destroy${adopt}.`;
}

/**
 * What a plan scoped by `--changed-since` covered, in one line; nothing for a whole plan. The ref
 * and commit are outside text (a saved plan is a file): `show` makes them safe for the output.
 */
export function scopeLine(
  plan: Pick<Plan, 'changed_since'>,
  show: (text: string) => string = printable,
): string | undefined {
  const c = plan.changed_since;
  if (!c) return undefined;
  const n = (count: number, what: string) => `${count} ${what}${count === 1 ? '' : 's'}`;
  const deleted = c.deleted.length ? `, ${n(c.deleted.length, 'object')} whose manifest is gone` : '';
  return `Only what changed since ${show(c.ref)} (${show(c.commit.slice(0, 12))}): ${n(c.changed.length, 'changed manifest file')}${deleted}, ${n(c.files.length, 'manifest file')} read. Objects outside them were not read, and none of them is changed or deleted.`;
}

function renderChange(change: PlanChange, style: Style, secrets: SecretSources): string[] {
  const tone = ACTION_TONE[change.action];
  const impact = change.impact ? ` — ${IMPACT_LABEL[change.impact]}` : '';
  const address = printable(change.address);
  const head = `  # ${address} ${ACTION_VERB[change.action]}: ${printable(change.reason)}${impact}`;
  const renamed = change.renamed_from ? ` (renamed from ${printable(change.renamed_from)})` : '';
  const out = [
    paint(style, 'bold', head),
    paint(style, tone, `  ${ACTION_SYMBOL[change.action]} ${address}${renamed}`),
  ];
  if (change.action === 'create') {
    for (const [path, value] of leaves(change.after ?? {})) {
      const shown = secrets.get(`${change.address}#${path}`) ?? formatValue(value);
      out.push(paint(style, 'green', `      + ${printable(path)} = ${shown}`));
    }
  } else if (change.action === 'update' || change.action === 'replace' || change.action === 'adopt') {
    // A field's impact is shown when the change's fields differ in impact (the head says the worst).
    const mixed = new Set(change.fields.map((f) => f.impact)).size > 1;
    for (const f of change.fields) {
      const [first = '', ...rest] = fieldDiffLines(f, style);
      const impact =
        mixed && f.impact ? paint(style, IMPACT_TONE[f.impact], `  (${IMPACT_LABEL[f.impact]})`) : '';
      out.push(
        `      ${paint(style, 'yellow', '~')} ${first}${impact}`,
        ...rest.map((line) => `          ${line}`),
      );
    }
  }
  return out;
}

/** `address#pointer` → how a secret value shows: where it comes from, and whether it is set. */
type SecretSources = ReadonlyMap<string, string>;

/** How each secret of the plan shows (text and markdown alike): the variable apply reads it from. */
export function secretSources(plan: Pick<Plan, 'required_variables'>): SecretSources {
  const out = new Map<string, string>();
  for (const v of plan.required_variables ?? []) {
    const shown = v.set
      ? `(sensitive, from $${v.name})`
      : `(sensitive, from $${v.name}: not set — apply will need it)`;
    for (const use of v.uses) out.set(`${use.address}#${use.path}`, shown);
  }
  return out;
}

/** Consecutive changes of one kind, action and parent form a group (e.g. 100 tables of a source). */
function groupChanges(changes: readonly PlanChange[]): PlanChange[][] {
  const groups: PlanChange[][] = [];
  const keyOf = (c: PlanChange) => `${c.kind}|${c.action}|${parseAddress(c.address).ancestors.join('/')}`;
  for (const c of changes) {
    const last = groups[groups.length - 1];
    if (last && keyOf(last[0] as PlanChange) === keyOf(c)) last.push(c);
    else groups.push([c]);
  }
  return groups;
}
