// `dpac graph`: the dependency graph (library/graph.ts) as Mermaid or Graphviz dot, external
// objects drawn dashed, names made printable. Every edge's ends are nodes of the graph. Pure.
import type { Graph } from '../library/graph.js';
import { printable } from './printable.js';
import type { Views } from './view.js';

export const GRAPH_VIEWS: Views<Graph, 'mermaid' | 'dot'> = { mermaid: renderMermaid, dot: renderDot };

function renderMermaid({ nodes, edges }: Graph): string {
  const id = ids(nodes);
  const external = nodes.filter((n) => n.external).map((n) => id(n.address));
  return [
    'graph LR',
    ...nodes.map((n) => `  ${id(n.address)}["${printable(n.address).replace(/"/g, '#quot;')}"]`),
    ...edges.map((e) => `  ${id(e.from)} ${e.label === 'ref' ? '-.->' : '-->'} ${id(e.to)}`),
    ...(external.length
      ? ['  classDef external stroke-dasharray: 5 5', `  class ${external.join(',')} external`]
      : []),
  ].join('\n');
}

function renderDot({ nodes, edges }: Graph): string {
  const id = ids(nodes);
  return [
    'digraph dpac {',
    '  rankdir=LR;',
    ...nodes.map(
      (n) =>
        `  ${id(n.address)} [label=${JSON.stringify(printable(n.address))}${n.external ? ', style=dashed' : ''}];`,
    ),
    ...edges.map((e) => `  ${id(e.from)} -> ${id(e.to)}${e.label === 'ref' ? ' [style=dashed]' : ''};`),
    '}',
  ].join('\n');
}

/** `n0`, `n1`… by node; an address that is no node is a bug of the graph, not a node to invent. */
function ids(nodes: Graph['nodes']): (address: string) => string {
  const byAddress = new Map(nodes.map((n, i) => [n.address, `n${i}`]));
  return (address) => {
    const id = byAddress.get(address);
    if (id === undefined) throw new Error(`graph: the edge end ${address} is not a node`);
    return id;
  };
}
