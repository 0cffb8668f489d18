// Dependency edges between drafted calls and a stable topological order. Pure.
import { type Address, ancestorAddresses } from '../core/address.js';
import type { Call } from '../core/call.js';
import type { Change } from '../diff/change.js';
import { cloneSourceOf } from '../diff/clones.js';
import { ancestorKinds, KINDS, parentOf } from '../kinds/index.js';
import { mergeBatches } from './merge-batches.js';
import type { Draft } from './plan-calls.js';
import { topoSort } from './topo-sort.js';

export function orderCalls(
  drafts: readonly Draft[],
  changes: readonly Change[],
  declared: (address: Address) => unknown | undefined,
  live: (address: Address) => unknown | undefined = () => undefined,
): Call[] {
  // What an object referred to live, it found through live state; what it will refer to, through
  // the manifests.
  const wasDeclared = (address: Address) => live(address) ?? declared(address);
  const edges = drafts.map(() => new Set<number>());
  const byAddress = new Map<string, number[]>();
  drafts.forEach((d, i) => {
    const same = byAddress.get(d.address);
    if (same) same.push(i);
    else byAddress.set(d.address, [i]);
  });

  const creating = new Map<string, number>();
  const lastOf = new Map<string, number>();
  const firstDelete = new Map<string, number>();
  const lastDelete = new Map<string, number>();
  const firstWrite = new Map<string, number>();
  for (const [address, idx] of byAddress) {
    idx.forEach((i, n) => {
      if (n > 0) edges[i]?.add(idx[n - 1] as number); // a resource's own calls run in order
      const d = drafts[i] as Draft;
      if (d.creates && !creating.has(address)) creating.set(address, i);
      if (d.phase === 'delete') {
        if (!firstDelete.has(address)) firstDelete.set(address, i);
        lastDelete.set(address, i);
      } else if (!firstWrite.has(address)) firstWrite.set(address, i);
      lastOf.set(address, i);
    });
  }

  // Parents and referenced objects must exist before a write that names them.
  for (const [address, i] of firstWrite) {
    for (const needed of drafts[i]?.needsCreated ?? []) {
      const c = creating.get(needed);
      if (c !== undefined && needed !== address) edges[i]?.add(c);
    }
  }
  // A delete waits for its children's deletes and for every write that used to refer to it.
  for (const change of changes) {
    const before = change.before;
    const last = lastOf.get(change.address);
    if (last === undefined) continue;
    const parent = parentOf(change);
    if (parent) {
      const target = firstDelete.get(parent);
      const ownLastDelete = lastDelete.get(change.address);
      if (target !== undefined && ownLastDelete !== undefined) edges[target]?.add(ownLastDelete);
      // The parent's marker of this kind goes after the delete: a failed one is found again.
      const write = KINDS[change.kind].parentMarker ? firstWrite.get(parent) : undefined;
      if (write !== undefined && ownLastDelete !== undefined) edges[write]?.add(ownLastDelete);
    }
    if (!before) continue;
    const refs = KINDS[change.kind].refs(before as never, {
      ancestors: change.ancestors,
      declared: wasDeclared,
    });
    const stillRefers = new Set(
      change.after && change.action !== 'delete'
        ? KINDS[change.kind]
            .refs(change.after as never, { ancestors: change.ancestors, declared })
            .map((r) => r.address)
        : [],
    );
    for (const ref of refs) {
      const target = firstDelete.get(ref.address);
      // A referrer that keeps referring to a replaced object is rewritten after its re-creation
      // (needsCreated), not before its deletion.
      if (target !== undefined && ref.address !== change.address && !stillRefers.has(ref.address)) {
        // Referrer's last call before the target's delete (its own delete, or its rewrite).
        const referrerLast = lastDelete.get(change.address) ?? last;
        if (referrerLast !== target) edges[target]?.add(referrerLast);
      }
    }
  }
  waitForCloneSources(changes, creating, lastOf, edges);
  const merged = mergeBatches(drafts, edges);
  return toCalls(merged.drafts, merged.edges, topoSort(merged.edges));
}

/**
 * A clone copies its source as it is when the clone is created: its creating call waits for the
 * last call of every change to the source and to what lies below it (the storages and computes an
 * environment's `clone_from` copies), so it brings all of them, as the plan says.
 */
function waitForCloneSources(
  changes: readonly Change[],
  creating: ReadonlyMap<string, number>,
  lastOf: ReadonlyMap<string, number>,
  edges: Set<number>[],
): void {
  const clones: { call: number; source: Address }[] = [];
  for (const change of changes) {
    const source = cloneSourceOf(change);
    const call = source && creating.get(change.address);
    if (source && call !== undefined) clones.push({ call, source });
  }
  if (clones.length === 0) return;
  for (const change of changes) {
    const last = lastOf.get(change.address);
    if (last === undefined) continue;
    const above = ancestorAddresses(ancestorKinds(change.kind), change.ancestors);
    for (const { call, source } of clones)
      if (change.address === source || above.includes(source)) edges[call]?.add(last);
  }
}

function toCalls(all: readonly Draft[], edges: readonly Set<number>[], order: number[]): Call[] {
  const idOf = new Map(order.map((i, n) => [i, `c${n + 1}`]));
  return order.map((i) => {
    const { address, needsCreated: _n, phase: _p, ...call } = all[i] as Draft;
    const depends_on = [...(edges[i] ?? [])].map((e) => idOf.get(e) as string).sort(byCallNumber);
    return { id: idOf.get(i) as string, address, ...call, depends_on };
  });
}

function byCallNumber(a: string, b: string): number {
  return Number(a.slice(1)) - Number(b.slice(1));
}
