// Field-level comparison of a desired spec with a live projection. Pure.
// Rules: a field the manifest gives is managed and compared; a field it omits is not
// compared (documented defaults were already filled in by the schema); lists of objects of the same
// length are compared element by element with the same rule, other lists as a whole (a prefix list:
// with the same number of leading live items); skipped pointers
// (write-only secrets, metadata.ignore) are never compared.
import type { PointerPatterns } from '../core/field-policy.js';
import { toPointer } from '../core/json-pointer.js';

export interface FieldChange {
  /** JSON pointer into the spec. */
  path: string;
  /** Live value; undefined when live has none. */
  before?: unknown;
  /** Declared value. */
  after?: unknown;
  /** Why the field matters when it is not obvious (immutable → replace). */
  why?: string;
}

export interface CompareOptions {
  /** Pointers never compared, nor what lies under them (write-only fields, metadata.ignore). */
  skip?: PointerPatterns;
  /** Lists matched by a key field (pointer → key); extra live items are not compared. */
  keyed?: Readonly<Record<string, string>>;
  /** Lists whose desired items must open the live list, in order; live items after them are not compared. */
  prefix?: readonly string[];
}

export function compareSpecs(desired: unknown, live: unknown, options: CompareOptions = {}): FieldChange[] {
  const changes: FieldChange[] = [];
  const rules = {
    skip: options.skip,
    keyed: keyedLists(options.keyed ?? NO_KEYED),
    prefix: options.prefix ?? NONE,
  };
  walk(desired, live, '', rules, changes);
  return changes;
}

const NONE: readonly string[] = [];
/** Shared by every kind without keyed lists, so their compiled map is made once. */
const NO_KEYED: Readonly<Record<string, string>> = {};
// A kind's keyed lists are the same object for every object of the kind: compiled once (this
// runs for every field of every object a plan compares).
const compiledKeyed = new WeakMap<Readonly<Record<string, string>>, ReadonlyMap<string, string>>();

function keyedLists(keyed: Readonly<Record<string, string>>): ReadonlyMap<string, string> {
  let map = compiledKeyed.get(keyed);
  if (!map) {
    map = new Map(Object.entries(keyed));
    compiledKeyed.set(keyed, map);
  }
  return map;
}

interface WalkRules {
  skip: PointerPatterns | undefined;
  keyed: ReadonlyMap<string, string>;
  prefix: readonly string[];
}

/** Pointers are built as the walk descends (a hot path: plans compare every field of every object). */
function walk(desired: unknown, live: unknown, pointer: string, rules: WalkRules, out: FieldChange[]): void {
  if (rules.skip?.covers(pointer)) return;
  if (isPlainObject(desired)) {
    if (!isPlainObject(live)) {
      out.push({ path: pointer, before: live, after: desired });
      return;
    }
    for (const key of Object.keys(desired)) {
      if (desired[key] === undefined) continue;
      walk(desired[key], live[key], child(pointer, key), rules, out);
    }
    return;
  }
  if (Array.isArray(desired)) {
    const key = rules.keyed.size > 0 ? rules.keyed.get(pointer) : undefined;
    if (key) {
      walkKeyed(desired, live, { pointer, key, rules, out });
      return;
    }
    if (rules.prefix.length > 0 && rules.prefix.includes(pointer) && Array.isArray(live)) {
      live = live.slice(0, desired.length);
    }
    // A list of scalars (tags, roles, topics: sets after normalization) differs as a whole;
    // position-wise fields would show `/tags/0: pii → gdpr` for a set that gained one and lost one.
    if (
      !Array.isArray(live) ||
      live.length !== desired.length ||
      (allScalars(desired) && !sameScalars(desired, live))
    ) {
      out.push({ path: pointer, before: live, after: desired });
      return;
    }
    for (let i = 0; i < desired.length; i++) walk(desired[i], live[i], `${pointer}/${i}`, rules, out);
    return;
  }
  if (!sameScalar(desired, live)) out.push({ path: pointer, before: live, after: desired });
}

function allScalars(items: readonly unknown[]): boolean {
  for (const item of items) if (item !== null && typeof item === 'object') return false;
  return true;
}

/** Each desired item is compared with the live item carrying the same key; its path uses the key. */
function walkKeyed(
  desired: unknown[],
  live: unknown,
  at: { pointer: string; key: string; rules: WalkRules; out: FieldChange[] },
): void {
  const liveItems = Array.isArray(live) ? live : [];
  for (const item of desired) {
    const id = isPlainObject(item) ? item[at.key] : undefined;
    const match = liveItems.find((l) => isPlainObject(l) && l[at.key] === id);
    walk(item, match, child(at.pointer, String(id)), at.rules, at.out);
  }
}

function child(pointer: string, key: string): string {
  return `${pointer}/${key.includes('~') || key.includes('/') ? toPointer([key]).slice(1) : key}`;
}

function sameScalars(desired: readonly unknown[], live: readonly unknown[]): boolean {
  for (let i = 0; i < desired.length; i++) if (!sameScalar(desired[i], live[i])) return false;
  return true;
}

function sameScalar(a: unknown, b: unknown): boolean {
  return a === b || (a === null && b === undefined) || (a === undefined && b === null);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Top-level spec keys touched by a set of field changes. */
export function changedKeys(fields: readonly FieldChange[]): Set<string> {
  const keys = new Set<string>();
  for (const f of fields) {
    const top = f.path.split('/')[1];
    if (top !== undefined) keys.add(top.replace(/~1/g, '/').replace(/~0/g, '~'));
  }
  return keys;
}
