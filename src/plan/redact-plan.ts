// Secrets never enter plans: a `${env.NAME}` reference is kept (it names where the value comes
// from at apply time), any other value under a secret-looking key becomes "(sensitive)".

export const SENSITIVE = '(sensitive)';

const SECRET_KEY = /pass(word|phrase)?$|token$|secret|^access_key|account_key|client_secret|credential/i;
const ENV_REF = /^\$\{env\.[A-Za-z_][A-Za-z0-9_]*\}$/;

function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key) && !/_type$|_id$|_mechanism$|_path$|_url$/.test(key);
}

export function redactCallBody(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(redactCallBody);
  if (body === null || typeof body !== 'object') return body;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (isSecretKey(k) && typeof v === 'string' && !ENV_REF.test(v)) out[k] = SENSITIVE;
    else out[k] = redactCallBody(v);
  }
  return out;
}
