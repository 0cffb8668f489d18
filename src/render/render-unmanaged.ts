// The live objects a plan leaves alone, by address with why, grouped by kind and collapsed past 20
// per kind (every one is in `-o json`, which every command showing this list takes). Pure.
import type { UnmanagedObject } from '../diff/undeclared.js';
import { printable } from './printable.js';
import { paint, type Style } from './style.js';

const SHOWN_PER_KIND = 20;

export function renderUnmanaged(objects: readonly UnmanagedObject[], style: Style): string[] {
  if (objects.length === 0) return [];
  const byKind = new Map<string, UnmanagedObject[]>();
  for (const o of objects) {
    const list = byKind.get(o.kind) ?? [];
    list.push(o);
    byKind.set(o.kind, list);
  }
  const n = objects.length;
  const lines = [
    '',
    paint(style, 'bold', `${n} live object${n === 1 ? ' is' : 's are'} not managed here and left untouched:`),
  ];
  for (const [kind, list] of byKind) {
    lines.push(`  ${kind} (${list.length}):`);
    for (const o of list.slice(0, SHOWN_PER_KIND))
      lines.push(`    ${printable(o.address)}: ${printable(o.reason)}`);
    if (list.length > SHOWN_PER_KIND)
      lines.push(`    … and ${list.length - SHOWN_PER_KIND} more ${kind} objects (see -o json)`);
  }
  return lines;
}
