// Fills a call's placeholders just before it is sent: `${Kind/.../name.id}` from ids known so far,
// `${env.NAME}` from the environment (secrets are resolved here and only here). In a path, an id
// must have a platform id's form and is percent-encoded: it is one segment, never a route. Pure.
import { isPlatformId, PLATFORM_ID_FORMS, quoteServerValue } from '../api/platform-id.js';
import { ID_PLACEHOLDER } from '../core/address.js';
import { ENV_REF } from '../core/env-ref.js';

export interface Substitution<T> {
  value?: T;
  /** Why it could not be filled (never includes a secret value). */
  error?: string;
}

export function substitute<T>(
  value: T,
  ids: ReadonlyMap<string, string>,
  env: Record<string, string | undefined>,
): Substitution<T> {
  const missing: string[] = [];
  const fill = (text: string): string =>
    text
      .replace(ID_PLACEHOLDER, (whole, address: string) => {
        const id = ids.get(address);
        if (id === undefined) missing.push(`the id of ${address} (it was not created)`);
        return id ?? whole;
      })
      .replace(ENV_REF, (whole, name: string) => {
        const v = env[name];
        if (v === undefined) missing.push(`the environment variable ${name}`);
        return v ?? whole;
      })
      // `$${...}` is the manifest escape for a literal `${...}` (kept verbatim in secret fields).
      .replace(/\$\$\{/g, '${');
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return fill(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  const out = walk(value) as T;
  return missing.length ? { error: `needs ${[...new Set(missing)].join(' and ')}` } : { value: out };
}

/** A call's path with its id placeholders filled; an id that is not a platform id is refused. */
export function substitutePath(path: string, ids: ReadonlyMap<string, string>): Substitution<string> {
  const problems: string[] = [];
  const value = path.replace(ID_PLACEHOLDER, (whole, address: string) => {
    const id = ids.get(address);
    if (id === undefined) problems.push(`needs the id of ${address} (it was not created)`);
    else if (!isPlatformId(id)) {
      problems.push(
        `refuses the id ${quoteServerValue(id)} of ${address} in a path: it is not a platform id (${PLATFORM_ID_FORMS})`,
      );
    }
    return id === undefined ? whole : encodeURIComponent(id);
  });
  return problems.length ? { error: [...new Set(problems)].join(' and ') } : { value };
}

/** Addresses whose ids a value refers to. */
export function referencedIds(value: unknown): string[] {
  const text = JSON.stringify(value ?? null);
  return [...text.matchAll(ID_PLACEHOLDER)].map((m) => m[1] as string);
}
