// What happens to a live object no manifest declares: deleted only when provably this project's (or
// inside a prune scope, or under a pruning parent, where a kind without tags must also have been
// changed last by this run's user), otherwise kept and listed with why; settleInto records such a
// decision as a change or an unmanaged entry. Pure.
import type { Address } from '../core/address.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { UNNAMED_PROJECT_TAG } from '../core/ownership-tag.js';
import { KINDS, type KindName, parentOf } from '../kinds/index.js';
import type { LiveObject } from '../live/live-object.js';
import type { ExternalMatcher } from '../manifest/external.js';
import { isGlob } from '../manifest/glob.js';
import type { Manifest } from '../manifest/manifest.js';
import { matchesPattern } from '../manifest/name-pattern.js';
import type { ScopePattern } from '../manifest/project-config.js';
import { listed } from './cascade.js';
import type { Change } from './change.js';
import { externalChange } from './externals.js';
import { pruneRefusal, type RunUser } from './last-change.js';
import type { Owner } from './ownership.js';

/** A live object dpac keeps: listed in plan and drift with the reason and, when known, its owner's tag. */
export interface UnmanagedObject {
  address: Address;
  kind: KindName;
  reason: string;
  owner?: string;
}

export interface UndeclaredContext {
  ownershipTag: string;
  owner(obj: LiveObject): Owner;
  prune: readonly ScopePattern[];
  declared: ReadonlyMap<string, Manifest>;
  /** Changes decided so far (parents are decided before their children). */
  done: ReadonlyMap<string, Change>;
  external?: ExternalMatcher;
  /** The user this run signs in as, and user ids as names (for kinds without tags). */
  me: RunUser;
  userName(id: string): string;
}

export type UndeclaredDecision =
  | {
      delete: string /** Deleted only because this parent is: the cascade guard looks at it. */;
      cascadeFrom?: Address;
    }
  /** `external`: kept because the project declares it external (the plan shows it as such). */
  | { keep: UnmanagedObject; external?: true };

export function decideUndeclared(obj: LiveObject, ctx: UndeclaredContext): UndeclaredDecision {
  const keep = (reason: string, owner?: string): UndeclaredDecision => ({
    keep: { address: obj.address, kind: obj.kind, reason, ...(owner ? { owner } : {}) },
  });
  const external = ctx.external?.(obj.address);
  if (external) {
    const reason = external.pattern ? `external (declared by ${external.address})` : 'external';
    return { ...keep(reason), external: true };
  }
  const parent = parentOf(obj);
  const parentChange = parent ? ctx.done.get(parent) : undefined;
  if (parentChange && (parentChange.action === 'delete' || parentChange.action === 'replace'))
    return {
      delete: `its parent ${parent} is ${parentChange.action === 'delete' ? 'deleted' : 'replaced'}`,
      cascadeFrom: parent,
    };
  const owner = ctx.owner(obj);
  if (owner.state === 'theirs')
    return owner.contested
      ? keep(
          `carries more than one ownership tag (${owner.tag}): no single project's, so never deleted; remove the tags of the projects that do not own it by hand`,
        )
      : keep(`owned by ${owner.tag}`, owner.tag);
  if (owner.state === 'ours') {
    if (ctx.ownershipTag !== UNNAMED_PROJECT_TAG)
      return { delete: `${owner.via} and no manifest declares it` };
    return keep(
      `not deleted: ${owner.via}, but ${UNNAMED_PROJECT_TAG} is shared by every project without a name; set project: in dpac.yaml so dpac can prove it is this project's`,
      UNNAMED_PROJECT_TAG,
    );
  }
  if (owner.state === 'unnamed')
    return keep(
      `carries ${UNNAMED_PROJECT_TAG}, the tag of projects without a name: declare it to adopt it into this project (the tag becomes ${ctx.ownershipTag}), or delete it by hand`,
      UNNAMED_PROJECT_TAG,
    );
  // A scope naming the object exactly says more than a pattern that happens to match it.
  const scopes = ctx.prune.filter((p) => matchesPattern(p, obj));
  const scope = scopes.find((p) => !isGlob(p.name)) ?? scopes[0];
  const pruning = scope
    ? `inside the prune scope ${scope.kind}/${scope.name} of dpac.yaml`
    : parent && ctx.declared.get(parent)?.metadata.prune === true
      ? `its parent ${parent} has metadata.prune: true`
      : undefined;
  if (!pruning) return keep(`not owned: ${owner.why}${recovery(obj)}; outside any prune scope`);
  const refused = pruneRefusal(obj, scope, ctx.me, ctx.userName);
  return refused ? keep(`not deleted although ${pruning}: ${refused}`) : { delete: pruning };
}

/**
 * A tagged kind without any tag may be one dpac created and was stopped before tagging: the create
 * call of a source cannot carry tags, so the tag is a second call (see docs/decisions.md).
 */
function recovery(obj: LiveObject): string {
  return KINDS[obj.kind].ownership.proof === 'tag'
    ? ' (if dpac created it and was stopped before tagging it, declare it again and apply to adopt it, or delete it by hand)'
    : '';
}

/**
 * When no undeclared object may be deleted: with no manifest at all (a wrong folder must not empty
 * the platform), or with only part of the project (files named on the command line: what they do
 * not declare may be declared by the rest). `why` ends the reason of each object kept; `kept`
 * collects them; `report` warns about them, and refuses a replace of a declared parent that would
 * take along children the files named do not declare.
 */
export interface WithheldDeletes {
  why: string;
  kept: Address[];
  report(cascaded: ReadonlyMap<string, Address>): Diagnostic[];
}

export function withheldDeletes(read: { empty: boolean; partial: boolean }): WithheldDeletes | undefined {
  if (read.empty)
    return {
      why: 'no manifest is loaded, and an empty manifest set never deletes anything',
      kept: [],
      report: () => [],
    };
  if (!read.partial) return undefined;
  const kept: Address[] = [];
  return {
    why: `only part of the project was read (${PART}), and such a plan deletes nothing: plan the whole project to delete it`,
    kept,
    report: (cascaded) => [...keptWarning(kept), ...partialCascades(cascaded)],
  };
}

const PART = 'the files named on the command line';

function keptWarning(kept: readonly Address[]): Diagnostic[] {
  if (kept.length === 0) return [];
  return [
    {
      severity: 'warning',
      summary: `Only part of the project was read (${PART}), so this plan deletes nothing they do not declare: ${kept.length} object${kept.length === 1 ? '' : 's'} it would otherwise delete ${kept.length === 1 ? 'is' : 'are'} kept: ${listed(kept)}.`,
      detail:
        "Plan the whole project (no path, or the project's folder) to delete them; --select narrows such a plan to some of its changes.",
    },
  ];
}

/** A declared parent replaced under part of the project deletes children the rest may declare: refused. */
function partialCascades(cascaded: ReadonlyMap<string, Address>): Diagnostic[] {
  const byParent = new Map<Address, string[]>();
  for (const [child, parent] of cascaded) {
    let root = parent;
    for (let up = cascaded.get(root); up; up = cascaded.get(root)) root = up;
    const children = byParent.get(root);
    if (children) children.push(child);
    else byParent.set(root, [child]);
  }
  return [...byParent].map(([parent, children]) => ({
    severity: 'error',
    address: parent,
    summary: `The plan would replace ${parent} and with it ${children.length} child object${children.length === 1 ? '' : 's'} that ${PART} do not declare: ${listed(children)}.`,
    detail:
      'Only part of the project was read, so dpac cannot tell whether the rest declares them (and would re-create them): plan the whole project, or name the files that declare them too.',
  }));
}

/** A decided delete or keep of a live object, recorded. */
export function settleInto(
  byAddress: Map<string, Change>,
  cascaded: Map<string, Address>,
  unmanaged: UnmanagedObject[],
): (obj: LiveObject, decision: UndeclaredDecision) => void {
  return (obj, decision) => {
    if ('delete' in decision) {
      byAddress.set(obj.address, deleteChange(obj, decision.delete));
      if (decision.cascadeFrom) cascaded.set(obj.address, decision.cascadeFrom);
      return;
    }
    unmanaged.push(decision.keep);
    if (decision.external) byAddress.set(obj.address, externalChange(obj));
  };
}

function deleteChange(obj: LiveObject, reason: string): Change {
  return {
    address: obj.address,
    kind: obj.kind,
    name: obj.name,
    ancestors: obj.ancestors,
    action: 'delete',
    reason,
    before: obj.spec,
    fields: [],
    liveId: obj.id,
    owned: obj.owned,
  };
}
