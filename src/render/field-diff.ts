// One field change for people: a scalar as `before → after`, a list as the items added and removed
// (the `diff` package's array diff, not two whole JSON arrays), a multi-line string as a unified
// diff. Shared by the text and Markdown views of plans and drift. Pure.
import { diffArrays, structuredPatch } from 'diff';
import type { FieldChange } from '../diff/compare-specs.js';
import { formatValue } from './format-value.js';
import { printable } from './printable.js';
import { paint, type Style } from './style.js';

/** The first line says what changed; the lines after it (if any) are the items or hunks. */
export function fieldDiffLines(field: FieldChange, style: Style): string[] {
  const { before, after } = field;
  const path = printable(field.path);
  const why = field.why ? paint(style, 'magenta', `  # ${printable(field.why)}`) : '';
  if (Array.isArray(before) && Array.isArray(after)) {
    const items = listItemLines(before, after, style);
    const counts = `${count(items, '+')} added, ${count(items, '-')} removed`;
    return [`${path}: ${counts}${why}`, ...items.map((item) => item.text)];
  }
  if (isMultiline(before) || isMultiline(after)) {
    return [`${path}: text changed${why}`, ...unifiedLines(asText(before), asText(after), style)];
  }
  return [`${path}: ${formatValue(before)} → ${formatValue(after)}${why}`];
}

interface ItemLine {
  sign: '+' | '-';
  text: string;
}

function listItemLines(before: unknown[], after: unknown[], style: Style): ItemLine[] {
  const keyOf = (v: unknown) => JSON.stringify(v);
  const parts = diffArrays(before, after, { comparator: (a, b) => keyOf(a) === keyOf(b) });
  const lines: ItemLine[] = [];
  for (const part of parts) {
    if (!part.added && !part.removed) continue;
    const sign = part.added ? '+' : '-';
    for (const item of part.value)
      lines.push({
        sign,
        text: paint(style, sign === '+' ? 'green' : 'red', `${sign} ${formatValue(item)}`),
      });
  }
  return lines;
}

function count(items: readonly ItemLine[], sign: '+' | '-'): number {
  return items.filter((i) => i.sign === sign).length;
}

function isMultiline(value: unknown): boolean {
  return typeof value === 'string' && value.includes('\n');
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : formatValue(value);
}

/** Hunks of a unified diff (live → declared), without the file headers. */
function unifiedLines(before: string, after: string, style: Style): string[] {
  const patch = structuredPatch('live', 'declared', ensureEol(before), ensureEol(after), '', '', {
    context: 2,
  });
  const lines: string[] = [];
  for (const hunk of patch.hunks) {
    lines.push(
      paint(style, 'cyan', `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`),
    );
    for (const line of hunk.lines) {
      if (line.startsWith('\\')) continue;
      const tone = line.startsWith('+') ? 'green' : line.startsWith('-') ? 'red' : 'dim';
      lines.push(paint(style, tone, printable(line)));
    }
  }
  return lines;
}

/** A missing final newline is not a change worth a "\ No newline at end of file" line. */
function ensureEol(text: string): string {
  return text === '' || text.endsWith('\n') ? text : `${text}\n`;
}
