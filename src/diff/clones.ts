// Objects created as copies of another (an environment's `clone_from`) and the fields used only
// on create: what a clone brings, the declared children it would collide with, and the warning
// that a create-only field of a live object is ignored. Pure.
import { type Address, makeAddress } from '../core/address.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { KINDS, parentOf, policyOf } from '../kinds/index.js';
import type { LiveState } from '../live/live-object.js';
import type { Manifest } from '../manifest/manifest.js';
import type { Change } from './change.js';

/** Live children of `source`, by kind and name: what a clone of it copies. */
function liveChildren(source: Address, live: LiveState): { kind: string; name: string }[] {
  const out: { kind: string; name: string }[] = [];
  for (const obj of live.objects.values()) {
    if (parentOf(obj) === source) out.push({ kind: obj.kind, name: obj.name });
  }
  return out.sort((a, b) => `${a.kind}/${a.name}`.localeCompare(`${b.kind}/${b.name}`));
}

/** The create reason of a clone: what it copies (as far as the kinds read for this plan show). */
export function cloneReason(m: Manifest, live: LiveState): string | undefined {
  const source = KINDS[m.kind].cloneSource?.(m.spec as never);
  if (!source) return undefined;
  const children = liveChildren(source, live).map((c) => `${c.kind} ${c.name}`);
  const brings = children.length ? `, bringing ${children.join(', ')}` : '';
  return `declared, not found live: a clone of ${source}${brings} (undeclared copies stay unmanaged)`;
}

/**
 * A declared child of a clone (created, or re-created by a replace) that the clone already brings
 * cannot be created (the name is taken); and a create-only field of an object that exists and
 * stays is ignored, which the plan says.
 */
export function checkClones(
  changes: readonly Change[],
  declared: ReadonlyMap<string, Manifest>,
  live: LiveState,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const change of changes) {
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
    for (const child of liveChildren(source, live)) {
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
