// Markdown view of a plan for pull-request comments, capped in size with a summary when huge. Pure.
import { ACTION_SYMBOL } from '../diff/change.js';
import type { Plan, PlanChange } from '../plan/plan.js';
import { formatValue } from './format-value.js';
import { summaryLine } from './render-plan-text.js';

/** PR comment bodies are limited (GitHub: 65,536 characters); stay well below. */
const MARKDOWN_CAP = 60_000;

export function renderPlanMarkdown(plan: Plan, cap = MARKDOWN_CAP): string {
  const head = [
    '### dpac plan',
    '',
    `**${summaryLine(plan)}**${plan.summary.unmanaged ? ` ${plan.summary.unmanaged} unmanaged live objects left untouched.` : ''}`,
    '',
  ];
  if (plan.changes.length === 0) return [...head, 'No changes. Live state matches the manifests.'].join('\n');
  const table = ['| | address | action | reason |', '|---|---|---|---|', ...plan.changes.map(row)];
  const details = plan.changes.filter((c) => c.fields.length > 0).map(detail);
  const calls = [
    '<details><summary>API calls</summary>',
    '',
    '```',
    ...plan.calls.map((c) => `${c.id} ${c.method} ${c.path}`),
    '```',
    '</details>',
  ];
  const full = [...head, ...table, '', ...details, ...calls].join('\n');
  if (full.length <= cap) return full;
  const truncated = [...head, ...table].join('\n');
  const note = `\n\n_Output truncated: ${plan.changes.length} changes and ${plan.calls.length} calls. Run \`dpac plan --json\` for everything._`;
  return truncated.length + note.length <= cap
    ? truncated + note
    : truncated.slice(0, cap - note.length) + note;
}

function row(c: PlanChange): string {
  return `| \`${ACTION_SYMBOL[c.action]}\` | \`${c.address}\` | ${c.action} | ${escapeCell(c.reason)} |`;
}

function detail(c: PlanChange): string {
  const lines = c.fields.map(
    (f) =>
      `- \`${f.path}\`: \`${formatValue(f.before)}\` → \`${formatValue(f.after)}\`${f.why ? ` (${f.why})` : ''}`,
  );
  return [`<details><summary><code>${c.address}</code></summary>`, '', ...lines, '', '</details>', ''].join(
    '\n',
  );
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}
