// How a server may echo a secret back (every encoding a hostile or careless server uses), and an
// independent detector that decodes text every such way to tell whether a secret is still in it.

/** A server's echo of `text`: a string for error details, or an object whose field holds it. */
export type Echo = string | { data: string };

const wrap = (text: string, width: number, eol: string): string =>
  (text.match(new RegExp(`.{1,${width}}`, 'g')) ?? []).join(eol);
const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');
const hex = (text: string): string => Buffer.from(text, 'utf8').toString('hex');
const json = (text: string): string => JSON.stringify(text).slice(1, -1);

/** Every way the echo of `text` is written, by name. */
export const ENCODINGS: Record<string, (text: string) => Echo> = {
  raw: (t) => t,
  'JSON-escaped': json,
  'JSON-escaped twice': (t) => json(json(t)),
  // .NET's writer: every character but ASCII letters and digits as \uXXXX (upper-case hex).
  'escaped \\u0022-style': (t) =>
    t.replace(/[^A-Za-z0-9]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`),
  // Python's json.dumps(ensure_ascii=True): non-ASCII as \uxxxx, astral characters as surrogate pairs.
  'json.dumps ensure_ascii': (t) =>
    json(t).replace(/[^\x20-\x7e]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`),
  'URL-encoded': encodeURIComponent,
  'form-encoded': (t) => new URLSearchParams({ echo: t }).toString(),
  'HTML-escaped': (t) =>
    t
      .replace(/&/g, '&amp;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;'),
  'HTML numeric entities': (t) =>
    t.replace(/[^A-Za-z0-9 ]/gu, (ch) => `&#x${ch.codePointAt(0)?.toString(16)};`),
  hex: hex,
  'hex upper-case': (t) => hex(t).toUpperCase(),
  base64: base64,
  base64url: (t) => Buffer.from(t, 'utf8').toString('base64url'),
  'inside a longer base64 run': (t) => base64(`echo of the request: ${t}`),
  'base64 wrapped at 76 (LF)': (t) => wrap(base64(`--${t}`), 76, '\n'),
  'base64 wrapped at 64 (CRLF)': (t) => wrap(base64(`-${t}`), 64, '\r\n'),
  'wrapped base64 in an object field': (t) => ({ data: wrap(base64(`--${t}`), 76, '\n') }),
};

/** Whether `text`, decoded every way a reader could (three layers deep), holds `secret`. */
export function revealsSecret(text: string, secret: string): boolean {
  return decodedViews(text).some((view) => view.includes(secret));
}

function decodedViews(text: string): string[] {
  const views = new Set<string>([text]);
  for (let layer = 0; layer < 3; layer++) {
    for (const view of [...views]) {
      for (const decode of [percentDecode, formDecode, htmlDecode, jsonUnescape, runsDecoded]) {
        views.add(decode(view));
      }
    }
  }
  return [...views];
}

function percentDecode(text: string): string {
  return text.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

function formDecode(text: string): string {
  return percentDecode(text.replace(/\+/g, ' '));
}

const NAMED: Record<string, string> = { quot: '"', amp: '&', apos: "'", lt: '<', gt: '>' };

function htmlDecode(text: string): string {
  return text.replace(/&(?:#(\d+)|#[xX]([0-9a-fA-F]+)|(quot|amp|apos|lt|gt));/g, (whole, dec, hx, name) =>
    dec
      ? String.fromCodePoint(Number(dec))
      : hx
        ? String.fromCodePoint(Number.parseInt(hx, 16))
        : (NAMED[name] ?? whole),
  );
}

const JSON_ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

function jsonUnescape(text: string): string {
  return text.replace(/\\(u[0-9a-fA-F]{4}|["\\/bfnrt])/g, (whole, esc: string) =>
    esc.length === 5 ? String.fromCharCode(Number.parseInt(esc.slice(1), 16)) : (JSON_ESCAPES[esc] ?? whole),
  );
}

/** Hex runs and base64 runs (joined over line breaks, raw or escaped) decoded, at every alignment. */
function runsDecoded(text: string): string {
  const out: string[] = [];
  for (const run of text.match(/[0-9a-fA-F]{8,}/g) ?? []) {
    for (const shift of [0, 1]) out.push(Buffer.from(run.slice(shift), 'hex').toString('utf8'));
  }
  const runs = text.match(/[A-Za-z0-9+/_-]{4,}(?:(?:\r?\n|\\r\\n|\\n)[A-Za-z0-9+/_-]{4,})*/g) ?? [];
  for (const run of runs) {
    const joined = run.replace(/\r?\n|\\r\\n|\\n/g, '');
    for (const shift of [0, 1, 2, 3]) out.push(Buffer.from(joined.slice(shift), 'base64').toString('utf8'));
  }
  return out.join('\n');
}
