// dependencyGraph(): the declared resources and what each needs — its parent and every object its
// spec refers to — offline, from loaded manifests. An object referred to but not declared (an
// external one) is a node of its own, marked external. `select`/`exclude` narrow it as they narrow
// a plan; the graph then shows the objects in scope and every edge that touches one.
import { hasErrors } from '../core/diagnostic.js';
import { KINDS, parentOf } from '../kinds/index.js';
import type { LoadManifestsResult } from '../manifest/load-manifests.js';
import { scopeOf, unmatchedSelectors } from '../plan/select.js';
import { Refusal } from './refusal.js';

export interface GraphNode {
  address: string;
  /** Referred to, never declared here: dpac.yaml `external:`, or a manifest with metadata.external. */
  external: boolean;
}

export interface GraphEdge {
  /** What is needed (the parent, the object referred to). */
  from: string;
  /** What needs it. */
  to: string;
  label: 'parent' | 'ref';
}

export interface Graph {
  /** Declared objects in manifest order, then external ones by address. */
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export interface GraphOptions {
  /** `KIND[/NAME...]` selectors, like `--select`. */
  select?: readonly string[];
  /** `KIND[/NAME...]` globs, like `--exclude`: wins over select. */
  exclude?: readonly string[];
}

/** The graph; a Refusal when the manifests have errors or a selector matches nothing. */
export function dependencyGraph(project: LoadManifestsResult, options: GraphOptions = {}): Graph {
  if (hasErrors(project.diagnostics))
    throw new Refusal('The manifests have errors; no graph was drawn.', project.diagnostics);
  const unmatched = [
    ...unmatchedSelectors('--select', options.select, project.manifests),
    ...unmatchedSelectors('--exclude', options.exclude, project.manifests),
  ];
  if (unmatched.length > 0) throw new Refusal('A selector matches nothing; no graph was drawn.', unmatched);

  const specs = new Map(project.manifests.map((m) => [m.address as string, m.spec]));
  const { inScope } = scopeOf(options.select, options.exclude);
  const narrowed = Boolean(options.select?.length || options.exclude?.length);
  const selected = new Set(project.manifests.filter(inScope).map((m) => m.address as string));
  const edges = new Map<string, GraphEdge>();
  const add = (edge: GraphEdge) => {
    if (narrowed && !selected.has(edge.from) && !selected.has(edge.to)) return;
    edges.set(`${edge.from} ${edge.to} ${edge.label}`, edge);
  };
  for (const m of project.manifests) {
    const parent = parentOf(m);
    if (parent) add({ from: parent, to: m.address, label: 'parent' });
    const refs = KINDS[m.kind].refs(m.spec as never, {
      ancestors: m.ancestors,
      declared: (a) => specs.get(a),
    });
    for (const ref of refs) add({ from: ref.address, to: m.address, label: 'ref' });
  }
  const shown = new Set(narrowed ? selected : specs.keys());
  for (const e of edges.values()) shown.add(e.from).add(e.to);
  const declared = [...specs.keys()].filter((a) => shown.has(a));
  const external = [...shown].filter((a) => !specs.has(a)).sort();
  return {
    nodes: [
      ...declared.map((address) => ({ address, external: false })),
      ...external.map((address) => ({ address, external: true })),
    ],
    edges: [...edges.values()],
  };
}
