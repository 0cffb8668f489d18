// Fills a call just before it is sent: each of its fills at its JSON pointer (the id of an object
// created earlier in the apply, a secret from the environment or, in the run that planned it, a
// secret written literally), and the id placeholders of its path. Nothing else is read: text in a
// body that looks like a reference is text. In a path, an id must have a platform id's form and is
// percent-encoded: it is one segment, never a route. Pure.
import { isPlatformId, PLATFORM_ID_FORMS, quoteServerValue } from '../api/platform-id.js';
import { ID_PLACEHOLDER, idPlaceholder } from '../core/address.js';
import type { Call, Fill } from '../core/call.js';
import { getPointer, setPointer } from '../core/json-pointer.js';
import { isReservedVariable, REDACTED } from '../core/secret.js';
import { fillKey } from '../plan/lower-calls.js';

export interface Filled<T> {
  value?: T;
  /** Why it could not be filled (never includes a secret value). */
  error?: string;
}

export interface FillSources {
  /** Ids known so far: of objects that existed, and of those created in this apply. */
  ids: ReadonlyMap<string, string>;
  env: Readonly<Record<string, string | undefined>>;
  /** Secrets written literally in the manifests, by call and pointer (only the planning run has them). */
  literals?: ReadonlyMap<string, string>;
}

/** The call's body with every fill written in. */
export function fillBody(call: Pick<Call, 'id' | 'body' | 'fills'>, sources: FillSources): Filled<unknown> {
  let body = call.body;
  const problems: string[] = [];
  for (const fill of call.fills ?? []) {
    // The body shows each fill's text at its place; anything else there means the plan was edited.
    if (getPointer(body, fill.path) !== shownAs(fill)) {
      problems.push(`a fill at ${fill.path} that its body does not show (an edited plan?)`);
      continue;
    }
    const value = fillValue(fill, call.id, sources);
    if (typeof value === 'string') body = setPointer(body, fill.path, value);
    else problems.push(value.missing);
  }
  return problems.length ? { error: `needs ${[...new Set(problems)].join(' and ')}` } : { value: body };
}

/** The text a fill stands in the body as (plan/lower-calls.ts writes it). */
function shownAs(fill: Fill): string {
  if ('id' in fill) return idPlaceholder(fill.id);
  if ('env' in fill) return `\${env.${fill.env}}`;
  return REDACTED;
}

function fillValue(fill: Fill, callId: string, sources: FillSources): string | { missing: string } {
  if ('id' in fill) {
    const id = sources.ids.get(fill.id);
    if (id === undefined) return { missing: `the id of ${fill.id} (it was not created)` };
    if (!isPlatformId(id)) return { missing: `a platform id for ${fill.id}, not ${quoteServerValue(id)}` };
    return id;
  }
  if ('env' in fill) {
    if (isReservedVariable(fill.env))
      return { missing: `a variable other than ${fill.env}, which is never sent` };
    const value = Object.hasOwn(sources.env, fill.env) ? sources.env[fill.env] : undefined;
    return typeof value === 'string' ? value : { missing: `the environment variable ${fill.env}` };
  }
  const literal = sources.literals?.get(fillKey(callId, fill.path));
  return (
    literal ?? {
      missing:
        'a secret written literally in a manifest, which a saved plan cannot carry (give it as ${env.NAME})',
    }
  );
}

/** A call's path with its id placeholders filled; an id that is not a platform id is refused. */
export function substitutePath(path: string, ids: ReadonlyMap<string, string>): Filled<string> {
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

/** Addresses whose ids a call needs: its path's placeholders and its id fills. */
export function referencedIds(call: Pick<Call, 'path' | 'fills'>): string[] {
  const inPath = [...call.path.matchAll(ID_PLACEHOLDER)].map((m) => m[1] as string);
  return [...inPath, ...(call.fills ?? []).flatMap((f) => ('id' in f ? [f.id] : []))];
}
