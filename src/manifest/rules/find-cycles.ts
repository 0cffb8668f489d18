// Dependency cycles over references and parent edges: nothing in a cycle can be created first.
// Iterative (Tarjan), so a 20,000-resource chain cannot overflow the stack.

import { makeAddress } from '../../core/address.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { RuleInput } from './rule-input.js';

export function findCycles(input: RuleInput): Diagnostic[] {
  const edges = dependencyEdges(input);
  const diagnostics: Diagnostic[] = [];
  for (const component of stronglyConnected([...input.declared.keys()], edges)) {
    const members = new Set(component);
    const start = [...component].sort()[0] as string;
    const selfLoop = edges.get(start)?.includes(start) ?? false;
    if (component.length === 1 && !selfLoop) continue;
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
    const out = new Set<string>();
    const parentKind = input.registry[manifest.kind]?.parent;
    const parentName = manifest.ancestors[manifest.ancestors.length - 1];
    if (parentKind && parentName !== undefined)
      out.add(makeAddress(parentKind, manifest.ancestors.slice(0, -1), parentName));
    for (const ref of input.refs.get(manifest) ?? []) out.add(ref.address);
    edges.set(address, [...out].filter((a) => input.declared.has(a)).sort());
  }
  return edges;
}

/** Tarjan's strongly connected components without recursion. */
export function stronglyConnected(
  nodes: readonly string[],
  edges: ReadonlyMap<string, readonly string[]>,
): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: Array<{ node: string; next: number }> = [{ node: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; next: number };
      const targets = edges.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++] as string;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(target) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent)
        low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
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
