// What a saved plan must be to run, whatever the file now says: every call belongs to one of the
// plan's changes and fits one of its kind's write routes; a call deletes or creates the object
// only for a change that does; dependencies point back to earlier calls; paths hold no dot
// segments; a secret fill reads a variable the change's declared secret field names (never a
// reserved one), an id fill an object the plan knows. Catches an edited plan file (an added
// DELETE, a `../..` path, a secret moved into another call); DPAC_PLAN_KEY signatures catch the
// rest (plan/sign-plan.ts). Pure.
import { type Address, addressFrom, ancestorAddresses, IdRef, parseAddress } from '../core/address.js';
import type { Call } from '../core/call.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { getPointer } from '../core/json-pointer.js';
import { isReservedVariable } from '../core/secret.js';
import { ancestorKinds, isKindName, KIND_NAMES, KINDS, type KindName, policyOf } from '../kinds/index.js';
import { fitsRoute } from '../kinds/kind.js';
import type { Plan, PlanChange } from '../plan/plan.js';

export function checkPlanIntegrity(plan: Plan): Diagnostic[] {
  const problems: string[] = [];
  const changes = new Map(plan.changes.map((c) => [c.address as string, c]));
  const known = knownAddresses(plan);
  for (const change of plan.changes) {
    // What the plan changes or deletes it read first: the stale check compares that reading.
    if (change.action !== 'create' && !Object.hasOwn(plan.fingerprints, change.address))
      problems.push(`${change.action} ${change.address} comes without the fingerprint of its live state`);
  }
  const seen = new Set<string>();
  for (const call of plan.calls) {
    const where = `call ${call.id} (${call.method} ${call.path})`;
    for (const dep of call.depends_on)
      if (!seen.has(dep)) problems.push(`${where} depends on ${dep}, which does not come before it`);
    if (seen.has(call.id)) problems.push(`${where} repeats the id ${call.id}`);
    seen.add(call.id);
    problems.push(...callProblems(call, changes, known).map((p) => `${where} ${p}`));
  }
  if (problems.length === 0) return [];
  return [
    {
      severity: 'error',
      summary: `The saved plan is not one dpac made, or was edited since; nothing was written. ${problems.slice(0, 10).join('; ')}${problems.length > 10 ? `; … and ${problems.length - 10} more` : ''}.`,
      detail:
        'Make the plan again with dpac plan --out and apply that file as it is (set DPAC_PLAN_KEY to sign plans).',
    },
  ];
}

function callProblems(
  call: Call,
  changes: ReadonlyMap<string, PlanChange>,
  known: ReadonlySet<string>,
): string[] {
  // A batch's address is the parent of the objects it creates, each a create (or a replace's create).
  const owners = call.items ?? [call.address];
  const owned = owners.map((a) => changes.get(a));
  if (owned.some((c) => c === undefined))
    return [`is for ${owners.find((a) => !changes.has(a))}, which no change of the plan is`];
  const [first] = owned as PlanChange[];
  if (!first) return ['is for no object'];
  const kind = KINDS[first.kind];
  const out: string[] = [];
  if (call.items && owned.some((c) => c?.action !== 'create' && c?.action !== 'replace'))
    out.push('creates objects that no change of the plan creates');
  if (!kind.writes.some((route) => fitsRoute(route, call.method, call.path)))
    out.push(`fits none of the routes a ${first.kind} is written through`);
  if (
    call.path
      .split('?')[0]
      ?.split('/')
      .some((s, i) => i > 0 && (s === '' || s === '.' || s === '..'))
  )
    out.push('has an empty or dot segment in its path');
  const deletesObject = removeRoutes(first.kind).some((route) => fitsRoute(route, call.method, call.path));
  if (deletesObject && first.action !== 'delete' && first.action !== 'replace')
    out.push(`deletes ${first.address}, which the plan does not delete`);
  if (call.creates && !owned.every((c) => c?.action === 'create' || c?.action === 'replace'))
    out.push(`creates ${first.address}, which the plan does not create`);
  for (const placeholder of call.path.matchAll(/\$\{([^}]+)\.id\}/g))
    if (!known.has(placeholder[1] as string))
      out.push(`names the id of ${placeholder[1]}, an object the plan does not know`);
  for (const fill of call.fills ?? []) {
    if ('id' in fill && !known.has(fill.id))
      out.push(`fills the id of ${fill.id}, an object the plan does not know`);
    if (!('env' in fill)) continue;
    if (isReservedVariable(fill.env)) out.push(`reads ${fill.env}, which is never sent`);
    else if (!owned.some((c) => c && declaresSecret(c, fill.env)))
      out.push(`sends ${fill.env}, which no secret field of its change names`);
    if (getPointer(call.body, fill.path) !== `\${env.${fill.env}}`)
      out.push(`fills ${fill.path}, which its body does not show`);
  }
  return out;
}

/** Whether one of the change's declared secret fields reads this variable. */
function declaresSecret(change: PlanChange, variable: string): boolean {
  if (!change.after) return false;
  return policyOf(KINDS[change.kind])
    .secret.presentIn(change.after)
    .some((pointer) => getPointer(change.after, pointer) === `\${env.${variable}}`);
}

const removing = new Map<KindName, string[]>();

/** The routes that delete an object of the kind: what its own `remove` sends, with ids as `{}`. */
function removeRoutes(kind: KindName): string[] {
  let routes = removing.get(kind);
  if (!routes) {
    const pending = (address: string) => new IdRef(address as Address);
    const ancestors = Object.fromEntries(KIND_NAMES.map((k) => [k, pending(k)]));
    const calls = KINDS[kind].remove({} as never, {
      name: 'x',
      self: pending(kind),
      ancestors,
      idOf: pending,
      idAt: pending,
    });
    routes = calls.map((c) => `${c.method} ${c.path.split('?')[0]?.replace(/\$\{[^}]+\}/g, '{}')}`);
    removing.set(kind, routes);
  }
  return routes;
}

/** Addresses a plan may name ids of: its changes, what they refer to, and their ancestors. */
function knownAddresses(plan: Plan): Set<string> {
  const known = new Set<string>();
  for (const c of plan.changes) {
    known.add(c.address);
    for (const ref of c.refs ?? []) known.add(ref);
    const { kind, ancestors } = parseAddress(c.address);
    if (isKindName(kind)) for (const a of ancestorAddresses(ancestorKinds(kind), ancestors)) known.add(a);
  }
  for (const a of plan.creates) known.add(addressFrom(a));
  return known;
}
