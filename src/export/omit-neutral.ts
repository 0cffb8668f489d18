// Drops the scalar fields a kind's canonical form fills back in by itself (normalize() defaults
// such as a schedule's `ends: false`): a field is omitted only when parsing and normalizing the
// spec without it gives exactly the same desired spec, so omission never changes what a plan does.
import { isDeepStrictEqual } from 'node:util';
import { toPointer } from '../core/json-pointer.js';

/** Desired spec as the plan engine would see it (parse + normalize), or undefined when invalid. */
export type Canonical = (spec: Record<string, unknown>) => unknown;

export interface OmitOptions {
  canonical: Canonical;
  /** Pointers never touched (secret placeholders). */
  keep?(pointer: string): boolean;
  /** What earlier objects of the same kind taught; pass one per kind to keep large exports fast. */
  memo?: OmitMemo;
}

/**
 * Per field (path without array indexes): values whose omission was neutral, and values whose
 * omission was not. Only a hint: predicted omissions are applied together and kept only when
 * the canonical form is unchanged; a field that was never neutral is kept without a trial
 * (keeping a field never changes meaning).
 */
export type OmitMemo = Map<string, { neutral: Set<string>; not: Set<string> }>;

const NEVER_NEUTRAL_AFTER = 3;

/** A field tried a few times and never found neutral is not tried again. */
const neverNeutral = (entry: { neutral: Set<string>; not: Set<string> }): boolean =>
  entry.neutral.size === 0 && entry.not.size >= NEVER_NEUTRAL_AFTER;

export function omitNeutral(spec: Record<string, unknown>, options: OmitOptions): Record<string, unknown> {
  const target = options.canonical(spec);
  if (target === undefined) return spec;
  const neutral = (candidate: Record<string, unknown>) =>
    isDeepStrictEqual(options.canonical(candidate), target);
  const memo: OmitMemo = options.memo ?? new Map();
  const fields: { path: string[]; field: string; value: string }[] = [];
  for (const path of candidatePaths(spec)) {
    const field = toPointer(path);
    if (options.keep?.(field)) continue;
    // A field the memo has seen non-neutral NEVER_NEUTRAL_AFTER times and neutral never is neither
    // predicted nor tried (the loop below would skip it): it is left out before its value is written.
    const entry = memo.get(field);
    if (entry && neverNeutral(entry)) continue;
    fields.push({ path, field, value: valueKey(spec, path) });
  }
  const seen = (field: string) => {
    const entry = memo.get(field) ?? { neutral: new Set<string>(), not: new Set<string>() };
    memo.set(field, entry);
    return entry;
  };

  // One parse checks every omission the memo predicts, all at once.
  const predicted = fields.filter((f) => memo.get(f.field)?.neutral.has(f.value));
  let current = predicted.reduce((acc, f) => without(acc, f.path), spec);
  const batched = predicted.length > 0 && neutral(current);
  if (!batched) current = spec;

  for (const f of fields) {
    const entry = seen(f.field);
    if (batched && entry.neutral.has(f.value)) continue;
    if (entry.not.has(f.value) || neverNeutral(entry)) continue;
    const trial = without(current, f.path);
    if (trial === current) continue;
    const omit = neutral(trial);
    (omit ? entry.neutral : entry.not).add(f.value);
    if (omit) current = trial;
  }
  return current;
}

/** The value at `path` as the memo keys it. */
function valueKey(spec: Record<string, unknown>, path: readonly string[]): string {
  let value: unknown = spec;
  for (const segment of path) value = (value as Record<string, unknown> | undefined)?.[segment];
  return JSON.stringify(value);
}

/**
 * Scalars and empty containers outside arrays, deepest first, so an object emptied by earlier
 * omissions is tried after its members. Array items are never omitted (that would shift them).
 */
function candidatePaths(spec: Record<string, unknown>): string[][] {
  const out: string[][] = [];
  const visit = (node: Record<string, unknown>, at: string[]): void => {
    for (const [key, value] of Object.entries(node)) {
      const path = [...at, key];
      if (isPlainObject(value)) {
        visit(value, path);
        out.push(path);
      } else if (!Array.isArray(value) || value.length === 0) out.push(path);
    }
  };
  visit(spec, []);
  return out;
}

/** Copy without the field at `path`; an object that path leads through is tried only once empty. */
function without(spec: Record<string, unknown>, path: readonly string[]): Record<string, unknown> {
  const [head, ...rest] = path;
  if (head === undefined || !(head in spec)) return spec;
  const copy = { ...spec };
  const child = copy[head];
  if (rest.length === 0) {
    if (isPlainObject(child) && Object.keys(child).length > 0) return spec;
    delete copy[head];
    return copy;
  }
  if (!isPlainObject(child)) return spec;
  copy[head] = without(child, rest);
  return copy;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
