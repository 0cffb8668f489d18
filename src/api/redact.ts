// Replaces secrets with `(sensitive)`: by key in structured values, by known value and token shape in text.

export const REDACTED = '(sensitive)';

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

/** Scrubs credentials that have a recognisable shape, then every known secret value. */
export function redactText(text: string, secrets: Iterable<string> = []): string {
  let out = text
    .replace(CREDENTIAL_IN_TEXT, `$1 ${REDACTED}`)
    .replace(JWT_IN_TEXT, REDACTED)
    .replace(SENSITIVE_QUERY, `$1${REDACTED}`);
  const values = [...new Set(secrets)].filter((s) => s.length >= MIN_SCRUB_LENGTH);
  // Longest first, so a secret containing a shorter one is removed whole.
  values.sort((a, b) => b.length - a.length);
  for (const secret of values) {
    out = out.split(secret).join(REDACTED);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) out = out.split(encoded).join(REDACTED);
  }
  return out;
}
