// The policies a plan breaks (dpac.yaml `policies:`), for people: one entry per policy and message
// listing the objects (a rule 100 tables break is one entry), errors first, as a text block and a
// Markdown section. Pure.
import { countOf, listSome } from '../core/address-list.js';
import type { Plan } from '../plan/plan.js';
import type { PolicyResult } from '../plan/plan-schema.js';
import { cell, code, markdownText, type Section } from './markdown.js';
import { printable } from './printable.js';
import { paint, type Style } from './style.js';

interface PolicyEntry {
  policy: string;
  severity: PolicyResult['severity'];
  what: string;
  addresses: string[];
}

/** Results of one policy with one message (or evaluation error) together; errors first. */
function entries(plan: Plan): PolicyEntry[] {
  const byKey = new Map<string, PolicyEntry>();
  for (const r of plan.policy_results ?? []) {
    const what = r.error ? `could not be checked: ${r.error}` : r.message;
    const key = JSON.stringify([r.severity, r.policy, what]);
    const entry = byKey.get(key);
    if (entry) entry.addresses.push(r.address);
    else byKey.set(key, { policy: r.policy, severity: r.severity, what, addresses: [r.address] });
  }
  const all = [...byKey.values()];
  return [...all.filter((e) => e.severity === 'error'), ...all.filter((e) => e.severity !== 'error')];
}

export function renderPolicyText(plan: Plan, style: Style): string[] {
  const all = entries(plan);
  if (all.length === 0) return [];
  return [
    'Policies broken:',
    ...all.map((e) => {
      const severity = paint(style, e.severity === 'error' ? 'red' : 'yellow', e.severity);
      return `  ${severity} ${printable(e.policy)} (${countOf(e.addresses)}): ${printable(e.what)}\n      ${listSome(e.addresses, 5, printable)}`;
    }),
    '',
  ];
}

/** The Markdown section; it degrades to fewer listed objects, then to the errors alone. */
export function policySection(plan: Plan): Section | undefined {
  const all = entries(plan);
  if (all.length === 0) return undefined;
  const row = (e: PolicyEntry, max: number) =>
    `| ${e.severity === 'error' ? '**error**' : 'warning'} | ${cell(code(e.policy))} | ${markdownText(e.what)} | ${cell(`${countOf(e.addresses)}: ${listSome(e.addresses, max, code)}`)} |`;
  const table = (rows: readonly PolicyEntry[], max: number, note = '') =>
    [
      '#### Policies',
      '',
      '| | policy | message | objects |',
      '|---|---|---|---|',
      ...rows.map((e) => row(e, max)),
      '',
      ...(note ? [note, ''] : []),
      '',
    ].join('\n');
  const errors = all.filter((e) => e.severity === 'error');
  const warnings = all.length - errors.length;
  return {
    levels: [
      () => table(all, 20),
      () => table(all, 3),
      () => table(errors, 3, warnings ? `_${warnings} policy warnings left out to fit the comment._` : ''),
    ],
  };
}
