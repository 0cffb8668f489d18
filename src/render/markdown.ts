// Markdown building blocks for pull-request comments and job summaries: code spans and fenced
// blocks that survive any value, plain text and table cells that cannot start HTML, a link, an
// @mention or a new line, collapsible blocks, field diffs, and fitting sections under a size cap
// by degrading them one step at a time (never by cutting text, so no table row is ever split). Pure.
import type { FieldChange } from '../diff/compare-specs.js';
import { fieldDiffLines } from './field-diff.js';
import { formatValue } from './format-value.js';
import { printable } from './printable.js';

/** GitHub's limit on a comment body (and on a job summary): 65,536 characters. */
export const MARKDOWN_LIMIT = 65_536;

const PLAIN = { color: false };

/**
 * A code span around any text, on one line (newlines and controls shown escaped): a fence longer
 * than any run of backticks inside it. Nothing in a code span is HTML, a link or a mention.
 */
export function code(text: string): string {
  const flat = printable(text);
  const fence = '`'.repeat(longestBacktickRun(flat) + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** A fenced block of lines, each made printable: the fence is longer than any backtick run inside. */
export function fenced(lines: readonly string[], info = '', indent = ''): string[] {
  const shown = lines.map(printable);
  const fence = '`'.repeat(Math.max(3, ...shown.map(longestBacktickRun)) + 1);
  return [`${indent}${fence}${info}`, ...shown.map((line) => `${indent}${line}`), `${indent}${fence}`];
}

/** A code span in a table cell: its pipes escaped (GitHub splits cells at a pipe, even in code). */
export function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/**
 * Outside text in running Markdown (a table cell, a list item, a heading): one line, HTML shown as
 * text, the characters that start emphasis, code, links and tables escaped, and a zero-width space
 * after `@` and `#` so no mention or issue reference is made.
 */
export function markdownText(text: string): string {
  return printable(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|~]/g, '\\$&')
    .replace(/([@#])(?=\w)/g, '$1\u200b');
}

/** Outside text as inline HTML code (for a `<summary>`, where Markdown is not read). */
export function htmlCode(text: string): string {
  return `<code>${printable(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</code>`;
}

/** A collapsible block; blank lines around the body so Markdown inside it renders. */
export function details(summary: string, body: readonly string[]): string[] {
  return [`<details><summary>${summary}</summary>`, '', ...body, '', '</details>', ''];
}

/** A field change as a list item; list items and text changes follow in a `diff` block. */
export function fieldDiffMarkdown(field: FieldChange): string[] {
  const [first = '', ...rest] = fieldDiffLines({ ...field, path: '', why: undefined }, PLAIN);
  const why = field.why ? ` (${markdownText(field.why)})` : '';
  if (rest.length === 0) {
    return [
      `- ${code(field.path)}: ${code(formatValue(field.before))} → ${code(formatValue(field.after))}${why}`,
    ];
  }
  const head = `- ${code(field.path)}${first}${why}`;
  return [head, ...fenced(rest, 'diff', '  ')];
}

function longestBacktickRun(line: string): number {
  return Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length));
}

/** A part of a document that can be rendered at several levels of detail, most detailed first. */
export interface Section {
  levels: readonly (() => string)[];
}

/**
 * Joins head and sections, lowering the detail of sections until the whole fits `cap`: each round
 * lowers, biggest first, every section that still has a lower level, until it fits. Returns the
 * most detailed document that fits, or the least detailed one there is.
 */
export function fitSections(head: string, sections: readonly Section[], cap: number): string {
  const level = sections.map(() => 0);
  const text = sections.map((s) => (s.levels[0] as () => string)());
  const total = () => head.length + text.reduce((sum, t) => sum + t.length, 0);
  const maxLevel = Math.max(0, ...sections.map((s) => s.levels.length - 1));
  for (let round = 1; round <= maxLevel && total() > cap; round++) {
    const order = sections
      .map((_, i) => i)
      .sort((a, b) => (text[b] as string).length - (text[a] as string).length);
    for (const i of order) {
      const section = sections[i] as Section;
      if (round >= section.levels.length || (level[i] as number) >= round) continue;
      level[i] = round;
      text[i] = (section.levels[round] as () => string)();
      if (total() <= cap) break;
    }
  }
  return head + text.join('');
}
