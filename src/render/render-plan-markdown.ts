// Markdown view of a plan for pull-request comments: the summary and data-impact totals, the
// policies broken and the data impact by change, then one collapsible block per kind (a table of
// its changes, their impact and field diffs), then the API calls. Under GitHub's comment
// limit it degrades kind by kind, biggest first: field diffs of creates go, then every field diff,
// then creates, updates and adopts are only counted (deletes and replaces stay listed), then the
// kind is one line. The calls shrink to a count in the first round. Pure.
import { ACTION_SYMBOL, type Action } from '../diff/change.js';
import { IMPACT_LABEL } from '../plan/impact/classify.js';
import type { Plan, PlanChange } from '../plan/plan.js';
import { formatValue, leaves } from './format-value.js';
import {
  cell,
  code,
  details,
  fenced,
  fieldDiffMarkdown,
  fitSections,
  MARKDOWN_LIMIT,
  markdownText,
  type Section,
} from './markdown.js';
import { planTarget } from './plan-target.js';
import { UNDOCUMENTED, undocumentedWarnings } from './render-calls.js';
import { impactSection, impactTotalsLine } from './render-impact.js';
import { scopeLine, secretSources, summaryLine, unsetVariablesLine } from './render-plan-text.js';
import { policySection } from './render-policy-results.js';

export function renderPlanMarkdown(plan: Plan, cap = MARKDOWN_LIMIT): string {
  const unmanaged = plan.summary.unmanaged
    ? ` ${plan.summary.unmanaged} unmanaged live objects left untouched.`
    : '';
  const unset = unsetVariablesLine(plan);
  const warnings = [...undocumentedWarnings(plan.calls), ...(unset ? [unset] : [])].map(
    (w) => `- **Warning:** ${markdownText(w)}`,
  );
  const totals = impactTotalsLine(plan.impact);
  const scope = scopeLine(plan, markdownText);
  const head = [
    '### dpac plan',
    '',
    `Target: ${code(planTarget(plan))}`,
    '',
    `**${summaryLine(plan)}**${unmanaged}`,
    ...(totals ? ['', `**${totals}**`] : []),
    '',
    ...(scope ? [`_${scope}_`, ''] : []),
    ...(warnings.length ? [...warnings, ''] : []),
    '',
  ].join('\n');
  const policies = policySection(plan);
  if (plan.changes.length === 0) {
    const none = `${head}No changes. Live state matches the manifests.`;
    return policies ? fitSections(`${none}\n\n`, [policies], cap).trimEnd() : none;
  }
  // Policy results and the data impact come first: what a reviewer must see before the details.
  const secrets = secretSources(plan);
  const sections: Section[] = [
    ...[policies, impactSection(plan)].filter((s): s is Section => s !== undefined),
    ...byKind(plan.changes).map((changes) => kindSection(changes, secrets)),
    callsSection(plan),
  ];
  return fitSections(head, sections, cap).trimEnd();
}

function byKind(changes: readonly PlanChange[]): PlanChange[][] {
  const groups = new Map<string, PlanChange[]>();
  for (const c of changes) {
    const group = groups.get(c.kind);
    if (group) group.push(c);
    else groups.set(c.kind, [c]);
  }
  return [...groups.values()];
}

/** Deletes and replaces are listed at every level but the last, where the kind is one line. */
const ALWAYS_LISTED: ReadonlySet<Action> = new Set(['delete', 'replace']);

function kindSection(changes: PlanChange[], secrets: ReadonlyMap<string, string>): Section {
  const kind = (changes[0] as PlanChange).kind;
  const summary = `<strong>${kind}</strong>: ${counts(changes)}`;
  const block = (body: string[]) => details(summary, body).join('\n');
  const withDiffs = (keep: (c: PlanChange) => boolean) =>
    block([...table(changes), '', ...changes.filter(keep).flatMap((c) => changeDiff(c, secrets))]);
  const listed = changes.filter((c) => ALWAYS_LISTED.has(c.action));
  const counted = changes.length - listed.length;
  return {
    levels: [
      () => withDiffs(() => true),
      () => withDiffs((c) => c.action !== 'create'),
      () => block(table(changes)),
      () =>
        block([
          ...(listed.length ? [...table(listed), ''] : []),
          `_${counted} more ${kind} change${counted === 1 ? '' : 's'} (creates, updates, adopts) left out to fit the comment: \`dpac plan\` or \`dpac show --full\` lists them._`,
        ]),
      () =>
        `- **${kind}**: ${counts(changes)} (listing left out to fit the comment; \`dpac show --full\` lists them)\n`,
    ],
  };
}

function counts(changes: readonly PlanChange[]): string {
  const order: Action[] = ['create', 'update', 'replace', 'delete', 'adopt'];
  const words: Record<Action, string> = {
    create: 'to add',
    update: 'to change',
    replace: 'to replace',
    delete: 'to destroy',
    adopt: 'to adopt',
    noop: 'in sync',
  };
  return order
    .map((a) => [a, changes.filter((c) => c.action === a).length] as const)
    .filter(([, n]) => n > 0)
    .map(([a, n]) => `${n} ${words[a]}`)
    .join(', ');
}

function table(changes: readonly PlanChange[]): string[] {
  return ['| | address | action | impact | reason |', '|---|---|---|---|---|', ...changes.map(row)];
}

function row(c: PlanChange): string {
  const impact = c.impact ? IMPACT_LABEL[c.impact] : '';
  return `| \`${ACTION_SYMBOL[c.action]}\` | ${cell(code(c.address))} | ${c.action} | ${impact} | ${markdownText(c.reason)} |`;
}

/**
 * A created object's declared fields (a secret as the variable apply reads it from, as in the text
 * plan), or a changed object's field diffs; nothing for a delete.
 */
function changeDiff(c: PlanChange, secrets: ReadonlyMap<string, string>): string[] {
  const shown = (path: string, value: unknown) => secrets.get(`${c.address}#${path}`) ?? formatValue(value);
  const lines =
    c.action === 'create'
      ? leaves(c.after ?? {}).map(([path, value]) => `- ${code(path)} = ${code(shown(path, value))}`)
      : c.fields.flatMap(fieldDiffMarkdown);
  if (lines.length === 0) return [];
  return [`**${code(c.address)}** (${c.action})`, '', ...lines, ''];
}

function callsSection(plan: Plan): Section {
  const n = plan.calls.length;
  const note = `_${n} API call${n === 1 ? '' : 's'}: \`dpac plan --show-calls\` lists them._\n`;
  // A path may hold an address placeholder, and so a name: the fence outgrows any backticks in it.
  const full = () =>
    details(
      'API calls',
      fenced(
        plan.calls.map((c) => `${c.id} ${c.method} ${c.path}${c.undocumented ? `  [${UNDOCUMENTED}]` : ''}`),
      ),
    ).join('\n');
  return { levels: [full, () => note] };
}
