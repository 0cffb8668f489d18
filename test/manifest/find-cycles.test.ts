import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stronglyConnected } from '../../src/manifest/rules/find-cycles.js';

/** The first implementation (Maps keyed by address), kept as the reference. */
function reference(nodes: readonly string[], edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work = [{ node: root, next: 0 }];
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

describe('stronglyConnected', () => {
  it('finds the same components, in the same order, as the Map-based implementation', () => {
    const graph = fc.integer({ min: 1, max: 12 }).chain((n) =>
      fc.tuple(
        fc.constant(Array.from({ length: n }, (_, i) => `n${i}`)),
        fc.array(fc.array(fc.integer({ min: 0, max: n + 1 }), { maxLength: 4 }), {
          minLength: n,
          maxLength: n,
        }),
      ),
    );
    fc.assert(
      fc.property(graph, ([nodes, targets]) => {
        // Targets may name nodes outside `nodes` (n12, n13): they are visited all the same.
        const edges = new Map(nodes.map((node, i) => [node, (targets[i] ?? []).map((t) => `n${t}`)]));
        expect(stronglyConnected(nodes, edges)).toEqual(reference(nodes, edges));
      }),
      { numRuns: 1000 },
    );
  });
});
