// Replaces secrets with `(sensitive)`: by key in structured values and in text, by token shape, and
// by known value in every encoding a server may echo it in (secret-forms.ts).
import { REDACTED } from '../core/secret.js';
import { scrubKnownSecrets } from './secret-forms.js';

export { REDACTED };

const SENSITIVE_WORDS = 'password|token|secret|refresh|access_key|account_key|passphrase';
const SENSITIVE_KEY = new RegExp(`${SENSITIVE_WORDS}|client_secret|authorization`, 'i');

function isSensitiveKey(key: string, extraKeys: readonly string[] = []): boolean {
  if (SENSITIVE_KEY.test(key)) return true;
  const lower = key.toLowerCase();
  return extraKeys.some((extra) => extra.toLowerCase() === lower);
}

/**
 * A deep copy of `value` with every field whose key looks sensitive (or is listed in `extraKeys`)
 * replaced by `(sensitive)`. Strings inside are also scrubbed of bearer/basic credentials and JWTs.
 */
export function redact<T>(value: T, extraKeys: readonly string[] = []): T {
  return redactValue(value, extraKeys, new WeakSet()) as T;
}

function redactValue(value: unknown, extraKeys: readonly string[], seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '(circular)';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, extraKeys, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      isSensitiveKey(key, extraKeys) && item !== null ? REDACTED : redactValue(item, extraKeys, seen);
  }
  return out;
}

/** Values of sensitive fields in `value`, so text that echoes them (server error details) can be scrubbed. */
export function collectSecrets(value: unknown, extraKeys: readonly string[] = []): string[] {
  const found: string[] = [];
  const visit = (node: unknown, sensitive: boolean, depth: number): void => {
    if (depth > 64) return;
    if (typeof node === 'string' || typeof node === 'number') {
      if (sensitive) found.push(String(node));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, item] of Object.entries(node)) {
      visit(item, sensitive || isSensitiveKey(key, extraKeys), depth + 1);
    }
  };
  visit(value, false, 0);
  return found;
}

const CREDENTIAL_IN_TEXT = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const JWT_IN_TEXT = /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;
/** `password=…` in a query, a form or free text, up to the next `&`, `#`, `,`, `;` or space. */
const SENSITIVE_PAIR = new RegExp(String.raw`((?:${SENSITIVE_WORDS})[^=&#\s;,?"]*=)[^&#\s;,]*`, 'gi');
/**
 * `"password": "…"` in JSON text, plain or escaped once (a body quoted inside a string, where an
 * inner quote is `\\\"` and an inner backslash `\\\\`).
 */
const SENSITIVE_JSON = new RegExp(
  String.raw`("[^"\\]*(?:${SENSITIVE_WORDS})[^"\\]*"\s*:\s*")(?:[^"\\]|\\.)*"|` +
    String.raw`(\\"[^"\\]*(?:${SENSITIVE_WORDS})[^"\\]*\\"\s*:\s*\\")(?:\\{4}|\\{3}"|\\{2}[^"\\]|[^"\\])*\\"`,
  'gi',
);

/**
 * A request's path and query for a log line. The path is dpac's own, made of ids and route
 * templates: it is never scrubbed, as a mark in it (`/v3/(sensitive)/domains`) would itself tell
 * the secret. The query is redacted like any text.
 */
export function redactTarget(url: string, secrets: Iterable<string>): string {
  const target = url.replace(/^[a-z]+:\/\/[^/]+/i, '');
  const query = target.indexOf('?');
  return query < 0 ? target : target.slice(0, query) + redactText(target.slice(query), secrets);
}

/**
 * Scrubs credentials that have a recognisable shape, every known secret that is not guessable in
 * each form a server may echo it in (secret-forms.ts), then values of sensitive keys
 * (`"password":"…"`, `token=…`) whatever they are.
 */
export function redactText(text: string, secrets: Iterable<string> = []): string {
  let out = text.replace(CREDENTIAL_IN_TEXT, `$1 ${REDACTED}`).replace(JWT_IN_TEXT, REDACTED);
  out = scrubKnownSecrets(out, secrets, REDACTED);
  // By key last: a known value is removed whole first, even one holding a quote.
  return out
    .replace(SENSITIVE_PAIR, `$1${REDACTED}`)
    .replace(SENSITIVE_JSON, (_, plain?: string, escaped?: string) =>
      plain !== undefined ? `${plain}${REDACTED}"` : `${escaped}${REDACTED}\\"`,
    );
}
