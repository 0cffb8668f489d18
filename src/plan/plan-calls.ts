// Turns changes into the ordered list of literal API calls with dependency edges. Pure.
// Parents and referenced objects are created first; sub-document writes follow their owner;
// deletes run in reverse (children and referrers first); a replace deletes before it creates.
import { type Address, ancestorAddresses, IdRef } from '../core/address.js';
import type { Call, CallDraft } from '../core/call.js';
import { getPointer, parsePointer, setPointer } from '../core/json-pointer.js';
import { assertNever, type Change } from '../diff/change.js';
import { changedKeys } from '../diff/compare-specs.js';
import { ancestorKinds, KINDS, type KindName } from '../kinds/index.js';
import { type IdExpr, type Ref, tagsPointer, type WriteContext } from '../kinds/kind.js';
import { orderCalls } from './order-calls.js';

export interface PlanCallsOptions {
  changes: readonly Change[];
  ownershipTag: string;
  /** Declared specs by address (kinds resolve some refs through their parent's spec). */
  declared(address: Address): unknown | undefined;
  /**
   * Live specs by address: what a live object referred to is resolved through live state (a
   * deleted table group's compute lies in its source's live environment, declared or not).
   */
  live?(address: Address): unknown | undefined;
}

interface Draft extends CallDraft {
  address: Address;
  /** Addresses whose creating call must come first. */
  needsCreated: Address[];
  /** Phase within a replace: deletes of the old object before creates of the new. */
  phase: 'delete' | 'write';
  /** A merged batch: the addresses its items create (see merge-batches.ts). */
  items?: Address[];
}

export function planCalls(options: PlanCallsOptions): Call[] {
  const byAddress = new Map(options.changes.map((c) => [c.address, c]));
  const idExpr = (address: Address): IdExpr => {
    const c = byAddress.get(address);
    if (!c || c.action === 'create' || c.action === 'replace' || !c.liveId) return new IdRef(address);
    return c.liveId;
  };
  const drafts: Draft[] = [];
  for (const change of options.changes) drafts.push(...draftsFor(change, options, idExpr));
  return orderCalls(drafts, options.changes, options.declared, options.live);
}

function draftsFor(change: Change, options: PlanCallsOptions, idExpr: (a: Address) => IdExpr): Draft[] {
  // Most changes of a plan are no-ops: nothing below (stamping, refs) is worth computing for them.
  if (change.action === 'noop') return [];
  const kind = KINDS[change.kind];
  const refsOf = (spec: Record<string, unknown> | undefined): Ref[] =>
    spec ? kind.refs(spec as never, { ancestors: change.ancestors, declared: options.declared }) : [];
  const ctxFor = (self: IdExpr, spec: Record<string, unknown> | undefined): WriteContext => {
    const refs = refsOf(spec);
    return {
      name: change.name,
      self,
      ancestors: ancestorIds(change.kind, change.ancestors, idExpr),
      idOf: idExpr,
      idAt: (pointer) => {
        const ref = refs.find((r) => r.path === pointer);
        if (!ref) throw new Error(`${change.address}: no reference reported at ${pointer}`);
        return idExpr(ref.address);
      },
    };
  };
  // Ownership tags and parent markers are kept out of specs (never a user diff); writes put ours
  // back. Tags a
  // manifest omits are not managed, so the stamped desired set starts from live's. Live's other
  // owner tags (a take-over, or the unnamed projects' tag being migrated) go back into `before`,
  // so the tag write removes them.
  const tags = tagsPointer(kind);
  const stamp = (spec: Record<string, unknown> | undefined, stamped: (string | undefined)[]) => {
    if (!spec || !tags || stamped.every((t) => t === undefined)) return spec;
    let out = setPointer(spec, tags, getPointer(spec, tags) ?? getPointer(change.before, tags) ?? []);
    for (const t of stamped) if (t !== undefined) out = withTag(out, tags, t);
    return out;
  };
  const after = stamp(change.after, [options.ownershipTag, ...(change.markers ?? [])]);
  const before = stamp(change.before, [
    change.owned ? options.ownershipTag : undefined,
    ...(change.ownerTags ?? []),
    ...(change.liveMarkers ?? []),
  ]);
  const needs = [...parentAddresses(change), ...refsOf(after).map((r) => r.address)];
  const tag = (phase: Draft['phase'], calls: CallDraft[], needsCreated: Address[]): Draft[] =>
    calls.map((c) => ({ ...c, address: change.address, needsCreated, phase }));

  switch (change.action) {
    case 'create':
      return tag('write', kind.create(after, ctxFor(new IdRef(change.address), after)), needs);
    case 'update':
    case 'adopt': {
      const keys = changedKeys(change.fields);
      if (change.action === 'adopt' && tags) keys.add(parsePointer(tags)[0] ?? '');
      const ctx = ctxFor(change.liveId ?? new IdRef(change.address), after);
      // A rename with nothing else to change sends the rename alone (whole-document updates would
      // re-send every secret for nothing).
      const renameOnly = change.renamedFrom && keys.size === 0;
      const updates = renameOnly ? [] : kind.update(before, after, keys, ctx);
      if (!change.renamedFrom || !kind.rename) return tag('write', updates, needs);
      // The rename first; an update call that is the very same call (a whole-document PUT) once.
      const renames = kind.rename(before, after, ctx);
      const same = (a: CallDraft, b: CallDraft) =>
        a.method === b.method && a.path === b.path && JSON.stringify(a.body) === JSON.stringify(b.body);
      const rest = updates.filter((u) => !renames.some((r) => same(r, u)));
      return tag('write', [...renames, ...rest], needs);
    }
    case 'delete':
      return tag('delete', kind.remove(before, ctxFor(change.liveId ?? '', before)), []);
    case 'replace':
      return [
        ...tag('delete', kind.remove(before, ctxFor(change.liveId ?? '', before)), []),
        ...tag('write', kind.create(after, ctxFor(new IdRef(change.address), after)), needs),
      ];
    default:
      return assertNever(change.action);
  }
}

function ancestorIds(kind: KindName, ancestors: readonly string[], idExpr: (a: Address) => IdExpr) {
  const out: Partial<Record<KindName, IdExpr>> = {};
  const kinds = ancestorKinds(kind);
  ancestorAddresses(kinds, ancestors).forEach((address, i) => {
    out[kinds[i] as KindName] = idExpr(address);
  });
  return out;
}

function parentAddresses(change: Change): Address[] {
  return ancestorAddresses(ancestorKinds(change.kind), change.ancestors);
}

function withTag(spec: Record<string, unknown>, pointer: string, tag: string): Record<string, unknown> {
  const tags = getPointer(spec, pointer);
  const list = Array.isArray(tags) ? (tags as string[]) : [];
  return list.includes(tag) ? spec : setPointer(spec, pointer, [...list, tag].sort());
}

export type { Draft };
