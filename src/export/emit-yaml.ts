// Writes one export document as `yaml` would (render-documents.ts's options: 2-space indents,
// indented block lists, short scalar lists in flow style, no line folding), for the plain data
// most documents are: words, numbers, booleans, null, maps and lists. Anything that `yaml` might
// quote, fold or tag differently returns undefined and goes through `yaml` itself; a property
// test holds the two outputs equal.
import { readsAsNonString } from '../manifest/core-schema.js';

/** Flow style (`[a, b]`) only while the list's JSON stays this short (render-documents.ts). */
export const FLOW_MAX = 60;

/**
 * Strings `yaml` writes as they are (or double-quoted when they read as numbers, booleans or
 * null): words of letters, digits and `_ . / ( ) -` joined by single spaces; a colon may stand
 * inside a word (`HH:mm:ss`, `http://…`), never at its end, where it would start a mapping.
 */
const WORDS =
  /^[A-Za-z0-9_](?:[A-Za-z0-9_./():-]*[A-Za-z0-9_./()-])?(?: [A-Za-z0-9_./()-](?:[A-Za-z0-9_./():-]*[A-Za-z0-9_./()-])?)*$/;

class Unsupported {}
const UNSUPPORTED = new Unsupported();

/** The document's YAML text (ending in a newline), or undefined to let `yaml` write it. */
export function emitYaml(root: Record<string, unknown>, comment?: string): string | undefined {
  if (comment?.includes('\n')) return undefined;
  // Pieces are collected and joined once: building each level's text and concatenating it into
  // its parent's copied every line once per level (most of an export's garbage after reading).
  const out: string[] = comment === undefined ? [] : [`#${comment}\n`];
  try {
    mapLines(root, '', out);
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
  return out.join('');
}

function isMap(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function scalar(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw UNSUPPORTED;
    return Object.is(value, -0) ? '-0' : JSON.stringify(value);
  }
  if (typeof value === 'string') return text(value);
  throw UNSUPPORTED;
}

/** A string value or key. */
function text(value: string): string {
  if (!WORDS.test(value)) throw UNSUPPORTED;
  // What would read back as a number, a boolean or null is double-quoted, as `yaml` does.
  return readsAsNonString(value) ? `"${value}"` : value;
}

/**
 * `key: value` lines of a non-empty map (an empty one is written `{}` by its parent). The first
 * line starts with `lead` (a list item's `- `), the others with `indent`.
 */
function mapLines(map: Record<string, unknown>, indent: string, out: string[], lead = indent): void {
  let start = lead;
  for (const name of Object.keys(map)) {
    const value = map[name];
    if (value === undefined) throw UNSUPPORTED;
    out.push(start, text(name), ':');
    valueAfterKey(value, indent, out);
    start = indent;
  }
}

/** What follows `key:` — on the same line, or on indented lines below. */
function valueAfterKey(value: unknown, indent: string, out: string[]): void {
  if (isMap(value)) {
    if (Object.keys(value).length === 0) out.push(' {}\n');
    else {
      out.push('\n');
      mapLines(value, `${indent}  `, out);
    }
    return;
  }
  if (Array.isArray(value)) {
    const flow = flowList(value);
    if (flow === undefined) {
      out.push('\n');
      listLines(value, `${indent}  `, out);
    } else out.push(' ', flow, '\n');
    return;
  }
  out.push(' ', scalar(value), '\n');
}

/** `[a, b]` when `yaml` would write the list in flow style; undefined for block style. */
function flowList(list: readonly unknown[]): string | undefined {
  if (list.length === 0) return '[]';
  if (!list.every((item) => item === null || typeof item !== 'object')) return undefined;
  // render-documents.ts: items without a line break, and the list's JSON short enough.
  if (list.some((item) => String(item).includes('\n'))) return undefined;
  if (JSON.stringify(list).length > FLOW_MAX) return undefined;
  return `[${list.map(scalar).join(', ')}]`;
}

/** `- item` lines of a non-empty block list. */
function listLines(list: readonly unknown[], indent: string, out: string[]): void {
  for (const item of list) {
    if (item === undefined) throw UNSUPPORTED;
    if (isMap(item)) {
      if (Object.keys(item).length === 0) out.push(`${indent}- {}\n`);
      // The first entry shares the dash's line; the others align under it.
      else mapLines(item, `${indent}  `, out, `${indent}- `);
    } else if (Array.isArray(item)) {
      if (item.length > 0) throw UNSUPPORTED; // lists in lists: rare, left to `yaml`
      out.push(`${indent}- []\n`);
    } else {
      out.push(indent, '- ', scalar(item), '\n');
    }
  }
}
