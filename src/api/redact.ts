// Replaces secrets with `(sensitive)`: by key in structured values, by known value and token shape in text.

import { REDACTED } from '../core/secret.js';

export { REDACTED };

const SENSITIVE_KEY =
  /password|token|secret|refresh|access_key|account_key|client_secret|passphrase|authorization/i;

/** Shortest known secret value scrubbed from free text; shorter ones would erase ordinary words. */
const MIN_SCRUB_LENGTH = 3;

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
const SENSITIVE_QUERY =
  /([?&](?:[^=&#]*(?:password|token|secret|refresh|access_key|account_key|passphrase)[^=&#]*)=)[^&#]*/gi;

/**
 * Scrubs credentials that have a recognisable shape, then every known secret value in each form a
 * server may echo it in: raw, JSON-escaped (once or twice: a body quoted inside an error string),
 * URL- and form-encoded, base64 and base64url — also inside a longer base64 run, such as an echo
 * of the whole request body.
 */
export function redactText(text: string, secrets: Iterable<string> = []): string {
  let out = text
    .replace(CREDENTIAL_IN_TEXT, `$1 ${REDACTED}`)
    .replace(JWT_IN_TEXT, REDACTED)
    .replace(SENSITIVE_QUERY, `$1${REDACTED}`);
  const values = [...new Set(secrets)].filter((s) => s.length >= MIN_SCRUB_LENGTH);
  if (values.length === 0) return out;
  out = out.replace(BASE64_RUN, (run) => (decodesToSecret(run, values) ? REDACTED : run));
  const forms = [...new Set(values.flatMap(encodedForms))].filter((f) => f.length >= MIN_SCRUB_LENGTH);
  // Longest first, so a secret containing a shorter one is removed whole.
  forms.sort((a, b) => b.length - a.length);
  for (const form of forms) out = out.split(form).join(REDACTED);
  return out;
}

/** The ways a secret can appear in echoed text. */
function encodedForms(secret: string): string[] {
  const jsonOnce = JSON.stringify(secret).slice(1, -1);
  const jsonTwice = JSON.stringify(jsonOnce).slice(1, -1);
  const url = encodeURIComponent(secret);
  const bytes = Buffer.from(secret, 'utf8');
  return [
    secret,
    jsonOnce,
    jsonTwice,
    url,
    url.replace(/%20/g, '+'),
    encodeURI(secret),
    bytes.toString('base64'),
    bytes.toString('base64url'),
  ];
}

const BASE64_RUN = /[A-Za-z0-9+/_-]{16,}={0,2}/g;

function decodesToSecret(run: string, secrets: readonly string[]): boolean {
  const decoded = Buffer.from(run.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
  return secrets.some((secret) => {
    const escaped = JSON.stringify(secret).slice(1, -1);
    return decoded.includes(secret) || decoded.includes(escaped);
  });
}
