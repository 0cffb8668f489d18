// What proves ownership where the v3 API holds no tag: the parent, who changed it last, or nothing. Kinds name
// their proof in `ResourceKind.ownership`; the reasons below are what plan and drift print.
import type { Ownership } from '../kind.js';

/** Owned exactly when the parent is: the API gives the kind no field dpac could mark. */
export const OWNED_WITH_PARENT: Ownership = { proof: 'parent' };

/**
 * No tag, only who last changed it: every field the API gives the kind is read by the platform or
 * shown to people, so dpac writes no marker; the platform's audit fields are the one it reads.
 */
export function auditMarker(fields: string): Ownership {
  return {
    proof: 'audit',
    why: `the v3 API can hold no ownership marker on it (${fields}); it records only who changed it last`,
  };
}

/** No marker at all, not even who changed it last: only a prune scope naming it exactly deletes one. */
export function noMarker(fields: string): Ownership {
  return {
    proof: 'none',
    why: `the v3 API can hold no ownership marker on it (${fields}) and records no one who changed it`,
  };
}
