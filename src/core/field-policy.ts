// Each field's rules — secret, immutable, create-only, unverifiable, keyed or prefix list, and the
// data impact of changing it — are declared once, on the field's own zod schema (`withRules`), and
// compiled once per spec schema into JSON-pointer patterns with one matcher. Validate, diff, plan,
// export and apply all ask here; no pointer list is kept by hand anywhere else.
import type { z } from 'zod';
import { parsePointer, toPointer } from './json-pointer.js';
import { defOf, WRAPPERS } from './zod-def.js';

/**
 * What changing a field does to the data, mildest first; `unknown` where no source says
 * (docs/data-impact.md tables every rule with its source).
 */
export const IMPACTS = ['metadata', 'next-run', 'unknown', 'reload', 'history', 'delete'] as const;
export type Impact = (typeof IMPACTS)[number];

/** What a field's schema declares about it beyond its shape. */
export interface FieldRules {
  /** A write-only credential: never read back, diffed, printed or exported; sent by reference. */
  secret?: true;
  /** A change forces delete + create; the field is named as the reason. */
  immutable?: true;
  /** Used only when creating: never compared, warned about once the object exists. */
  createOnly?: true;
  /** Sent, but the API never echoes it (a local file's hash): never compared. */
  unverifiable?: true;
  /** A list of objects compared by this key field instead of by position; extra live items ignored. */
  keyedBy?: string;
  /** A list compared as a leading part: the declared items must open the live list. */
  prefix?: true;
  /**
   * A list whose string items are local file paths (relative to the manifest): the loader reads
   * each into `{name, size, sha256, path}`; the hash and the path are sent, never compared.
   */
  localFiles?: true;
  /**
   * A field parsed loosely and checked elsewhere against one of several shapes (a source's
   * connection, whose shape follows its type): the rules of what it holds are read from this schema.
   */
  rulesFrom?: z.ZodType;
  /** What changing the field does to the data; the fields it holds inherit it unless they say otherwise. */
  impact?: Impact;
  /** On a kind's spec root: what deleting (or replacing) an object of the kind does to the data. */
  impactOnDelete?: Impact;
}

type RuleName = Exclude<
  keyof FieldRules,
  'keyedBy' | 'localFiles' | 'rulesFrom' | 'impact' | 'impactOnDelete'
>;

const declared = new WeakMap<z.core.$ZodType, FieldRules>();

/**
 * `schema` with `rules` declared on it. A copy: a field schema shared by several kinds keeps its
 * own rules. The rules survive later `.describe()`/`.meta()`, whose copies name their parent.
 */
export function withRules<T extends z.ZodType>(schema: T, rules: FieldRules): T {
  const marked = schema.clone() as T;
  declared.set(marked, { ...rulesOf(schema), ...rules });
  return marked;
}

/** The shapes a loosely parsed field holds (`rulesFrom`), for what needs its keys (dpac fmt's order). */
export function heldShapes(schema: z.core.$ZodType): z.ZodType | undefined {
  return rulesOf(schema)?.rulesFrom;
}

function rulesOf(schema: z.core.$ZodType): FieldRules | undefined {
  for (let s: z.core.$ZodType | undefined = schema; s; s = s._zod.parent) {
    const rules = declared.get(s);
    if (rules) return rules;
  }
  return undefined;
}

/**
 * Pointer patterns into a spec: `*` stands for any one segment (an array index, a keyed list's
 * key, a record's key). `matches` is exact (is this value a secret?); `covers` is at-or-under
 * (is this field, or what it holds, skipped?).
 */
export interface PointerPatterns {
  readonly pointers: readonly string[];
  /** Whether `path` (unescaped segments; those before `from` are skipped) is one of the patterns. */
  matches(path: readonly string[], from?: number): boolean;
  /** Whether the pointer is at or under one of the patterns. */
  covers(pointer: string): boolean;
  /** Whether the pointer is at, under or above one of the patterns (a change there reaches one). */
  touches(pointer: string): boolean;
  /** `value` without what the patterns point at (copied along the way; the input is not changed). */
  omitFrom<T>(value: T): T;
  /** The concrete pointers of the patterns whose value is present in `spec`. */
  presentIn(spec: unknown): string[];
  /** The concrete pointers of the patterns whose parent object is present in `spec` (set or not). */
  slotsIn(spec: unknown): string[];
}

/** Everything a spec schema declares, compiled: one pattern set per rule. */
export interface FieldPolicy {
  secret: PointerPatterns;
  immutable: PointerPatterns;
  createOnly: PointerPatterns;
  unverifiable: PointerPatterns;
  prefix: PointerPatterns;
  /** Lists of local file paths the loader reads (see FieldRules.localFiles). */
  localFiles: PointerPatterns;
  /** Keyed lists: pattern of the list → its key field. */
  keyed: Readonly<Record<string, string>>;
  /** What a diff never compares: secrets, create-only and unverifiable fields. */
  uncompared: PointerPatterns;
  /** The data impact of changing a field: the deepest declaration at or above it (docs/data-impact.md). */
  impact: ImpactRules;
}

interface ImpactRules {
  /** Every declaration, root first (`*` for any item or key). */
  readonly declared: readonly { pointer: string; impact: Impact }[];
  /** The impact of deleting or replacing an object (the spec root's `impactOnDelete`). */
  readonly onDelete: Impact | undefined;
  /** The impact of changing the field at `pointer`: its own declaration, else its nearest ancestor's. */
  at(pointer: string): Impact | undefined;
}

const policies = new WeakMap<z.ZodType, FieldPolicy>();

/** The compiled policy of a spec schema (walked once, then cached). */
export function fieldPolicy(schema: z.ZodType): FieldPolicy {
  const known = policies.get(schema);
  if (known) return known;
  const found: Record<RuleName, string[]> = {
    secret: [],
    immutable: [],
    createOnly: [],
    unverifiable: [],
    prefix: [],
  };
  const keyed: Record<string, string> = {};
  const localFiles: string[] = [];
  const impacts: { pointer: string; impact: Impact }[] = [];
  let onDelete: Impact | undefined;
  collect(schema, [], new Set(), (rules, at) => {
    const pointer = toPointer(at);
    if (rules.impact && !impacts.some((i) => i.pointer === pointer))
      impacts.push({ pointer, impact: rules.impact });
    if (rules.impactOnDelete && at.length === 0) onDelete ??= rules.impactOnDelete;
    for (const name of Object.keys(found) as RuleName[]) if (rules[name]) found[name].push(pointer);
    if (rules.keyedBy) keyed[pointer] = rules.keyedBy;
    if (rules.localFiles) {
      localFiles.push(pointer);
      found.unverifiable.push(`${pointer}/*/sha256`, `${pointer}/*/path`);
    }
  });
  const policy: FieldPolicy = {
    secret: pointerPatterns(found.secret),
    immutable: pointerPatterns(found.immutable),
    createOnly: pointerPatterns(found.createOnly),
    unverifiable: pointerPatterns(found.unverifiable),
    prefix: pointerPatterns(found.prefix),
    localFiles: pointerPatterns(localFiles),
    keyed,
    uncompared: pointerPatterns([...found.secret, ...found.createOnly, ...found.unverifiable]),
    impact: impactRules(impacts, onDelete),
  };
  policies.set(schema, policy);
  return policy;
}

function impactRules(
  declared: { pointer: string; impact: Impact }[],
  onDelete: Impact | undefined,
): ImpactRules {
  // Deepest first: the first pattern a pointer starts with is its nearest declaration.
  const patterns = declared
    .map((d) => ({ segments: parsePointer(d.pointer), impact: d.impact }))
    .sort((a, b) => b.segments.length - a.segments.length);
  return {
    declared,
    onDelete,
    at(pointer) {
      const path = parsePointer(pointer);
      return patterns.find(
        (p) =>
          p.segments.length <= path.length && sameSegments(p.segments, path.slice(0, p.segments.length), 0),
      )?.impact;
    },
  };
}

/** Walks a schema's definition, reporting the rules declared at each position (arrays and records as `*`). */
function collect(
  schema: z.ZodType,
  at: string[],
  inPath: Set<z.ZodType>,
  report: (rules: FieldRules, at: readonly string[]) => void,
): void {
  if (inPath.has(schema)) return; // a recursive schema: its rules were met on the way in
  const rules = rulesOf(schema);
  if (rules) report(rules, at);
  inPath.add(schema);
  if (rules?.rulesFrom) collect(rules.rulesFrom, at, inPath, report);
  const def = defOf(schema);
  const walk = (inner: z.ZodType | undefined | null, path: string[] = at) => {
    if (inner) collect(inner, path, inPath, report);
  };
  if (WRAPPERS.has(def.type)) walk(def.innerType);
  else if (def.type === 'pipe') walk(def.in);
  else if (def.type === 'lazy') walk(def.getter?.());
  else if (def.type === 'object') {
    for (const [key, field] of Object.entries(def.shape ?? {})) walk(field, [...at, key]);
    walk(def.catchall, [...at, '*']);
  } else if (def.type === 'array') walk(def.element, [...at, '*']);
  else if (def.type === 'record') walk(def.valueType, [...at, '*']);
  else if (def.type === 'union') for (const option of def.options ?? []) walk(option);
  else if (def.type === 'intersection') {
    walk(def.left);
    walk(def.right);
  } else if (def.type === 'tuple') {
    for (const [i, item] of (def.items ?? []).entries()) walk(item, [...at, String(i)]);
  }
  inPath.delete(schema);
}

/** Patterns from pointers (deduplicated); the same matcher serves every caller. */
export function pointerPatterns(pointers: readonly string[]): PointerPatterns {
  const unique = [...new Set(pointers)];
  const parsed = unique.map(parsePointer);
  // `matches` runs for every string of every manifest: a path whose last segment ends no pattern
  // is refused at once, unless some pattern ends on `*` (or is the whole document).
  const lastSegments = new Set(parsed.map((p) => p.at(-1)));
  const anyLast = lastSegments.has(undefined) || lastSegments.has('*');
  // `covers` runs for every field a diff compares: one regular expression over the pointer text,
  // tried only when the pointer starts like some pattern (most fields start like none).
  const coverRe =
    unique.length === 0
      ? undefined
      : new RegExp(`^(?:${parsed.map((p) => p.map(segmentRe).join('')).join('|')})(?:/|$)`);
  const starts = parsed.some((p) => p[0] === undefined || p[0] === '*')
    ? undefined
    : [...new Set(parsed.map((p) => `/${toPointer([p[0] as string]).slice(1)}`))];
  const mayCover = (pointer: string) =>
    coverRe !== undefined && (starts === undefined || starts.some((start) => pointer.startsWith(start)));
  return {
    pointers: unique,
    matches(path, from = 0) {
      if (parsed.length === 0) return false;
      if (!anyLast && !lastSegments.has(path[path.length - 1])) return false;
      return parsed.some((pattern) => sameSegments(pattern, path, from));
    },
    // `/` alone is the whole document, as parsePointer reads it.
    covers: (pointer) => mayCover(pointer) && (coverRe?.test(pointer === '/' ? '' : pointer) ?? false),
    touches: (pointer) =>
      (coverRe?.test(pointer) ?? false) ||
      parsed.some((pattern) => startsWithSegments(pattern, parsePointer(pointer))),
    omitFrom: <T>(value: T) => parsed.reduce((out: unknown, segments) => omitAt(out, segments), value) as T,
    presentIn: (spec) => concretePointers(spec, parsed, true),
    slotsIn: (spec) => concretePointers(spec, parsed, false),
  };
}

function startsWithSegments(pattern: readonly string[], prefix: readonly string[]): boolean {
  if (prefix.length >= pattern.length) return false;
  return prefix.every((segment, i) => pattern[i] === '*' || pattern[i] === segment);
}

function segmentRe(segment: string): string {
  if (segment === '*') return '/[^/]*';
  return `/${toPointer([segment])
    .slice(1)
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
}

function sameSegments(pattern: readonly string[], path: readonly string[], from: number): boolean {
  if (pattern.length !== path.length - from) return false;
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i];
    if (want !== '*' && want !== path[from + i]) return false;
  }
  return true;
}

function concretePointers(
  spec: unknown,
  patterns: readonly (readonly string[])[],
  present: boolean,
): string[] {
  const out = new Set<string>();
  const walk = (node: unknown, pattern: readonly string[], i: number, at: string[]): void => {
    if (i === pattern.length) {
      if (!present || node !== undefined) out.add(toPointer(at));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const head = pattern[i] as string;
    const last = i === pattern.length - 1;
    const keys =
      head === '*' ? Object.keys(node) : Object.hasOwn(node, head) || (last && !present) ? [head] : [];
    for (const key of keys) walk((node as Record<string, unknown>)[key], pattern, i + 1, [...at, key]);
  };
  for (const pattern of patterns) walk(spec, pattern, 0, []);
  return [...out];
}

/** `node` without what `segments` (from `at` on) point at; no copy where nothing is removed. */
function omitAt(node: unknown, segments: readonly string[], at = 0): unknown {
  const head = segments[at];
  if (head === undefined || node === null || typeof node !== 'object') return node;
  const container = node as Record<string, unknown>;
  const keys = head === '*' ? Object.keys(container) : [head];
  let copy: Record<string, unknown> | undefined;
  for (const key of keys) {
    if (!(key in container)) continue;
    if (at === segments.length - 1) {
      if (Array.isArray(container)) continue;
      copy ??= { ...container };
      delete copy[key];
    } else {
      const child = omitAt(container[key], segments, at + 1);
      if (child === container[key]) continue;
      copy ??= (Array.isArray(container) ? [...container] : { ...container }) as Record<string, unknown>;
      copy[key] = child;
    }
  }
  return copy ?? container;
}
