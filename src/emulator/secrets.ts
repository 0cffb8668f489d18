// Seals secret values into opaque cipher text (AES-256-GCM); reads only ever see the cipher text.
import { createCipheriv, randomBytes } from 'node:crypto';

const KEY = randomBytes(32);
const PREFIX = 'enc:v1:';

/** Field names whose values are credentials wherever they occur in a body. */
export const SECRET_FIELDS: ReadonlySet<string> = new Set([
  'password',
  'token',
  'secret_key',
  'access_key',
  'account_key',
  'access_key_name',
  'client_secret',
  'oauth_token',
  'oauth_client_secret',
  'service_credential',
  'scheduler_auth_token',
  'metastore_password',
  'private_key',
  'sas_token',
  'api_key',
  'refresh_token',
  'db_token',
  'azure_ad_password',
  'kdc_admin_password',
]);

function isSealed(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith(PREFIX);
}

/** Opaque, non-reversible-by-clients cipher text; already sealed values pass through. */
export function sealSecret(value: string): string {
  if (isSealed(value)) return value;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', KEY, iv);
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}

/**
 * Returns a deep copy of `value` with every string under a secret field name sealed. A secret
 * field holding an object (a secret-ref like {password_type, password}) is walked, so its
 * `password` is sealed while `password_type`/`secret_id` stay readable.
 */
export function sealSecrets<T>(value: T): T {
  return walk(value) as T;
}

function walk(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(walk);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = SECRET_FIELDS.has(key) && typeof inner === 'string' ? sealSecret(inner) : walk(inner);
  }
  return out;
}
