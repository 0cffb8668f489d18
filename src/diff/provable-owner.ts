// Whether this project can prove that a live object it declares is its own: what `dpac destroy`
// may delete and what `dpac ls` shows. The kind's proof (ownership.ts) decides, with two further
// rules: the tag every unnamed project shares proves nothing, and a kind without tags counts as
// this project's only when this run's user changed it last (as a prune scope requires). Pure.
import { UNNAMED_PROJECT_TAG } from '../core/ownership-tag.js';
import { KINDS } from '../kinds/index.js';
import type { LiveObject } from '../live/live-object.js';
import { changedLastByAnother, type RunUser, runUserName } from './last-change.js';
import type { Owner } from './ownership.js';

export type Ownership =
  /** Provably this project's: `via` says by what. */
  | { state: 'ours'; via: string }
  /** Another project's (`owner`: its tag; absent when several tags make it no single project's). */
  | { state: 'theirs'; owner?: string; why: string }
  /** Nothing proves whose it is: `why`. */
  | { state: 'unowned'; why: string };

export interface OwnershipContext {
  owner(obj: LiveObject): Owner;
  ownershipTag: string;
  me: RunUser;
  userName(id: string): string;
}

export function provableOwner(obj: LiveObject, ctx: OwnershipContext): Ownership {
  const owner = ctx.owner(obj);
  switch (owner.state) {
    case 'theirs':
      return owner.contested
        ? { state: 'theirs', why: `carries more than one ownership tag (${owner.tag}): no single project's` }
        : { state: 'theirs', owner: owner.tag, why: `owned by ${owner.tag}, another project` };
    case 'ours':
      if (ctx.ownershipTag !== UNNAMED_PROJECT_TAG) return { state: 'ours', via: owner.via };
      return {
        state: 'unowned',
        why: `${owner.via}, but ${UNNAMED_PROJECT_TAG} is shared by every project without a name: set project: in dpac.yaml so dpac can prove it is this project's`,
      };
    case 'unnamed':
      return {
        state: 'unowned',
        why: `it carries ${UNNAMED_PROJECT_TAG}, the tag of projects without a name, not ${ctx.ownershipTag} (apply adopts it)`,
      };
    case 'unproven': {
      const proof = KINDS[obj.kind].ownership.proof;
      if (proof === 'audit') {
        const other = changedLastByAnother(obj, ctx.me, ctx.userName);
        return other
          ? { state: 'unowned', why: other }
          : { state: 'ours', via: `${runUserName(ctx.me)} (whom this run signs in as) changed it last` };
      }
      if (proof === 'tag') return { state: 'unowned', why: `${owner.why} yet (apply adopts it)` };
      if (proof === 'none')
        return {
          state: 'unowned',
          why: `the v3 API records nothing that could prove which project a ${obj.kind} belongs to (${owner.why})`,
        };
      return { state: 'unowned', why: owner.why };
    }
  }
}
