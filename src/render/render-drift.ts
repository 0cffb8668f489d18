// Drift report: what differs between manifests and live, in four groups. Pure.

import type { UnmanagedObject } from '../diff/undeclared.js';
import type { Plan, PlanChange } from '../plan/plan.js';
import { formatValue } from './format-value.js';
import {
  cell,
  code,
  details,
  fieldDiffMarkdown,
  fitSections,
  htmlCode,
  MARKDOWN_LIMIT,
  markdownText,
} from './markdown.js';
import { printable } from './printable.js';
import { renderUnmanaged } from './render-unmanaged.js';
import { paint, type Style } from './style.js';
import { renderJson, type Views } from './view.js';

export interface DriftReport {
  in_sync: boolean;
  /** Declared and live, but different: apply would revert them. */
  changed: { address: string; reason: string; fields: PlanChange['fields'] }[];
  /** Declared, not found live. */
  missing: string[];
  /** Owned by dpac, no longer declared: apply would delete them. */
  extra: string[];
  /** Live, undeclared and not owned: never touched. */
  unmanaged: string[];
  /** The same objects with why each is not deleted and, when known, its owner's tag. */
  unmanaged_objects: UnmanagedObject[];
}

export function driftReport(plan: Plan): DriftReport {
  const changed = plan.changes
    .filter((c) => c.action === 'update' || c.action === 'replace' || c.action === 'adopt')
    .map((c) => ({ address: c.address, reason: c.reason, fields: c.fields }));
  const missing = plan.changes.filter((c) => c.action === 'create').map((c) => c.address);
  const extra = plan.changes.filter((c) => c.action === 'delete').map((c) => c.address);
  const inSync = changed.length === 0 && missing.length === 0 && extra.length === 0;
  return {
    in_sync: inSync,
    changed,
    missing,
    extra,
    unmanaged: plan.unmanaged,
    unmanaged_objects: plan.unmanaged_objects ?? [],
  };
}

export const DRIFT_VIEWS: Views<DriftReport, 'text' | 'json' | 'markdown'> = {
  text: renderDriftText,
  json: renderJson,
  markdown: renderDriftMarkdown,
};

export function renderDriftText(report: DriftReport, style: Style): string {
  // A report without the list (made from a plan that predates it) keeps the count.
  const unmanaged = report.unmanaged_objects.length
    ? renderUnmanaged(report.unmanaged_objects, style).join('\n')
    : unmanagedNote(report, '');
  if (report.in_sync)
    return `No drift. Live state matches the manifests.${unmanaged ? `\n${unmanaged}` : ''}`;
  const lines: string[] = ['Drift detected.'];
  if (report.changed.length) {
    lines.push('', paint(style, 'yellow', `Changed (${report.changed.length}) — apply would revert these:`));
    for (const c of report.changed) {
      lines.push(`  ~ ${printable(c.address)}: ${printable(c.reason)}`);
      for (const f of c.fields)
        lines.push(
          `      ${printable(f.path)}: live ${formatValue(f.before)}, declared ${formatValue(f.after)}`,
        );
    }
  }
  if (report.missing.length) {
    lines.push('', paint(style, 'green', `Missing (${report.missing.length}) — declared, not found live:`));
    for (const a of report.missing) lines.push(`  + ${printable(a)}`);
  }
  if (report.extra.length) {
    lines.push(
      '',
      paint(style, 'red', `Extra (${report.extra.length}) — owned by dpac, no longer declared:`),
    );
    for (const a of report.extra) lines.push(`  - ${printable(a)}`);
  }
  return lines.join('\n') + (unmanaged ? `\n${unmanaged}` : '');
}

/**
 * The table of what drifted, then the field diffs of each changed object; a blank line before any
 * text after the table, so it does not join the last row. Under the comment limit the field diffs
 * go first, then the rows are counted instead of listed.
 */
function renderDriftMarkdown(report: DriftReport): string {
  if (report.in_sync) return `### dpac drift\n\nNo drift.${unmanagedNote(report)}`;
  const rows = [
    ...report.changed.map((c) => `| changed | ${cell(code(c.address))} | ${markdownText(c.reason)} |`),
    ...report.missing.map((a) => `| missing | ${cell(code(a))} | declared, not found live |`),
    ...report.extra.map((a) => `| extra | ${cell(code(a))} | owned by dpac, no longer declared |`),
  ];
  const table = ['| kind of drift | address | why |', '|---|---|---|', ...rows, '', ''].join('\n');
  const counted = `${report.changed.length} changed, ${report.missing.length} missing, ${report.extra.length} extra (the list is left out to fit the comment; \`dpac drift\` lists them).\n\n`;
  const diffs = report.changed
    .filter((c) => c.fields.length > 0)
    .flatMap((c) => details(htmlCode(c.address), c.fields.flatMap(fieldDiffMarkdown)))
    .join('\n');
  const body = fitSections(
    '### dpac drift\n\n',
    [{ levels: [() => table, () => table, () => counted] }, { levels: [() => diffs, () => ''] }],
    MARKDOWN_LIMIT,
  );
  return body.trimEnd() + unmanagedNote(report, '\n\n');
}

function unmanagedNote(report: DriftReport, before = '\n'): string {
  const n = report.unmanaged.length;
  return n
    ? `${before}${n} unmanaged live object${n === 1 ? '' : 's'} (not declared, not owned) left untouched.`
    : '';
}
