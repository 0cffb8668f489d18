// `${env.NAME}` in a call body: a secret kept by reference until the call is sent. `$${` is the
// manifest escape for a literal `${`, so `$${env.X}` is text, not a reference.

export const ENV_REF = /(?<!\$)\$\{env\.([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The variable names a value refers to, in order of first use. */
export function envNamesIn(value: unknown): string[] {
  if (value === undefined) return [];
  const text = JSON.stringify(value);
  if (!text.includes('${env.')) return [];
  return [...new Set([...text.matchAll(ENV_REF)].map((m) => m[1] as string))];
}
