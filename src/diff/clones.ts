// Objects created as copies of another (an environment's `clone_from`) and the fields used only
// on create: what a clone brings, the declared children it would collide with, and the warning
// that a create-only field of a live object is ignored. A clone waits for every change this plan
// makes to its source and what lies below it (plan/order-calls.ts), so what it brings is the
// source's children once those changes are made. Pure.
import { type Address, makeAddress } from '../core/address.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { KINDS, parentOf, policyOf } from '../kinds/index.js';
import type { LiveState } from '../live/live-object.js';
import type { Manifest } from '../manifest/manifest.js';
import type { Change } from './change.js';

/** The object a change's create copies, if it is a clone. */
export function cloneSourceOf(change: Change): Address | undefined {
  if ((change.action !== 'create' && change.action !== 'replace') || !change.after) return undefined;
  return KINDS[change.kind].cloneSource?.(change.after as never);
}

/**
 * The children of `source` once `changes` are made, by kind and name: what a clone of it copies.
 * Live ones this plan does not delete, and those it creates.
 */
function broughtBy(
  source: Address,
  live: LiveState,
  changes: ReadonlyMap<string, Change>,
): { kind: string; name: string }[] {
  const out: { kind: string; name: string }[] = [];
  for (const obj of live.objects.values()) {
    if (parentOf(obj) === source && changes.get(obj.address)?.action !== 'delete')
      out.push({ kind: obj.kind, name: obj.name });
  }
  for (const change of changes.values()) {
    if (change.action === 'create' && parentOf(change) === source)
      out.push({ kind: change.kind, name: change.name });
  }
  return out.sort((a, b) => `${a.kind}/${a.name}`.localeCompare(`${b.kind}/${b.name}`));
}

/**
 * Each planned clone's create reason says what it copies: the source's children once the other
 * changes of the plan are made (as far as the kinds read for this plan show).
 */
export function describeClones(changes: ReadonlyMap<string, Change>, live: LiveState): void {
  for (const change of changes.values()) {
    const source = cloneSourceOf(change);
    if (!source || change.action !== 'create') continue;
    const children = broughtBy(source, live, changes).map((c) => `${c.kind} ${c.name}`);
    const brings = children.length ? `, bringing ${children.join(', ')}` : '';
    change.reason = `declared, not found live: a clone of ${source}${brings} (undeclared copies stay unmanaged)`;
  }
}

/**
 * A declared child of a clone (created, or re-created by a replace) that the clone already brings
 * cannot be created (the name is taken); and a create-only field of an object that exists and
 * stays is ignored, which the plan says.
 */
export function checkClones(
  changes: ReadonlyMap<string, Change>,
  declared: ReadonlyMap<string, Manifest>,
  live: LiveState,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const change of changes.values()) {
    const m = declared.get(change.address);
    if (!m) continue;
    const kind = KINDS[m.kind];
    // A replaced object is created again, from its create body: its create-only fields count.
    if (change.action !== 'create' && change.action !== 'replace') {
      for (const pointer of policyOf(kind).createOnly.presentIn(m.spec)) {
        out.push({
          severity: 'warning',
          address: m.address,
          source: m.locate(pointer) ?? m.source,
          summary: `${m.address} exists, so ${pointer.slice(1)} is ignored: it is used only when creating.`,
          detail: `Remove ${pointer.slice(1)} to silence this; changing it never replaces the object.`,
        });
      }
      continue;
    }
    const source = kind.cloneSource?.(m.spec as never);
    if (!source) continue;
    for (const child of broughtBy(source, live, changes)) {
      const address = makeAddress(child.kind, [...m.ancestors, m.name], child.name);
      const manifest = declared.get(address);
      if (!manifest) continue;
      out.push({
        severity: 'error',
        address,
        source: manifest.source,
        summary: `${address} would be created, but ${m.address} is a clone of ${source}, which brings a ${child.kind} named ${child.name}.`,
        detail: `Apply without declaring ${address} first (the clone creates it), then declare it to manage it.`,
      });
    }
  }
  return out;
}
