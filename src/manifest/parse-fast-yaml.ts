// A fast path for the YAML manifests are made of: block mappings and sequences, one-line plain and
// quoted scalars, literal block scalars (`|`, `|-`), one-line flow lists of scalars, `{}`, comments
// and `---`. Anything else — and anything wrong (a duplicate or refused key, an alias, a tag, odd
// characters) — returns undefined, and the full parser handles the whole file: every diagnostic
// comes from that one place. Values equal the full parser's; test/manifest pins it differentially.
import type { SourceLocation } from '../core/diagnostic.js';
import { BOOL_FORM, NULL_FORM } from './core-schema.js';
import { BAIL, Bail, readFlowList, readQuoted, resolvePlain } from './fast-yaml-scalars.js';
import { MAX_DEPTH } from './limits.js';

export interface FastDocument {
  /** 0-based position of the document in its file (empty documents count). */
  index: number;
  value: unknown;
  /** Where the root node starts, as the full parser reports it. */
  start: SourceLocation;
  /** Where the root mapping's `kind` key starts (every manifest's location). */
  kindKey?: SourceLocation;
  /** Its text holds no `$` (comments included): no `${…}` reference to interpolate. */
  withoutDollar?: true;
}

/** Everything the fast path accepts; tabs, CR, control and odd line-break characters are not. */
const OUTSIDE_SUBSET = /[^\n\x20-\x7e\xa0-\u2027\u202a-\ufefe\uff00-\ufffd]/;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/**
 * Deeper documents go the full way. Half the cap: for what the fast path accepts the nesting
 * pre-scan (scan-nesting.ts) estimates at most depth + 3, so accepted files need no pre-scan.
 */
const FAST_DEPTH_LIMIT = MAX_DEPTH / 2;
const KEY_LIMIT = 1000;

/** Plain keys are words: a letter, `_` or `$`, then those, digits and `- . /`. */
function isKeyStart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x24;
}

function isKeyChar(c: number): boolean {
  return isKeyStart(c) || (c >= 0x2d && c <= 0x39) || c === 0x5f; // - . / 0-9
}

/**
 * Keys repeat in every document (`name`, `spec`, `table_name`…): the string met last for a
 * (first character, length) is reused when the text holds it again, rather than sliced anew and
 * interned by the engine once more when it becomes a property name.
 */
const KEYS = new Map<number, string>();
const KEYS_MAX = 4096;

function knownKey(t: string, p: number, end: number): string {
  const id = (end - p) * 0x10000 + t.charCodeAt(p);
  const known = KEYS.get(id);
  if (known !== undefined && t.startsWith(known, p)) return known;
  const key = t.slice(p, end);
  if (known !== undefined || KEYS.size < KEYS_MAX) KEYS.set(id, key);
  return key;
}

/** The documents of `text`, or undefined when the full parser must decide. */
export function parseFastYaml(text: string, file: string): FastDocument[] | undefined {
  if (OUTSIDE_SUBSET.test(text)) return undefined;
  try {
    return new FastParser(text, file).documents();
  } catch (error) {
    if (error instanceof Bail) return undefined;
    throw error;
  }
}

class FastParser {
  /** Current line: start offset, end offset (at '\n' or the end), 1-based number. */
  private ls = 0;
  private le = 0;
  private line = 1;
  /** Where the key keyAt last read ends (at its `:`). */
  private keyEnd = 0;
  /** Set while reading a document whose root mapping has a `kind` key. */
  private kindKey: SourceLocation | undefined;

  constructor(
    private readonly text: string,
    private readonly file: string,
  ) {
    this.setLine(0);
  }

  documents(): FastDocument[] {
    const docs: FastDocument[] = [];
    let index = 0;
    let explicit = false;
    // The next `$` at or after a document's start, looked up again only once passed: one scan per file.
    let dollar = -1;
    for (;;) {
      const indent = this.peek();
      if (indent < 0) {
        if (this.ls >= this.text.length) {
          if (explicit) index++;
          return docs;
        }
        if (!this.isSeparator()) throw BAIL;
        if (explicit) index++;
        explicit = true;
        this.advance();
        continue;
      }
      const start = { file: this.file, line: this.line, col: indent + 1 };
      const from = this.ls;
      if (dollar < from) {
        const at = this.text.indexOf('$', from);
        dollar = at === -1 ? Number.POSITIVE_INFINITY : at;
      }
      this.kindKey = undefined;
      const value = this.block(indent, 0);
      if (this.peek() >= 0) throw BAIL; // content the root did not take: malformed
      // The document ends where the next line with content starts (a separator, or the end).
      const withoutDollar = dollar >= this.ls;
      docs.push({
        index: index++,
        value,
        start,
        ...(this.kindKey ? { kindKey: this.kindKey } : {}),
        ...(withoutDollar ? { withoutDollar: true as const } : {}),
      });
      explicit = false;
    }
  }

  private setLine(start: number): void {
    this.ls = start;
    const end = this.text.indexOf('\n', start);
    this.le = end < 0 ? this.text.length : end;
  }

  private advance(): void {
    if (this.le >= this.text.length) {
      this.ls = this.text.length;
      this.le = this.text.length;
      return;
    }
    this.line++;
    this.setLine(this.le + 1);
  }

  private isSeparator(): boolean {
    const t = this.text;
    const at = this.ls;
    if (!t.startsWith('---', at)) return false;
    let i = at + 3;
    while (i < this.le && t.charCodeAt(i) === 0x20) i++;
    // Only a comment may follow, after a space.
    if (i < this.le && (t.charCodeAt(i) !== 0x23 || i === at + 3)) throw BAIL;
    return true;
  }

  /** Moves to the next line with content; its indent, or -1 at `---`/`...` or the end. */
  private peek(): number {
    const t = this.text;
    for (;;) {
      if (this.ls >= t.length) return -1;
      let i = this.ls;
      while (i < this.le && t.charCodeAt(i) === 0x20) i++;
      if (i < this.le && t.charCodeAt(i) !== 0x23) {
        if (i === this.ls && (t.startsWith('---', i) || t.startsWith('...', i))) {
          const after = t.charCodeAt(i + 3);
          if (i + 3 >= this.le || after === 0x20) {
            if (t[i] === '.') throw BAIL;
            return -1;
          }
        }
        if (t[i] === '%' && i === this.ls) throw BAIL;
        return i - this.ls;
      }
      this.advance();
    }
  }

  /** A block node starting on the current line at `indent`. */
  private block(indent: number, depth: number): unknown {
    if (depth > FAST_DEPTH_LIMIT) throw BAIL;
    const at = this.ls + indent;
    if (this.isDash(at)) return this.sequence(indent, depth);
    return this.mapping(indent, depth, at);
  }

  private isDash(at: number): boolean {
    return this.text.charCodeAt(at) === 0x2d && (at + 1 >= this.le || this.text.charCodeAt(at + 1) === 0x20);
  }

  private sequence(indent: number, depth: number): unknown[] {
    const out: unknown[] = [];
    const t = this.text;
    for (;;) {
      let q = this.ls + indent + 1;
      while (q < this.le && t.charCodeAt(q) === 0x20) q++;
      if (depth + 1 > FAST_DEPTH_LIMIT) throw BAIL;
      if (q >= this.le || t.charCodeAt(q) === 0x23) {
        out.push(this.valueBelow(indent, depth + 1, false));
      } else if (this.isDash(q)) {
        throw BAIL; // `- - x`
      } else if (this.keyAt(q) !== undefined) {
        out.push(this.mapping(q - this.ls, depth + 1, q));
      } else {
        out.push(this.inline(q, indent, depth + 1));
      }
      const next = this.peek();
      if (next < indent) return out;
      if (next > indent) throw BAIL;
      if (!this.isDash(this.ls + indent)) return out;
    }
  }

  private mapping(indent: number, depth: number, first: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const t = this.text;
    for (let p = first; ; ) {
      const key = this.keyAt(p);
      if (key === undefined || Object.hasOwn(out, key)) throw BAIL;
      if (depth === 0 && key === 'kind')
        this.kindKey = { file: this.file, line: this.line, col: p - this.ls + 1 };
      let q = this.keyEnd + 1;
      while (q < this.le && t.charCodeAt(q) === 0x20) q++;
      out[key] =
        q >= this.le || t.charCodeAt(q) === 0x23
          ? this.valueBelow(indent, depth + 1, true)
          : this.inline(q, indent, depth + 1);
      const next = this.peek();
      if (next < indent) return out;
      if (next > indent) throw BAIL;
      p = this.ls + indent;
      if (this.isDash(p)) return out; // a compact sequence ends; the caller decides
    }
  }

  /** A value written on the lines below `key:` or `-`: a block node, or null. */
  private valueBelow(indent: number, depth: number, compactSequence: boolean): unknown {
    this.advance();
    const next = this.peek();
    if (depth > FAST_DEPTH_LIMIT) throw BAIL;
    if (next > indent) return this.block(next, depth);
    if (next === indent && compactSequence && this.isDash(this.ls + indent))
      return this.sequence(indent, depth);
    return null;
  }

  /**
   * `name:` at `p` followed by a space or the end of the line: the name (its `:` at `keyEnd`), or
   * undefined when `p` starts no key. No result object: this runs for every line of every file.
   */
  private keyAt(p: number): string | undefined {
    const t = this.text;
    const c = t[p] as string;
    let name: string;
    let end: number;
    if (c === '"' || c === "'") {
      const quoted = readQuoted(t, p, this.le);
      name = quoted.value;
      end = quoted.end;
    } else {
      if (!isKeyStart(t.charCodeAt(p))) return undefined;
      end = p + 1;
      while (end < this.le && isKeyChar(t.charCodeAt(end))) end++;
      name = knownKey(t, p, end);
      // null, true, false and their spellings are at most five letters.
      if (t.charCodeAt(end) === 0x3a && name.length <= 5 && (NULL_FORM.test(name) || BOOL_FORM.test(name)))
        throw BAIL;
    }
    if (t.charCodeAt(end) !== 0x3a) return undefined;
    if (end + 1 < this.le && t.charCodeAt(end + 1) !== 0x20) return undefined;
    if (end - p > KEY_LIMIT || FORBIDDEN_KEYS.has(name)) throw BAIL;
    this.keyEnd = end;
    return name;
  }

  /** A value on the rest of the current line (or a literal block scalar below it). */
  private inline(q: number, indent: number, depth: number): unknown {
    if (depth > FAST_DEPTH_LIMIT) throw BAIL;
    const t = this.text;
    const c = t[q] as string;
    let value: unknown;
    let end: number;
    switch (c) {
      case '"':
      case "'": {
        const quoted = readQuoted(t, q, this.le);
        value = quoted.value;
        end = quoted.end;
        break;
      }
      case '[': {
        const flow = readFlowList(t, q, this.le);
        value = flow.value;
        end = flow.end;
        break;
      }
      case '{':
        if (t.charCodeAt(q + 1) !== 0x7d) throw BAIL;
        value = {};
        end = q + 2;
        break;
      case '|':
        return this.literal(q, indent);
      case '>':
      case '&':
      case '*':
      case '!':
      case '%':
      case '@':
      case '`':
      case ',':
      case ']':
      case '}':
      case '?':
      case ':':
        throw BAIL;
      default: {
        if (c === '-' && (q + 1 >= this.le || t.charCodeAt(q + 1) === 0x20)) throw BAIL;
        end = q;
        while (end < this.le) {
          const ch = t.charCodeAt(end);
          if (ch === 0x23 && t.charCodeAt(end - 1) === 0x20) break;
          if (ch === 0x3a && (end + 1 >= this.le || t.charCodeAt(end + 1) === 0x20)) throw BAIL;
          end++;
        }
        let last = end;
        while (t.charCodeAt(last - 1) === 0x20) last--;
        value = resolvePlain(t.slice(q, last));
      }
    }
    this.endOfLine(end);
    this.advance();
    if (this.peek() > indent) throw BAIL; // a continuation line: multi-line scalars go the full way
    return value;
  }

  /** Only spaces, or spaces and a comment, may follow a value. */
  private endOfLine(from: number): void {
    const t = this.text;
    let i = from;
    while (i < this.le && t.charCodeAt(i) === 0x20) i++;
    if (i < this.le && (t.charCodeAt(i) !== 0x23 || t.charCodeAt(i - 1) !== 0x20)) throw BAIL;
  }

  /** `|` or `|-` at `q`, its content on the following more-indented lines. */
  private literal(q: number, indent: number): string {
    const t = this.text;
    let i = q + 1;
    const strip = t[i] === '-';
    if (strip) i++;
    for (; i < this.le; i++) if (t.charCodeAt(i) !== 0x20) throw BAIL;
    const lines: string[] = [];
    let contentIndent = -1;
    let trailingEmpty = 0;
    let leadingSpaces = 0;
    for (;;) {
      if (this.le >= t.length) throw BAIL; // the last line has no line break: rare, full path
      this.advance();
      if (this.ls >= t.length) break;
      let s = this.ls;
      while (s < this.le && t.charCodeAt(s) === 0x20) s++;
      const spaces = s - this.ls;
      if (s === this.le) {
        if (contentIndent >= 0 && spaces > contentIndent) throw BAIL;
        leadingSpaces = Math.max(leadingSpaces, spaces);
        lines.push('');
        trailingEmpty++;
        continue;
      }
      if (contentIndent < 0) {
        // An empty block scalar, or leading blank lines deeper than the content: full path.
        if (spaces <= indent || leadingSpaces > spaces) throw BAIL;
        contentIndent = spaces;
      }
      if (spaces < contentIndent) break;
      lines.push(t.slice(this.ls + contentIndent, this.le));
      trailingEmpty = 0;
    }
    if (contentIndent < 0) throw BAIL;
    const body = lines.slice(0, lines.length - trailingEmpty).join('\n');
    if (this.peek() > indent) throw BAIL;
    return strip ? body : `${body}\n`;
  }
}
