// How a kind's specs are compared, the same wherever two specs meet (plan, verify after apply,
// export's self-check, rename hints): never its write-only, create-only or unverifiable fields,
// nor what a manifest ignores; its keyed and prefix lists as the kind declares them.
import { KINDS, type KindName } from '../kinds/index.js';
import type { CompareOptions } from './compare-specs.js';

const byKind = new Map<KindName, CompareOptions>();

/** One object per kind when nothing is ignored: compareSpecs compiles each skip list once. */
export function compareOptionsOf(kind: KindName, ignore: readonly string[] = []): CompareOptions {
  let options = byKind.get(kind);
  if (!options) {
    const def = KINDS[kind];
    const extra = [...(def.createOnly ?? []), ...(def.unverifiable ?? [])];
    options = {
      skip: extra.length ? [...def.sensitive, ...extra] : def.sensitive,
      keyed: def.keyedLists,
      prefix: def.prefixLists,
    };
    byKind.set(kind, options);
  }
  return ignore.length ? { ...options, skip: [...(options.skip ?? []), ...ignore] } : options;
}
