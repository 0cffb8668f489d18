// How a kind's specs are compared, the same wherever two specs meet (plan, verify after apply,
// export's self-check, rename hints): never its write-only, create-only or unverifiable fields,
// nor what a manifest ignores; its keyed and prefix lists as the kind's field policy declares them.
import { pointerPatterns } from '../core/field-policy.js';
import { KINDS, type KindName, policyOf } from '../kinds/index.js';
import type { CompareOptions } from './compare-specs.js';

const byKind = new Map<KindName, CompareOptions>();
/** A manifest's ignore list joined to its kind's: compiled once per list (each manifest has its own). */
const withIgnores = new WeakMap<readonly string[], CompareOptions>();

export function compareOptionsOf(kind: KindName, ignore: readonly string[] = []): CompareOptions {
  let options = byKind.get(kind);
  if (!options) {
    const policy = policyOf(KINDS[kind]);
    options = { skip: policy.uncompared, keyed: policy.keyed, prefix: policy.prefix.pointers };
    byKind.set(kind, options);
  }
  if (ignore.length === 0) return options;
  let ignoring = withIgnores.get(ignore);
  if (!ignoring) {
    ignoring = { ...options, skip: pointerPatterns([...(options.skip?.pointers ?? []), ...ignore]) };
    withIgnores.set(ignore, ignoring);
  }
  return ignoring;
}
