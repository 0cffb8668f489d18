// `dpac graph`: the dependency graph of the declared resources (offline; library/graph.ts).
import { Command } from 'commander';
import { dependencyGraph } from '../../library.js';
import { GRAPH_VIEWS } from '../../render/render-graph.js';
import { EXIT } from '../exit-codes.js';
import {
  addManifestOptions,
  addSelectOption,
  type ManifestFlags,
  type SelectFlags,
  selectorTexts,
} from '../options.js';
import { addColorOption, addOutputOption, type OutputFlags, outputFor } from '../output.js';
import { loadProject, reportFailure } from '../plan-session.js';
import { registerCommand } from '../program.js';

type Flags = ManifestFlags & OutputFlags & SelectFlags;

registerCommand((io, setExit) => {
  const command = new Command('graph')
    .description('Print the dependency graph of the declared resources (parents and references).')
    .argument('[paths...]', 'manifest files, folders or globs (default: the current folder)');
  addOutputOption(command, GRAPH_VIEWS, ['format']);
  addColorOption(addSelectOption(addManifestOptions(command)));
  return command.action(async (paths: string[], flags: Flags) => {
    const output = outputFor(io, flags, GRAPH_VIEWS);
    const loaded = await loadProject(io, paths, flags, output.style);
    if (!loaded) return setExit(EXIT.error);
    try {
      const graph = dependencyGraph(loaded, {
        select: selectorTexts(flags.select),
        exclude: selectorTexts(flags.exclude),
      });
      io.out(output.render(graph));
      setExit(EXIT.ok);
    } catch (error) {
      setExit(reportFailure(io, error, output.style, loaded.root));
    }
  });
});
