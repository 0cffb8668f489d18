// `dpac validate [paths...]`: offline checks of the manifests — parse, schema, references, cycles.
// Prints every diagnostic at once, then a one-line summary. Exit 0 without errors, 1 otherwise.
import { Command } from 'commander';
import { hasErrors } from '../../core/diagnostic.js';
import { formatDiagnostics } from '../../manifest/format-diagnostics.js';
import { loadManifests } from '../../manifest/load-manifests.js';
import { EXIT } from '../exit-codes.js';
import { useColor } from '../io.js';
import { addColorOption, addManifestOptions, loadOptionsFrom, type ManifestFlags } from '../options.js';
import { registerCommand } from '../program.js';

interface ValidateFlags extends ManifestFlags {
  json?: boolean;
  color?: boolean;
}

registerCommand((io, setExit) => {
  const command = new Command('validate')
    .description('Offline: parse, schema, references, cycles.')
    .argument('[paths...]', 'manifest files, folders or globs (default: the current folder)')
    .option('--json', 'print { valid, diagnostics, resources } as JSON');
  addManifestOptions(command);
  addColorOption(command);
  return command.action(async (paths: string[], flags: ValidateFlags) => {
    const result = await loadManifests(loadOptionsFrom(paths, flags, io));
    const valid = !hasErrors(result.diagnostics);
    const resources = result.manifests.map((m) => m.address);
    if (flags.json) {
      io.out(JSON.stringify({ valid, diagnostics: result.diagnostics, resources }, null, 2));
    } else {
      if (result.diagnostics.length > 0)
        io.out(formatDiagnostics(result.diagnostics, useColor(io, flags.color)));
      io.out(summaryLine(result.diagnostics, resources.length, result.files.length));
    }
    setExit(valid ? EXIT.ok : EXIT.error);
  });
});

function summaryLine(diagnostics: readonly { severity: string }[], resources: number, files: number): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (errors > 0) return `${plural(errors, 'error')}, ${plural(warnings, 'warning')}.`;
  const base = `${plural(resources, 'resource')} in ${plural(files, 'file')} ${resources === 1 ? 'is' : 'are'} valid`;
  return warnings > 0 ? `${base} (${plural(warnings, 'warning')}).` : `${base}.`;
}
