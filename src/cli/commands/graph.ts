// `dpac graph`: the dependency graph of the declared resources (offline).
import { Command } from 'commander';
import { KINDS, parentOf } from '../../kinds/index.js';
import { GRAPH_VIEWS, type GraphEdge } from '../../render/render-graph.js';
import { EXIT } from '../exit-codes.js';
import { addManifestOptions, type ManifestFlags } from '../options.js';
import { addOutputOption, type OutputFlags, outputFor } from '../output.js';
import { loadProject } from '../plan-session.js';
import { registerCommand } from '../program.js';

interface Flags extends ManifestFlags, OutputFlags {}

registerCommand((io, setExit) => {
  const command = new Command('graph')
    .description('Print the dependency graph of the declared resources (parents and references).')
    .argument('[paths...]', 'manifest files, folders or globs (default: the current folder)');
  addOutputOption(command, GRAPH_VIEWS, ['format']);
  addManifestOptions(command);
  return command.action(async (paths: string[], flags: Flags) => {
    const output = outputFor(io, flags, GRAPH_VIEWS);
    const loaded = await loadProject(io, paths, flags, output.style);
    if (!loaded) return setExit(EXIT.error);
    const specs = new Map(loaded.manifests.map((m) => [m.address, m.spec]));
    const edges: GraphEdge[] = [];
    for (const m of loaded.manifests) {
      const parent = parentOf(m);
      if (parent) edges.push({ from: parent, to: m.address, label: 'parent' });
      for (const ref of KINDS[m.kind].refs(m.spec as never, {
        ancestors: m.ancestors,
        declared: (a) => specs.get(a),
      })) {
        edges.push({ from: ref.address, to: m.address, label: 'ref' });
      }
    }
    io.out(output.render({ nodes: loaded.manifests.map((m) => m.address), edges }));
    setExit(EXIT.ok);
  });
});
