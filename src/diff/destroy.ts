// `dpac destroy` at the diff: a declared object it destroys is deleted only when provably this
// project's (provable-owner.ts), along with what lies below it (the cascade guard judges those);
// anything kept that would lose its parent or an object it refers to refuses the plan. Pure.
import type { Address } from '../core/address.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { KINDS, type KindName, parentOf } from '../kinds/index.js';
import type { LiveObject, LiveState } from '../live/live-object.js';
import type { Manifest } from '../manifest/manifest.js';
import type { Change } from './change.js';
import { type OwnershipContext, provableOwner } from './provable-owner.js';
import type { UndeclaredDecision } from './undeclared.js';

/** What `dpac destroy` destroys: the manifests in its selection (every manifest without one). */
export type DestroyScope = (object: {
  kind: KindName;
  ancestors: readonly string[];
  name: string;
}) => boolean;

/**
 * A declared live object destroy was asked to delete: deleted when provably this project's, else
 * taken along by a destroyed parent (the cascade guard then judges it), else kept with why.
 */
export function decideDestroyed(
  obj: LiveObject,
  ctx: OwnershipContext & { done: ReadonlyMap<string, Change> },
): UndeclaredDecision {
  const ownership = provableOwner(obj, ctx);
  if (ownership.state === 'ours') return { delete: `declared here, and ${ownership.via}` };
  const parent = parentOf(obj);
  if (parent && ctx.done.get(parent)?.action === 'delete')
    return { delete: `its parent ${parent} is destroyed`, cascadeFrom: parent };
  return {
    keep: {
      address: obj.address,
      kind: obj.kind,
      reason: `not destroyed: ${ownership.why}`,
      ...(ownership.state === 'theirs' && ownership.owner ? { owner: ownership.owner } : {}),
    },
  };
}

/**
 * A destroy must not take along what it keeps: a live object below a destroyed parent that is
 * left out (excluded, or outside the selection but declared), or a kept declared object that
 * refers to a destroyed one. Each is an error naming both and the flag that settles it.
 */
export function keptDependents(input: {
  changes: ReadonlyMap<string, Change>;
  live: LiveState;
  declared: ReadonlyMap<string, Manifest>;
  inScope: DestroyScope;
  declaredSpec(address: Address): unknown;
}): Diagnostic[] {
  const { changes, live, declared } = input;
  const destroyed = (address: string) => changes.get(address)?.action === 'delete';
  const out: Diagnostic[] = [];
  for (const obj of live.objects.values()) {
    const parent = parentOf(obj);
    if (!parent || !destroyed(parent)) continue;
    if (destroyed(obj.address) && input.inScope(obj)) continue;
    const m = declared.get(parent);
    out.push({
      severity: 'error',
      address: parent,
      ...(m ? { source: m.source } : {}),
      summary: `Destroying ${parent} would delete ${obj.address} with it, which this destroy leaves out.`,
      detail: `Destroy both (do not leave ${obj.address} out), or keep ${parent} too (--exclude ${parent}).`,
    });
  }
  for (const m of declared.values()) {
    if (destroyed(m.address) || !live.objects.has(m.address)) continue;
    const refs = KINDS[m.kind].refs(m.spec as never, {
      ancestors: m.ancestors,
      declared: input.declaredSpec,
    });
    for (const ref of new Set(refs.map((r) => r.address))) {
      if (!destroyed(ref)) continue;
      out.push({
        severity: 'error',
        address: m.address,
        source: m.source,
        summary: `${m.address} stays but refers to ${ref}, which this destroy deletes.`,
        detail: `Destroy ${m.address} too (--select it as well), or keep ${ref} (--exclude ${ref}).`,
      });
    }
  }
  return out;
}
