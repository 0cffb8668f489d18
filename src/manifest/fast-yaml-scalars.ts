// One-line scalars of the YAML fast path (parse-fast-yaml.ts): plain values resolved as the core
// schema does, quoted strings and flow lists of scalars, each read within one line (`le` is the
// line's end). Anything outside that subset throws BAIL, and the full parser takes the file.
import { NOT_FINITE, resolvePlainScalar } from './core-schema.js';

/** Outside the fast path's subset: the full parser takes over. */
export class Bail {}
export const BAIL = new Bail();

/** A plain scalar's value; NaN and infinities go the full way (to-plain refuses them there). */
export function resolvePlain(s: string): unknown {
  const value = resolvePlainScalar(s);
  if (value === NOT_FINITE) throw BAIL;
  return value;
}

/** A one-line quoted scalar at `q`; `end` is just past the closing quote. */
export function readQuoted(t: string, q: number, le: number): { value: string; end: number } {
  const quote = t[q];
  let value = '';
  let from = q + 1;
  for (let i = from; i < le; i++) {
    const ch = t[i];
    if (quote === "'" && ch === "'") {
      value += t.slice(from, i);
      if (t[i + 1] !== "'") return { value, end: i + 1 };
      value += "'";
      from = ++i + 1;
    } else if (quote === '"' && ch === '"') {
      return { value: value + t.slice(from, i), end: i + 1 };
    } else if (quote === '"' && ch === '\\') {
      const escaped = ESCAPES[t[i + 1] as string];
      if (escaped === undefined) throw BAIL;
      value += t.slice(from, i) + escaped;
      from = ++i + 1;
    }
  }
  throw BAIL; // not closed on its line
}

/** `[a, 'b', 3]` on one line: scalars only. */
export function readFlowList(t: string, q: number, le: number): { value: unknown[]; end: number } {
  const out: unknown[] = [];
  let i = q + 1;
  const spaces = () => {
    while (i < le && t.charCodeAt(i) === 0x20) i++;
  };
  spaces();
  if (t[i] === ']') return { value: out, end: i + 1 };
  for (;;) {
    const c = t[i] as string;
    if (c === '"' || c === "'") {
      const quoted = readQuoted(t, i, le);
      out.push(quoted.value);
      i = quoted.end;
    } else {
      if (c === '-' && (i + 1 >= le || ' ,[]{}'.includes(t[i + 1] as string))) throw BAIL;
      if ('?:&*!|>%@`#,[]{}'.includes(c) || i >= le) throw BAIL;
      const from = i;
      while (i < le && !',]'.includes(t[i] as string)) {
        if ('[{}#:'.includes(t[i] as string)) throw BAIL;
        i++;
      }
      let last = i;
      while (t.charCodeAt(last - 1) === 0x20) last--;
      out.push(resolvePlain(t.slice(from, last)));
    }
    spaces();
    if (t[i] === ']') return { value: out, end: i + 1 };
    if (t[i] !== ',') throw BAIL;
    i++;
    spaces();
    if (t[i] === ']') throw BAIL; // a trailing comma: leave the edge cases to the full parser
  }
}

const ESCAPES: Record<string, string> = { '\\': '\\', '"': '"', '/': '/', n: '\n', t: '\t', r: '\r' };
