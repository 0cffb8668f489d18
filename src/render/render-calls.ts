// `--show-calls`: the literal API calls in order, with their dependencies. Pure.
import type { Call } from '../core/call.js';
import { paint, type Style } from './style.js';

export function renderCalls(calls: readonly Call[], style: Style): string {
  if (calls.length === 0) return 'No API calls.';
  const lines = [`${calls.length} API call${calls.length === 1 ? '' : 's'}, in order:`];
  for (const c of calls) {
    const after = c.depends_on.length ? paint(style, 'dim', `  (after ${c.depends_on.join(', ')})`) : '';
    const note = c.note
      ? paint(style, 'dim', `  # ${c.address} ${c.note}`)
      : paint(style, 'dim', `  # ${c.address}`);
    lines.push(`  ${c.id.padEnd(5)} ${c.method.padEnd(6)} ${c.path}${note}${after}`);
    if (c.body !== undefined) lines.push(`        ${JSON.stringify(c.body)}`);
  }
  return lines.join('\n');
}
