// Finds known secrets in text in every form a server may echo one in, and cuts them out: raw;
// JSON-escaped at any depth, `\u0022`-style or ASCII-only (`\u00e9`, surrogate pairs); URL- or
// form-encoded (also a URL-encoded JSON body); HTML-escaped; hex; base64 or base64url, also inside a
// longer base64 run, line-wrapped or not, at any alignment. Never a guessable secret (isScrubbable).

/**
 * Whether a secret is scrubbed from text by its value. A short one, or a single word with at most
 * a number after it (`admin`, `password1`), would be marked wherever that word happens to appear —
 * in a name the server repeats — and the mark would confirm a guess (docs/decisions.md, "Redaction").
 */
export function isScrubbable(secret: string): boolean {
  return secret.length >= 8 && !(secret.length < 12 && /^\p{L}+\d{0,4}$/u.test(secret));
}

/** `text` with every form of every scrubbable secret in `secrets` replaced by `mark`. */
export function scrubKnownSecrets(text: string, secrets: Iterable<string>, mark: string): string {
  const matchers = matchersFor(secrets);
  if (matchers.length === 0) return text;
  let out = scrubBase64(text, matchers, mark);
  // Longest first, so a secret containing a shorter one is removed whole.
  for (const m of matchers) out = scrubForms(out, m, mark);
  return out;
}

/** One secret's forms, compiled once and kept for the run (a run knows a handful of secrets). */
interface SecretMatcher {
  length: number;
  /** Text every escaped form keeps as it is (ASCII letters and digits are never escaped): tested first. */
  anchor: string;
  escaped: RegExp;
  /** Forms without the anchor: hex, and base64 written URL-encoded. */
  literals: string[];
  /**
   * Base64 text that any base64 run holding the secret (raw, JSON-escaped once or twice, URL-,
   * form- or HTML-escaped) contains, whatever the secret's byte alignment, in both alphabets.
   */
  cores: string[];
}

const compiled = new Map<string, SecretMatcher>();
const MAX_COMPILED = 512;

function matchersFor(secrets: Iterable<string>): SecretMatcher[] {
  const out: SecretMatcher[] = [];
  for (const secret of new Set(secrets)) {
    if (!isScrubbable(secret)) continue;
    let matcher = compiled.get(secret);
    if (!matcher) {
      if (compiled.size >= MAX_COMPILED) compiled.clear();
      matcher = compile(secret);
      compiled.set(secret, matcher);
    }
    out.push(matcher);
  }
  return out.sort((a, b) => b.length - a.length);
}

function compile(secret: string): SecretMatcher {
  const escaped = new RegExp([...secret].map(charPattern).join(''), 'g');
  const anchor = (secret.match(/[A-Za-z0-9]+/g) ?? []).reduce((a, b) => (b.length > a.length ? b : a), '');
  const json = JSON.stringify(secret).slice(1, -1);
  const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');
  const base64 = Buffer.from(secret, 'utf8').toString('base64');
  const url = encodeURIComponent(secret);
  const forms = [
    secret,
    json,
    JSON.stringify(json).slice(1, -1),
    url,
    url.replace(/%20/g, '+'),
    htmlEscape(secret),
  ];
  return {
    length: secret.length,
    anchor,
    escaped,
    literals: unique([
      hex(secret),
      hex(secret).toUpperCase(),
      hex(json),
      hex(json).toUpperCase(),
      encodeURIComponent(base64),
    ]),
    cores: unique(forms.flatMap(base64Cores)),
  };
}

function scrubForms(text: string, m: SecretMatcher, mark: string): string {
  let out = text;
  if (out.includes(m.anchor)) {
    m.escaped.lastIndex = 0;
    out = out.replace(m.escaped, mark);
  }
  for (const literal of m.literals) if (out.includes(literal)) out = out.split(literal).join(mark);
  return out;
}

/** The base64 characters of `form` that do not depend on the bytes around it, at each alignment. */
function base64Cores(form: string): string[] {
  const bytes = Buffer.from(form, 'utf8');
  const cores: string[] = [];
  for (let before = 0; before < 3; before++) {
    const encoded = Buffer.concat([Buffer.alloc(before), bytes, Buffer.alloc(2)]).toString('base64');
    const core = encoded.slice(Math.ceil((8 * before) / 6), Math.floor((8 * (before + bytes.length)) / 6));
    cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return cores;
}

function unique(texts: readonly string[]): string[] {
  return [...new Set(texts)].sort((a, b) => b.length - a.length);
}

function htmlEscape(text: string): string {
  return text.replace(/[&"'<>]/g, (ch) => NAMED_ENTITIES[ch] as string);
}

const ALNUM = /^[A-Za-z0-9]$/;

/**
 * One character of a secret in any of its forms: as each encoder writes it (charForms), and its
 * JSON forms written once more by any encoder (a JSON body URL- or HTML-escaped) or JSON-escaped
 * again any number of times. Only JSON forms are layered: servers echo bodies, and bodies are JSON;
 * layering every form made regexes that took half a second to compile.
 */
function charPattern(ch: string): string {
  if (ALNUM.test(ch)) return ch;
  let pattern = charPatterns.get(ch);
  if (pattern === undefined) {
    pattern = alternation([
      ...new Set([...charForms(ch).map(escapeRegExp), ...jsonForms(ch).map(layered), ...jsonAtAnyDepth(ch)]),
    ]);
    charPatterns.set(ch, pattern);
  }
  return pattern;
}

const charPatterns = new Map<string, string>();

/**
 * The ways one character is written by the encoders servers use: raw, JSON, HTML (`&quot;`, `&#34;`,
 * `&#034;`, `&#x22;`), URL (`%22`, `%c3%a9`, `+` for a space). ASCII letters and digits never change.
 */
function charForms(ch: string): string[] {
  if (ALNUM.test(ch)) return [ch];
  const code = ch.codePointAt(0) as number;
  const forms = new Set<string>([ch, ...jsonForms(ch)]);
  const named = NAMED_ENTITIES[ch];
  if (named) forms.add(named);
  for (const entity of [`&#${code};`, `&#${String(code).padStart(3, '0')};`, `&#x${code.toString(16)};`]) {
    forms.add(entity);
    forms.add(entity.toUpperCase().replace('&#X', '&#x'));
    forms.add(entity.toUpperCase());
  }
  const bytes = [...Buffer.from(ch, 'utf8')].map((b) => b.toString(16).padStart(2, '0'));
  forms.add(bytes.map((b) => `%${b}`).join(''));
  forms.add(bytes.map((b) => `%${b.toUpperCase()}`).join(''));
  if (ch === ' ') forms.add('+');
  return [...forms];
}

const NAMED_ENTITIES: Record<string, string> = {
  '"': '&quot;',
  '&': '&amp;',
  "'": '&apos;',
  '<': '&lt;',
  '>': '&gt;',
};

/** A character's JSON escapes: short (`\"`, `\/`, `\n`), and `\u0022` in either case (astral: a pair). */
function jsonForms(ch: string): string[] {
  const short = ch === '/' ? '\\/' : JSON.stringify(ch).slice(1, -1);
  const units = utf16Hex(ch);
  return [
    ...(short === ch ? [] : [short]),
    units.map((u) => `\\u${u}`).join(''),
    units.map((u) => `\\u${u.toUpperCase()}`).join(''),
  ];
}

/**
 * A character JSON-escaped any number of times (a body quoted in an error, quoted again): each
 * round doubles the backslashes before it: `"` is `"`, `\"`, `\\\"`…, and a backslash one or more.
 */
function jsonAtAnyDepth(ch: string): string[] {
  const units = utf16Hex(ch);
  const sources = [
    units.map((u) => `\\\\+u${u}`).join(''),
    units.map((u) => `\\\\+u${u.toUpperCase()}`).join(''),
  ];
  const short = JSON.stringify(ch).slice(1, -1);
  if (ch === '\\') sources.push('\\\\+');
  else if (ch === '"' || ch === '/') sources.push(`\\\\*${escapeRegExp(ch)}`);
  else if (short.length === 2) sources.push(`\\\\+${short[1]}`);
  return sources;
}

function utf16Hex(ch: string): string[] {
  return Array.from({ length: ch.length }, (_, i) => ch.charCodeAt(i).toString(16).padStart(4, '0'));
}

/** A form written once more by any encoder. */
function layered(form: string): string {
  return [...form].map((ch) => (ALNUM.test(ch) ? ch : alternation(charForms(ch).map(escapeRegExp)))).join('');
}

function alternation(sources: readonly string[]): string {
  return sources.length === 1 ? (sources[0] as string) : `(?:${sources.join('|')})`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/**
 * Base64 text, possibly wrapped in lines (raw line breaks, or `\n` / `\r\n` escaped once or twice
 * when the wrapped text sits in a JSON string).
 */
const BASE64_RUN = /[A-Za-z0-9+/_-]+(?:(?:\r?\n|\\r\\n|\\n|\\\\r\\\\n|\\\\n)[A-Za-z0-9+/_-]+)*={0,2}/g;
const LINE_BREAKS = /\r?\n|\\\\r\\\\n|\\\\n|\\r\\n|\\n/g;
/** A line break between base64 characters: a wrapped run may split a secret's core. */
const WRAPPED = /[A-Za-z0-9+/=](?:\r?\n|\\r\\n|\\n|\\\\r\\\\n|\\\\n)[A-Za-z0-9+/_-]{4}/;

/**
 * Every base64 run that holds a secret becomes `(sensitive)` whole. Without wrapped lines only the
 * runs around a core are looked at; with them, every run is joined first (a core may be split).
 */
function scrubBase64(text: string, matchers: readonly SecretMatcher[], mark: string): string {
  const cores = matchers.flatMap((m) => m.cores);
  if (WRAPPED.test(text)) {
    return text.replace(BASE64_RUN, (run) => {
      const joined = run.replace(LINE_BREAKS, '');
      return cores.some((core) => joined.includes(core)) ? mark : run;
    });
  }
  let out = text;
  for (const core of cores) {
    for (let at = out.indexOf(core); at >= 0; at = out.indexOf(core, at)) {
      let start = at;
      let end = at + core.length;
      while (start > 0 && BASE64_CHAR.test(out[start - 1] as string)) start--;
      while (end < out.length && BASE64_CHAR.test(out[end] as string)) end++;
      while (end < out.length && out[end] === '=') end++;
      out = out.slice(0, start) + mark + out.slice(end);
      at = start + mark.length;
    }
  }
  return out;
}

const BASE64_CHAR = /[A-Za-z0-9+/_-]/;
