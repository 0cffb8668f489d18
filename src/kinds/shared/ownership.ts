// What proves ownership where the v3 API holds no tag: the parent, or nothing at all. Kinds name
// their proof in `ResourceKind.ownership`; the reasons below are what plan and drift print.
import type { Ownership } from '../kind.js';

/** Owned exactly when the parent is: the API gives the kind no field dpac could mark. */
export const OWNED_WITH_PARENT: Ownership = { proof: 'parent' };

/**
 * No provable marker: every field the API gives the kind is read by the platform or shown to
 * people, so a marker would change behaviour. Only a prune scope lets dpac delete one.
 */
export function noMarker(fields: string): Ownership {
  return {
    proof: 'none',
    why: `the v3 API can hold no ownership marker on it (${fields})`,
  };
}
