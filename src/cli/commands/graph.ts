// `dpac graph`: the dependency graph of the declared resources (offline).
import { Command, Option } from 'commander';
import { parentAddress } from '../../core/address.js';
import { KINDS } from '../../kinds/index.js';
import { type GraphEdge, renderGraph } from '../../render/render-graph.js';
import { EXIT } from '../exit-codes.js';
import { addManifestOptions } from '../options.js';
import { loadProject, type PlanFlags } from '../plan-session.js';
import { registerCommand } from '../program.js';

interface Flags extends PlanFlags {
  format: 'mermaid' | 'dot';
}

registerCommand((io, setExit) => {
  const command = new Command('graph')
    .description('Print the dependency graph of the declared resources (parents and references).')
    .argument('[paths...]', 'manifest files, folders or globs (default: the current folder)')
    .addOption(
      new Option('--format <format>', 'graph language').choices(['mermaid', 'dot']).default('mermaid'),
    );
  addManifestOptions(command);
  return command.action(async (paths: string[], flags: Flags) => {
    const loaded = await loadProject(io, paths, flags, false, false);
    if (!loaded) return setExit(EXIT.error);
    const specs = new Map(loaded.manifests.map((m) => [m.address, m.spec]));
    const edges: GraphEdge[] = [];
    for (const m of loaded.manifests) {
      const parent = KINDS[m.kind].parent;
      if (parent) edges.push({ from: parentAddress(parent, m.ancestors), to: m.address, label: 'parent' });
      for (const ref of KINDS[m.kind].refs(m.spec as never, {
        ancestors: m.ancestors,
        declared: (a) => specs.get(a),
      })) {
        edges.push({ from: ref.address, to: m.address, label: 'ref' });
      }
    }
    io.out(
      renderGraph(
        loaded.manifests.map((m) => m.address),
        edges,
        flags.format,
      ),
    );
    setExit(EXIT.ok);
  });
});
