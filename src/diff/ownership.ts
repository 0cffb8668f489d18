// Who owns a live object, by the proof its kind names (ResourceKind.ownership): this project's tag,
// another project's, the tag every unnamed project shares, a parent's ownership, or nothing
// provable. An object carrying more than one `managed-by:` tag is foreign to every project, this
// one included. Pure; one answer per object, memoized (a 10k-table plan asks for each table once).
import { UNNAMED_PROJECT_TAG } from '../core/ownership-tag.js';
import { KINDS, parentOf } from '../kinds/index.js';
import type { LiveObject, LiveState } from '../live/live-object.js';

export type Owner =
  /** This project's: `via` says by what proof. */
  | { state: 'ours'; via: string }
  /**
   * Another project's: it carries (or its parent or a table it lists carries) `tag`. With
   * `contested`, it carries several `managed-by:` tags (`tag` lists them): no project's alone.
   */
  | { state: 'theirs'; tag: string; contested?: true }
  /** Carries the tag every project without a name shares, while this project has its own. */
  | { state: 'unnamed' }
  /** Nothing proves it is anyone's: `why`. */
  | { state: 'unproven'; why: string };

export function ownerResolver(live: LiveState, ownershipTag: string): (obj: LiveObject) => Owner {
  const memo = new Map<LiveObject, Owner>();
  const resolve = (obj: LiveObject): Owner => {
    let owner = memo.get(obj);
    if (!owner) {
      owner = compute(obj);
      memo.set(obj, owner);
    }
    return owner;
  };
  const compute = (obj: LiveObject): Owner => {
    const kind = KINDS[obj.kind];
    const proof = kind.ownership;
    if (proof.proof === 'none' || proof.proof === 'audit') return { state: 'unproven', why: proof.why };
    if (proof.proof === 'tag') {
      const others = obj.ownerTags ?? [];
      if (others.length + (obj.owned ? 1 : 0) > 1) {
        const all = obj.owned ? [ownershipTag, ...others].sort() : others;
        return { state: 'theirs', tag: all.join(', '), contested: true };
      }
      if (obj.owned) return { state: 'ours', via: `carries the ownership tag ${ownershipTag}` };
      if (others[0] === UNNAMED_PROJECT_TAG) return { state: 'unnamed' };
      if (others[0]) return { state: 'theirs', tag: others[0] };
      return { state: 'unproven', why: 'it carries no ownership tag' };
    }
    const listed = (proof.members?.(obj.spec, obj.ancestors) ?? [])
      .map((a) => live.objects.get(a))
      .filter((m): m is LiveObject => m !== undefined);
    const members = listed.map(resolve);
    const foreign = members.find((m) => m.state === 'theirs');
    if (foreign) return foreign;
    const parentAt = parentOf(obj);
    const parent = parentAt ? live.objects.get(parentAt) : undefined;
    const parentOwner = parent ? resolve(parent) : undefined;
    if (parent && parentOwner?.state === 'ours')
      return { state: 'ours', via: `its parent ${parent.address} is owned` };
    if (members.length > 0 && members.every((m) => m.state === 'ours'))
      return { state: 'ours', via: `every ${listed[0]?.kind} it lists is owned` };
    if (parentOwner && parentOwner.state !== 'unproven') return parentOwner;
    return { state: 'unproven', why: `its parent ${parent?.address ?? '(not found)'} is not owned` };
  };
  return resolve;
}
