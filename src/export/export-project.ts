// Which project an export is: the ownership tag its objects carry decides `project:` (or
// `ownership_tag:`) of the dpac.yaml it writes, so a plan of the export adopts or changes nothing
// instead of refusing every object as another project's. Objects another project owns are left
// out (what the export refers to among them becomes an external declaration). Pure.
import { projectOfTag, projectTag, UNNAMED_PROJECT_TAG } from '../core/ownership-tag.js';
import { ownerResolver } from '../diff/ownership.js';
import { KINDS } from '../kinds/index.js';
import { tagsPointer } from '../kinds/kind.js';
import type { LiveObject, LiveState } from '../live/live-object.js';

export interface ProjectDecision {
  /** `project:` of the dpac.yaml, when the tag is a named project's. */
  name?: string;
  /** The ownership tag the project's plans use. */
  ownershipTag: string;
  /** Why, in one sentence. */
  reason: string;
  /** Ownership tags the exported objects carry, with how many carry each (most first). */
  owners: { tag: string; objects: number }[];
  /** Why another project owns an object (it is then left out), or undefined when it does not. */
  foreign(obj: LiveObject): string | undefined;
}

/**
 * The project the `objects` exported form. `asked` (a project name) wins; otherwise the tag the
 * most exported sources and tables carry, the first by name on a tie. No tag at all: a project
 * without a name (its first apply tags them). `readTag` is the tag `live` was read with. A
 * `partial` export (--select, --exclude) may be only part of what that project owns: a folder
 * naming it would plan the delete of the rest, so it is named only when asked (the files still
 * leave other projects' objects out).
 */
export function decideProject(
  objects: readonly LiveObject[],
  live: LiveState,
  readTag: string,
  options: { asked?: string; partial?: boolean } = {},
): ProjectDecision {
  const { asked, partial = false } = options;
  const owners = ownersOf(objects, readTag);
  const top = owners[0];
  const chosen = asked !== undefined ? projectTag(asked) : (top?.tag ?? UNNAMED_PROJECT_TAG);
  const others = owners.filter((o) => o.tag !== chosen).map((o) => o.tag);
  const leftOut = others.length ? `; objects other projects own (${others.join(', ')}) are left out` : '';
  const tagged = owners.reduce((n, o) => n + o.objects, 0);
  const foreign = foreignTo(live, readTag, chosen);
  if (asked !== undefined)
    return {
      name: asked,
      ownershipTag: chosen,
      reason: `project ${asked}, as asked${leftOut}`,
      owners,
      foreign,
    };
  if (!top)
    return {
      ownershipTag: UNNAMED_PROJECT_TAG,
      reason:
        'no exported source or table carries an ownership tag, so the project has no name yet: name it (project: in dpac.yaml) before the first apply, which then tags them as its own',
      owners,
      foreign,
    };
  if (chosen === UNNAMED_PROJECT_TAG)
    return {
      ownershipTag: chosen,
      reason: `the exported sources and tables carry ${UNNAMED_PROJECT_TAG}, the tag of projects without a name, so the project has none${leftOut}; naming it makes its plan adopt them under its own tag`,
      owners,
      foreign,
    };
  const carry =
    others.length === 0
      ? `every exported source and table with an ownership tag carries ${chosen}`
      : `${chosen} is the tag most exported sources and tables carry (${top.objects} of ${tagged}${owners[1]?.objects === top.objects ? ', a tie: the first by name' : ''})`;
  if (partial)
    return {
      ownershipTag: UNNAMED_PROJECT_TAG,
      reason: `${carry}, but a selection may be only part of what that project owns, and a folder naming it would plan the delete of the rest, so it is not named${leftOut}: add these files to that project's folder, or pass --project to name it here`,
      owners,
      foreign,
    };
  const name = projectOfTag(chosen);
  return { ...(name ? { name } : {}), ownershipTag: chosen, reason: `${carry}${leftOut}`, owners, foreign };
}

/** The ownership tags the tagged objects carry, with how many carry each, most first. */
function ownersOf(objects: readonly LiveObject[], readTag: string): ProjectDecision['owners'] {
  const counts = new Map<string, number>();
  for (const obj of objects) {
    if (!tagsPointer(KINDS[obj.kind])) continue;
    const tags = tagsOf(obj, readTag);
    if (tags.length === 1) counts.set(tags[0] as string, (counts.get(tags[0] as string) ?? 0) + 1);
  }
  return [...counts]
    .map(([tag, objects]) => ({ tag, objects }))
    .sort((a, b) => b.objects - a.objects || (a.tag < b.tag ? -1 : 1));
}

/** Every `managed-by:` tag a live object carries (`live` was read with `readTag`). */
function tagsOf(obj: LiveObject, readTag: string): string[] {
  return [...(obj.owned ? [readTag] : []), ...(obj.ownerTags ?? [])];
}

/** Whether another project owns an object, from the view of the project tagged `chosen`. */
function foreignTo(
  live: LiveState,
  readTag: string,
  chosen: string,
): (obj: LiveObject) => string | undefined {
  const view = readTag === chosen ? live : retagged(live, readTag, chosen);
  const owner = ownerResolver(view, chosen);
  return (obj) => {
    const o = owner(view.objects.get(obj.address) ?? obj);
    if (o.state !== 'theirs') return undefined;
    return o.contested
      ? `carries more than one ownership tag (${o.tag}): no single project's`
      : `owned by ${o.tag}, another project`;
  };
}

/** The live objects as a read with `chosen` would have marked them (owned, other owners' tags). */
function retagged(live: LiveState, readTag: string, chosen: string): LiveState {
  const objects = new Map<string, LiveObject>();
  for (const [address, obj] of live.objects) {
    const tags = tagsOf(obj, readTag);
    const others = tags.filter((t) => t !== chosen).sort();
    const { ownerTags: _drop, ...rest } = obj;
    objects.set(address, {
      ...rest,
      owned: tags.includes(chosen),
      ...(others.length ? { ownerTags: others } : {}),
    });
  }
  return { objects, problems: live.problems };
}
