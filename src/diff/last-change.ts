// The marker of the kinds without tags: who last changed a live object (`modified_by`, else
// `created_by`: user ids the platform stamps itself) against the user this run signs in as. It
// narrows prune scopes and warns before overwriting someone else's change; it never proves
// ownership by itself (one user may run several projects, or click in the UI). Pure.
import { makeAddress } from '../core/address.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { KINDS } from '../kinds/index.js';
import type { LiveObject, LiveState } from '../live/live-object.js';
import { isGlob } from '../manifest/glob.js';
import type { Manifest } from '../manifest/manifest.js';
import type { ScopePattern } from '../manifest/project-config.js';
import type { Change } from './change.js';

/** The user a run signs in as: an id when the login said it or the users list names its email. */
export interface RunUser {
  id?: string;
  email?: string;
}

/** The user behind the run's token: the login's `user_id`, else the live user with the token's email. */
export function runUser(identity: { userId?: string; email?: string } | undefined, live: LiveState): RunUser {
  const email = identity?.email;
  const id = identity?.userId ?? (email ? live.objects.get(makeAddress('User', [], email))?.id : undefined);
  return { ...(id ? { id } : {}), ...(email ? { email } : {}) };
}

/** Who last changed it, as the platform recorded (a user id), or undefined when it says nothing. */
function lastChangedBy(obj: LiveObject): string | undefined {
  const { modified_by: modified, created_by: created } = obj.raw.item;
  if (typeof modified === 'string' && modified !== '') return modified;
  return typeof created === 'string' && created !== '' ? created : undefined;
}

/** Users by id, for messages: an email reads better than a platform id. */
export function userNames(live: LiveState): (id: string) => string {
  let byId: Map<string, string> | undefined;
  return (id) => {
    byId ??= new Map(
      [...live.objects.values()].filter((o) => o.kind === 'User').map((o) => [o.id, o.name] as const),
    );
    return byId.get(id) ?? `the user with id ${id}`;
  };
}

/**
 * Why a prune scope may not delete this object of a kind without tags, or undefined when it may:
 * one whose kind records who changed it must have been changed last by this run's user; one whose
 * kind records nothing (users) must be named exactly, not matched by a pattern.
 */
export function pruneRefusal(
  obj: LiveObject,
  scope: ScopePattern | undefined,
  me: RunUser,
  nameOf: (id: string) => string,
): string | undefined {
  const proof = KINDS[obj.kind].ownership.proof;
  if (proof === 'none') {
    if (scope && !isGlob(scope.name)) return undefined;
    return `the v3 API keeps no marker on a ${obj.kind} that could name this project: a pattern deletes none; name it exactly in prune: ({ kind: ${obj.kind}, name: ${obj.name} }) to delete it`;
  }
  if (proof !== 'audit') return undefined;
  const other = changedLastByAnother(obj, me, nameOf);
  return other
    ? `${other}: a prune scope deletes a ${obj.kind} only when this project's user changed it last (give each project its own platform user)`
    : undefined;
}

/**
 * For a kind that records who changed it: undefined when this run's user changed it last, else
 * who did (or that nobody is recorded, or that the run cannot tell who it is), in words.
 */
export function changedLastByAnother(
  obj: LiveObject,
  me: RunUser,
  nameOf: (id: string) => string,
): string | undefined {
  const by = lastChangedBy(obj);
  if (by !== undefined && by === me.id) return undefined;
  const who =
    by === undefined ? 'the platform does not say who changed it last' : `${nameOf(by)} changed it last`;
  const whom = me.id
    ? `not ${runUserName(me)}, whom this run signs in as`
    : 'and dpac cannot tell which user this run signs in as';
  return `${who}, ${whom}`;
}

export function runUserName(me: RunUser): string {
  return me.email ?? (me.id ? `the user with id ${me.id}` : 'the user this run signs in as');
}

/**
 * Warnings for declared objects of kinds without tags that the plan changes although someone else
 * may manage them: one last changed by another user (two projects declaring it undo each other's
 * changes on every apply), or one whose kind records nobody (users). Located at the manifest.
 */
export function lastChangeWarnings(
  changes: readonly Change[],
  declared: ReadonlyMap<string, Manifest>,
  live: LiveState,
  me: RunUser,
  nameOf: (id: string) => string,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const change of changes) {
    if (change.action !== 'update' && change.action !== 'replace') continue;
    const proof = KINDS[change.kind].ownership.proof;
    const m = declared.get(change.address);
    const obj = live.objects.get(change.address);
    if (!m || !obj || (proof !== 'audit' && proof !== 'none')) continue;
    const detail = `If another project declares ${change.address} too, keep it in one of them (the other can refer to it with metadata.external: true).`;
    if (proof === 'none') {
      out.push({
        severity: 'warning',
        address: change.address,
        source: m.source,
        summary: `${change.address} will be changed, but the v3 API records no one who changed a ${change.kind}: dpac cannot tell whether another project manages it too.`,
        detail,
      });
      continue;
    }
    const by = lastChangedBy(obj);
    if (by === undefined || by === me.id) continue;
    const at = typeof obj.raw.item.modified_at === 'string' ? ` (at ${obj.raw.item.modified_at})` : '';
    out.push({
      severity: 'warning',
      address: change.address,
      source: m.source,
      summary: `${change.address} was last changed by ${nameOf(by)}${at}, not by ${runUserName(me)}, whom this run signs in as: another project or a person may manage it, and applying overwrites their change.`,
      detail,
    });
  }
  return out;
}
