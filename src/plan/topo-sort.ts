// A stable topological order of a call graph. Pure.
import { MinHeap } from '../core/min-heap.js';

/**
 * Kahn's algorithm over `edges[i]` = the nodes i depends on; among ready nodes the lowest index
 * goes first, so output is stable. The ready set is a min-heap: sorting it at every step made
 * 100k-call plans take minutes.
 */
export function topoSort(edges: readonly Set<number>[]): number[] {
  const remaining = edges.map((e) => e.size);
  const dependents = edges.map(() => [] as number[]);
  edges.forEach((deps, i) => {
    for (const d of deps) dependents[d]?.push(i);
  });
  const ready = new MinHeap();
  remaining.forEach((n, i) => {
    if (n === 0) ready.push(i);
  });
  const order: number[] = [];
  while (ready.size() > 0) {
    const next = ready.pop();
    order.push(next);
    for (const dep of dependents[next] ?? []) {
      remaining[dep] = (remaining[dep] ?? 0) - 1;
      if (remaining[dep] === 0) ready.push(dep);
    }
  }
  if (order.length !== edges.length)
    throw new Error('call graph has a cycle (validation should have caught it)');
  return order;
}
