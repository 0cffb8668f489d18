// The data impact of a plan for people: the totals line, and one entry per identical change on
// many objects ("forces a full reload (100 tables): ~ /ingestion/natural_keys …" and the objects),
// worst first, as text and as a Markdown section. Pure.
import { countOf, listSome } from '../core/address-list.js';
import type { Impact } from '../core/field-policy.js';
import { IMPACT_LABEL } from '../plan/impact/classify.js';
import type { Plan } from '../plan/plan.js';
import type { ImpactGroup, PlanImpact } from '../plan/plan-schema.js';
import { formatValue } from './format-value.js';
import { cell, code, markdownText, type Section } from './markdown.js';
import { printable } from './printable.js';
import { paint, type Style, type Tone } from './style.js';

/** Addresses a text entry lists before `and N more` (without --full). */
const LISTED = 5;

export const IMPACT_TONE: Readonly<Record<Impact, Tone>> = {
  metadata: 'dim',
  'next-run': 'cyan',
  unknown: 'yellow',
  reload: 'magenta',
  history: 'magenta',
  delete: 'red',
};

/** `Data impact: forces a full reload (100), metadata only (2).`, or undefined for an empty plan. */
export function impactTotalsLine(impact: PlanImpact | undefined): string | undefined {
  if (!impact) return undefined;
  const parts = impact.groups
    .map((g) => g.impact)
    .filter((i, n, all) => all.indexOf(i) === n)
    .map((i) => `${IMPACT_LABEL[i]} (${impact.totals[i]})`);
  return parts.length ? `Data impact: ${parts.join(', ')}.` : undefined;
}

/** The head of an entry: `forces a full reload (100 tables)`. */
function groupTitle(group: ImpactGroup): string {
  return `${IMPACT_LABEL[group.impact]} (${countOf(group.addresses)})`;
}

/** What was done to the objects: the fields (with their values when all agree), or the action. */
function groupWhat(group: ImpactGroup): string {
  if (group.paths.length === 0) return ACTION_PAST[group.action];
  if (!group.values) return `~ ${group.paths.join(', ')} (values differ per object)`;
  return group.values
    .map((v) => `~ ${v.path}: ${formatValue(v.before)} → ${formatValue(v.after)}`)
    .join('; ');
}

/** The reasons given, as the manifests or dpac.yaml wrote them (outside text: `show` escapes it). */
function acknowledgedText(group: ImpactGroup, show: (text: string) => string): string {
  const entries = Object.entries(group.acknowledged ?? {});
  return entries.length
    ? ` — acknowledged: ${entries.map(([i, why]) => `${i} (${show(JSON.stringify(why))})`).join(', ')}`
    : '';
}

/**
 * The text block: one entry per group, its objects listed (all with `full`). Only when a group holds
 * several objects: otherwise each change's own head already says it.
 */
export function renderImpactText(impact: PlanImpact | undefined, style: Style, full = false): string[] {
  if (!impact?.groups.some((g) => g.addresses.length > 1)) return [];
  const lines = ['Data impact by change:'];
  for (const group of impact.groups) {
    lines.push(
      `  ${paint(style, IMPACT_TONE[group.impact], groupTitle(group))}: ${printable(groupWhat(group))}${acknowledgedText(group, printable)}`,
    );
    const cut = !full && group.addresses.length > LISTED;
    lines.push(
      `      ${listSome(group.addresses, cut ? LISTED : group.addresses.length, printable)}${cut ? ' (--full lists them)' : ''}`,
    );
  }
  return [...lines, ''];
}

/** The Markdown section: a table of groups; it degrades to fewer listed objects, then to none. */
export function impactSection(plan: Plan): Section | undefined {
  const impact = plan.impact;
  if (!impact || impact.groups.length === 0) return undefined;
  const table = (listed: number) => {
    const rows = impact.groups.map((g) => {
      const names = listSome(g.addresses, listed, code);
      return `| **${groupTitle(g)}**${acknowledgedText(g, markdownText)} | ${cell(code(groupWhat(g)))} | ${cell(names)} |`;
    });
    return ['#### Data impact', '', '| impact | change | objects |', '|---|---|---|', ...rows, '', ''].join(
      '\n',
    );
  };
  return { levels: [() => table(20), () => table(3), () => table(0)] };
}

const ACTION_PAST: Readonly<Record<ImpactGroup['action'], string>> = {
  create: 'created',
  update: 'updated',
  replace: 'replaced (deleted and created again)',
  delete: 'deleted',
  adopt: 'adopted (tagged)',
};
