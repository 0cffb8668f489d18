// `--show-calls`: the literal API calls in order, with their dependencies. Pure.
import { parseAddress } from '../core/address.js';
import type { Call } from '../core/call.js';
import { printable } from './printable.js';
import { paint, type Style } from './style.js';

export function renderCalls(calls: readonly Call[], style: Style): string {
  if (calls.length === 0) return 'No API calls.';
  const lines = [`${calls.length} API call${calls.length === 1 ? '' : 's'}, in order:`];
  for (const c of calls) {
    const after = c.depends_on.length ? paint(style, 'dim', `  (after ${c.depends_on.join(', ')})`) : '';
    const about = printable(c.note ? `${c.address} ${c.note}` : c.address);
    const note = paint(style, 'dim', `  # ${about}${c.items ? ` ${itemsLabel(c.items)}` : ''}`);
    const risk = c.undocumented ? paint(style, 'yellow', `  [${UNDOCUMENTED}]`) : '';
    lines.push(`  ${c.id.padEnd(5)} ${c.method.padEnd(6)} ${printable(c.path)}${note}${risk}${after}`);
    if (c.body !== undefined) lines.push(`        ${JSON.stringify(c.body)}`);
  }
  return lines.join('\n');
}

/** How a plan marks a call no reference documents (`Call.undocumented`). */
export const UNDOCUMENTED = 'not in the published API: the platform may refuse it';

/** One warning per call no reference documents: what it is and what apply does if it is refused. */
export function undocumentedWarnings(calls: readonly Call[]): string[] {
  return calls
    .filter((c) => c.undocumented)
    .map(
      (c) =>
        `${c.address}: ${c.method} ${c.path} is ${UNDOCUMENTED}; if it does, apply reports the object to handle by hand and goes on with the rest.`,
    );
}

/** The objects of a batch, by name: all of a few, the first ones of many (the body lists all). */
function itemsLabel(items: readonly string[]): string {
  const names = items.slice(0, 5).map((a) => printable(parseAddress(a).name));
  const more = items.length > names.length ? `, … ${items.length - names.length} more` : '';
  return `(${items.length}: ${names.join(', ')}${more})`;
}
