// Dependency cycles over references and parent edges: nothing in a cycle can be created first.
// Iterative (Tarjan), so a 200,000-resource chain cannot overflow the stack.

import { makeAddress } from '../../core/address.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { RuleInput } from './rule-input.js';

export function findCycles(input: RuleInput): Diagnostic[] {
  const edges = dependencyEdges(input);
  const diagnostics: Diagnostic[] = [];
  for (const component of stronglyConnected([...input.declared.keys()], edges)) {
    // Nearly every component is one resource without a loop: no set, no sort for those.
    const only = component.length === 1 ? (component[0] as string) : undefined;
    if (only !== undefined && !(edges.get(only)?.includes(only) ?? false)) continue;
    const members = new Set(component);
    const start = [...component].sort()[0] as string;
    const cycle = cycleThrough(start, members, edges);
    const manifest = input.declared.get(start);
    diagnostics.push({
      severity: 'error',
      summary: `Dependency cycle: ${cycle.join(' → ')}`,
      detail:
        'Resources are created in dependency order, so none of these can be created first. Remove one of the references.',
      address: start,
      source: manifest?.source,
    });
  }
  return diagnostics;
}

/** address → addresses it depends on (declared ones only; undeclared are another rule's business). */
function dependencyEdges(input: RuleInput): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const [address, manifest] of input.declared) {
    // A list, not a Set: most manifests depend on their parent alone.
    const targets: string[] = [];
    const parentKind = input.registry[manifest.kind]?.parent;
    const parentName = manifest.ancestors[manifest.ancestors.length - 1];
    if (parentKind && parentName !== undefined) {
      const parent = makeAddress(parentKind, manifest.ancestors.slice(0, -1), parentName);
      if (input.declared.has(parent)) targets.push(parent);
    }
    for (const ref of input.refs.get(manifest) ?? [])
      if (input.declared.has(ref.address) && !targets.includes(ref.address)) targets.push(ref.address);
    if (targets.length > 1) targets.sort();
    edges.set(address, targets);
  }
  return edges;
}

/**
 * Tarjan's strongly connected components without recursion. Nodes are numbered as they are met
 * and the bookkeeping lives in arrays (Maps of addresses cost more than the graph at 100k nodes).
 */
export function stronglyConnected(
  nodes: readonly string[],
  edges: ReadonlyMap<string, readonly string[]>,
): string[][] {
  const names: string[] = [];
  const ids = new Map<string, number>();
  const idOf = (name: string): number => {
    let id = ids.get(name);
    if (id === undefined) {
      id = names.length;
      names.push(name);
      ids.set(name, id);
    }
    return id;
  };
  const targetsOf: (number[] | undefined)[] = [];
  const targets = (node: number): number[] => {
    let out = targetsOf[node];
    if (!out) {
      out = (edges.get(names[node] as string) ?? []).map(idOf);
      targetsOf[node] = out;
    }
    return out;
  };
  const index: number[] = [];
  const low: number[] = [];
  const onStack: boolean[] = [];
  const stack: number[] = [];
  const components: string[][] = [];
  let counter = 0;
  const enter = (node: number): void => {
    index[node] = counter;
    low[node] = counter++;
    stack.push(node);
    onStack[node] = true;
  };
  for (const rootName of nodes) {
    const root = idOf(rootName);
    if (index[root] !== undefined) continue;
    const work: Array<{ node: number; next: number }> = [{ node: root, next: 0 }];
    enter(root);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: number; next: number };
      const out = targets(frame.node);
      if (frame.next < out.length) {
        const target = out[frame.next++] as number;
        if (index[target] === undefined) {
          enter(target);
          work.push({ node: target, next: 0 });
        } else if (onStack[target]) {
          low[frame.node] = Math.min(low[frame.node] as number, index[target] as number);
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low[parent.node] = Math.min(low[parent.node] as number, low[frame.node] as number);
      if (low[frame.node] === index[frame.node]) {
        const component: string[] = [];
        let member: number;
        do {
          member = stack.pop() as number;
          onStack[member] = false;
          component.push(names[member] as string);
        } while (member !== frame.node);
        components.push(component);
      }
    }
  }
  return components;
}

/** A shortest cycle from `start` back to itself inside one component: [start, …, start]. */
function cycleThrough(
  start: string,
  members: ReadonlySet<string>,
  edges: ReadonlyMap<string, readonly string[]>,
): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i] as string;
    for (const target of edges.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [node];
        for (let p = previous.get(node); p !== undefined; p = previous.get(p)) path.unshift(p);
        if (path[0] !== start) path.unshift(start);
        return [...path, start];
      }
      if (!previous.has(target) && target !== start) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}
