// Merges the creates the API takes in one call (drafts carrying `batch`, e.g. the tables of one
// source) into calls of at most `batch.max` items. Pure.
//
// Only drafts at the same depth of the call graph (longest chain of dependencies before them) are
// merged: every edge then still leads from a lower depth to a higher one, so merging never makes a
// cycle; a batch waits for what its items wait for. A plan from empty puts the new tables of a
// source at one depth: one call per source (per `max` tables).
import { type Address, parseAddress } from '../core/address.js';
import { getPointer, setPointer } from '../core/json-pointer.js';
import { isKindName, parentOf } from '../kinds/index.js';
import type { Draft } from './plan-calls.js';
import { topoSort } from './topo-sort.js';

export interface MergedGraph {
  drafts: Draft[];
  /** `edges[i]`: the drafts draft i depends on. */
  edges: Set<number>[];
}

export function mergeBatches(drafts: readonly Draft[], edges: readonly Set<number>[]): MergedGraph {
  if (!drafts.some((d) => d.batch)) return { drafts: [...drafts], edges: [...edges] };
  const depth = depths(edges);
  const groups = new Map<string, number[]>();
  drafts.forEach((d, i) => {
    if (!d.batch) return;
    const key = JSON.stringify([d.method, d.path, d.batch.list, depth[i]]);
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  });
  // Every member of a chunk is represented by its first (lowest) index.
  const representative = drafts.map((_, i) => i);
  const out: (Draft | undefined)[] = [...drafts];
  for (const group of groups.values()) {
    const max = Math.max(1, (drafts[group[0] as number] as Draft).batch?.max ?? 1);
    for (let start = 0; start < group.length; start += max) {
      const chunk = group.slice(start, start + max);
      const first = chunk[0] as number;
      out[first] = mergeChunk(chunk.map((i) => drafts[i] as Draft));
      for (const i of chunk.slice(1)) {
        representative[i] = first;
        out[i] = undefined;
      }
    }
  }
  // Renumber the kept drafts in their original order, and redirect edges to representatives.
  const kept: number[] = [];
  const newIndex = new Map<number, number>();
  out.forEach((d, i) => {
    if (!d) return;
    newIndex.set(i, kept.length);
    kept.push(i);
  });
  const merged: Set<number>[] = kept.map(() => new Set<number>());
  edges.forEach((deps, i) => {
    const from = newIndex.get(representative[i] as number) as number;
    for (const d of deps) {
      const to = newIndex.get(representative[d] as number) as number;
      if (to !== from) merged[from]?.add(to);
    }
  });
  return { drafts: kept.map((i) => out[i] as Draft), edges: merged };
}

/** One call whose list holds every member's items, in member order; it belongs to their parent. */
function mergeChunk(members: readonly Draft[]): Draft {
  const first = members[0] as Draft;
  const list = first.batch?.list ?? '';
  const items = members.flatMap((m) => {
    const value = getPointer(m.body, list);
    return Array.isArray(value) ? value : [value];
  });
  return {
    ...first,
    address: batchParent(first.address),
    body: setPointer(first.body, list, items),
    items: members.map((m) => m.address),
    needsCreated: [...new Set(members.flatMap((m) => m.needsCreated))],
  };
}

function batchParent(address: Address): Address {
  const { kind, ancestors } = parseAddress(address);
  const parent = isKindName(kind) ? parentOf({ kind, ancestors }) : undefined;
  if (!parent) throw new Error(`${address}: a batched create needs a parent to belong to`);
  return parent;
}

/** The length of the longest chain of dependencies before each node. */
function depths(edges: readonly Set<number>[]): number[] {
  const depth = edges.map(() => 0);
  for (const i of topoSort(edges)) {
    for (const d of edges[i] ?? []) depth[i] = Math.max(depth[i] as number, (depth[d] as number) + 1);
  }
  return depth;
}
