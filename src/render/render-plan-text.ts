// Human view of a plan: terraform-like blocks (+ ~ -/+ - &) with field diffs, big groups of
// children summarised, and the closing `Plan: ...` line. Pure.
import { parseAddress } from '../core/address.js';
import { ACTION_SYMBOL } from '../diff/change.js';
import type { Plan, PlanChange } from '../plan/plan.js';
import { formatValue, leaves } from './format-value.js';
import { ACTION_TONE, ACTION_VERB, paint, type Style } from './style.js';

const GROUP_LIMIT = 10;
const GROUP_SHOWN = 3;

export function renderPlanText(plan: Plan, style: Style): string {
  const lines: string[] = [];
  if (plan.changes.length === 0) {
    lines.push('No changes. Live state matches the manifests.');
  } else {
    lines.push('dpac will perform the following actions:', '');
    const uploads = uploadsByAddress(plan);
    for (const group of groupChanges(plan.changes)) {
      const shown = group.length > GROUP_LIMIT ? group.slice(0, GROUP_SHOWN) : group;
      for (const change of shown) {
        const files = (uploads.get(change.address) ?? []).map((f) =>
          paint(style, 'green', `      + file ${f}`),
        );
        lines.push(...renderChange(change, style), ...files, '');
      }
      if (shown.length < group.length) {
        const first = group[0] as PlanChange;
        const rest = group.length - shown.length;
        lines.push(
          paint(
            style,
            ACTION_TONE[first.action],
            `  ${ACTION_SYMBOL[first.action]} ... and ${rest} more ${first.kind} objects ${ACTION_VERB[first.action]} (see --json)`,
          ),
          '',
        );
      }
    }
  }
  lines.push(summaryLine(plan));
  if (plan.summary.unmanaged > 0) {
    lines.push(
      `${plan.summary.unmanaged} live object${plan.summary.unmanaged === 1 ? ' is' : 's are'} unmanaged (not declared, not owned by dpac): left untouched.`,
    );
  }
  for (const p of plan.problems) lines.push(paint(style, 'yellow', `Warning: ${p.address} ${p.why}.`));
  return lines.join('\n');
}

/** The local files each object's calls upload, by file name. */
function uploadsByAddress(plan: Plan): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const call of plan.calls) {
    if (!call.upload) continue;
    const name = call.upload.path.split('/').pop() ?? call.upload.path;
    out.set(call.address, [...(out.get(call.address) ?? []), name]);
  }
  return out;
}

export function summaryLine(plan: Pick<Plan, 'summary'>): string {
  const s = plan.summary;
  const adopt = s.adopt ? `, ${s.adopt} to adopt` : '';
  return `Plan: ${s.add} to add, ${s.change} to change, ${s.replace} to replace, ${s.destroy} to destroy${adopt}.`;
}

function renderChange(change: PlanChange, style: Style): string[] {
  const tone = ACTION_TONE[change.action];
  const head = `  # ${change.address} ${ACTION_VERB[change.action]}: ${change.reason}`;
  const out = [
    paint(style, 'bold', head),
    paint(style, tone, `  ${ACTION_SYMBOL[change.action]} ${change.address}`),
  ];
  if (change.action === 'create') {
    for (const [path, value] of leaves(change.after ?? {}))
      out.push(paint(style, 'green', `      + ${path} = ${formatValue(value)}`));
  } else if (change.action === 'update' || change.action === 'replace' || change.action === 'adopt') {
    for (const f of change.fields) {
      const why = f.why ? paint(style, 'magenta', `  # ${f.why}`) : '';
      out.push(
        `      ${paint(style, 'yellow', '~')} ${f.path}: ${formatValue(f.before)} → ${formatValue(f.after)}${why}`,
      );
    }
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
