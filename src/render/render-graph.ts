// `dpac graph`: the dependency graph of declared resources (parents and references) as
// Mermaid or Graphviz dot. Pure.
export interface GraphEdge {
  from: string;
  to: string;
  label: 'parent' | 'ref';
}

export function renderGraph(
  nodes: readonly string[],
  edges: readonly GraphEdge[],
  format: 'mermaid' | 'dot',
): string {
  const id = new Map(nodes.map((n, i) => [n, `n${i}`]));
  if (format === 'dot') {
    return [
      'digraph dpac {',
      '  rankdir=LR;',
      ...nodes.map((n) => `  ${id.get(n)} [label=${JSON.stringify(n)}];`),
      ...edges.map(
        (e) => `  ${id.get(e.from)} -> ${id.get(e.to)}${e.label === 'ref' ? ' [style=dashed]' : ''};`,
      ),
      '}',
    ].join('\n');
  }
  return [
    'graph LR',
    ...nodes.map((n) => `  ${id.get(n)}["${n.replace(/"/g, '#quot;')}"]`),
    ...edges.map((e) => `  ${id.get(e.from)} ${e.label === 'ref' ? '-.->' : '-->'} ${id.get(e.to)}`),
  ].join('\n');
}
