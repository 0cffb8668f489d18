// `dpac export --factor-defaults`: the values every child of a parent shares (every table of a
// source) move into the parent's defaults key (a Source's `table_defaults`, see
// ResourceKind.childDefaults) and leave the children. Merging the defaults back under each child
// (manifest/merge-defaults.ts) gives each child's spec exactly, so the export still plans no
// change. Only parents with two children or more are factored. Pure.
import { stableStringify } from '../plan/fingerprint.js';

type Plain = Record<string, unknown>;

/** The part of the specs that all of them hold with equal values (mappings compared key by key). */
export function commonPart(specs: readonly Plain[]): Plain {
  const [first, ...rest] = specs;
  const out: Plain = {};
  if (!first) return out;
  for (const [key, value] of Object.entries(first)) {
    const others = rest.map((s) => s[key]);
    if (others.some((o) => o === undefined)) continue;
    const text = stableStringify(value);
    if (others.every((o) => stableStringify(o) === text)) out[key] = value;
    else if (isPlain(value) && others.every(isPlain)) {
      const inner = commonPart([value, ...(others as Plain[])]);
      if (Object.keys(inner).length > 0) out[key] = inner;
    }
  }
  return out;
}

/** `spec` without what `common` gives it (mappings emptied by that are dropped). */
export function withoutCommon(spec: Plain, common: Plain): Plain {
  const out: Plain = {};
  for (const [key, value] of Object.entries(spec)) {
    const shared = common[key];
    if (shared === undefined) out[key] = value;
    else if (stableStringify(shared) === stableStringify(value)) continue;
    else if (isPlain(shared) && isPlain(value)) {
      const rest = withoutCommon(value, shared);
      if (Object.keys(rest).length > 0) out[key] = rest;
    } else out[key] = value;
  }
  return out;
}

function isPlain(value: unknown): value is Plain {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
