// Seals credentials in ingestion bodies (connections, export targets) and masks them for listings.
import { SECRET_FIELDS, sealSecret } from '../secrets.js';

/** Credential field names specific to source connections, on top of the core's list. */
const INGESTION_SECRET_FIELDS: ReadonlySet<string> = new Set([
  'application_secret_key',
  'passphrase',
  'kdc_admin_password',
  'teradata_wallet_key_used_for_password',
]);

function isSecretField(key: string): boolean {
  return SECRET_FIELDS.has(key) || INGESTION_SECRET_FIELDS.has(key);
}

/**
 * Deep copy with every string under a secret field name replaced by cipher text. A secret-ref
 * object ({password_type, password} / {password_type, secret_id}) is walked, so only the inner
 * credential is sealed. Values already sealed pass through, so echoing a GET back is harmless.
 */
export function sealCredentials<T>(value: T): T {
  return walk(value, (secret) => sealSecret(secret)) as T;
}

/** Deep copy with every secret string shown as "********" (the table-group mapping view). */
export function maskCredentials<T>(value: T): T {
  return walk(value, () => '********') as T;
}

function walk(value: unknown, replace: (secret: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => walk(item, replace));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = isSecretField(key) && typeof inner === 'string' ? replace(inner) : walk(inner, replace);
  }
  return out;
}
