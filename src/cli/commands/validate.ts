// `dpac validate [paths...]`: offline checks of the manifests — parse, schema, references, cycles.
// Prints every diagnostic at once, then a one-line summary. Exit 0 without errors, 1 otherwise.
import { Command } from 'commander';
import { hasErrors } from '../../core/diagnostic.js';
import { loadManifests } from '../../library.js';
import { VALIDATION_VIEWS } from '../../render/render-validation.js';
import { EXIT } from '../exit-codes.js';
import { annotate } from '../github-actions.js';
import { addManifestOptions, loadOptionsFrom, type ManifestFlags } from '../options.js';
import { addColorOption, addOutputOption, type OutputFlags, outputFor } from '../output.js';
import { registerCommand } from '../program.js';

interface Flags extends ManifestFlags, OutputFlags {}

registerCommand((io, setExit) => {
  const command = new Command('validate')
    .description('Offline: parse, schema, references, cycles.')
    .argument('[paths...]', 'manifest files, folders or globs (default: the current folder)');
  addOutputOption(command, VALIDATION_VIEWS, ['json']);
  addManifestOptions(command);
  addColorOption(command);
  return command.action(async (paths: string[], flags: Flags) => {
    const output = outputFor(io, flags, VALIDATION_VIEWS);
    const result = await loadManifests(loadOptionsFrom(paths, flags, io));
    const valid = !hasErrors(result.diagnostics);
    io.out(
      output.render({
        valid,
        folders: { cwd: io.cwd, root: result.root },
        diagnostics: result.diagnostics,
        resources: result.manifests.map((m) => m.address),
        files: result.files.length,
      }),
    );
    annotate(io, result.diagnostics, result.root);
    setExit(valid ? EXIT.ok : EXIT.error);
  });
});
