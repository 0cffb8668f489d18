// `dpac graph`: the dependency graph of declared resources (parents and references) as
// Mermaid or Graphviz dot. Pure.
import { printable } from './printable.js';
import type { Views } from './view.js';

export interface Graph {
  nodes: readonly string[];
  edges: readonly GraphEdge[];
}

export interface GraphEdge {
  from: string;
  to: string;
  label: 'parent' | 'ref';
}

export const GRAPH_VIEWS: Views<Graph, 'mermaid' | 'dot'> = { mermaid: renderMermaid, dot: renderDot };

function renderMermaid({ nodes, edges }: Graph): string {
  const id = ids(nodes);
  return [
    'graph LR',
    ...nodes.map((n) => `  ${id.get(n)}["${printable(n).replace(/"/g, '#quot;')}"]`),
    ...edges.map((e) => `  ${id.get(e.from)} ${e.label === 'ref' ? '-.->' : '-->'} ${id.get(e.to)}`),
  ].join('\n');
}

function renderDot({ nodes, edges }: Graph): string {
  const id = ids(nodes);
  return [
    'digraph dpac {',
    '  rankdir=LR;',
    ...nodes.map((n) => `  ${id.get(n)} [label=${JSON.stringify(printable(n))}];`),
    ...edges.map(
      (e) => `  ${id.get(e.from)} -> ${id.get(e.to)}${e.label === 'ref' ? ' [style=dashed]' : ''};`,
    ),
    '}',
  ].join('\n');
}

function ids(nodes: readonly string[]): Map<string, string> {
  return new Map(nodes.map((n, i) => [n, `n${i}`]));
}
