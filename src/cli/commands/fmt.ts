// `dpac fmt [PATH…] [--check]`: rewrite the manifests in canonical form (key order, layout; comments
// kept, meaning unchanged), printing each file it rewrites; --check changes nothing, lists the
// files that are not canonical and exits 1 when there is any. A file that does not parse is
// reported at file:line:col and left alone (exit 1).
import { Command } from 'commander';
import { replaceFile } from '../../export/write-files.js';
import { formatManifests } from '../../library.js';
import { fileFromHere } from '../../render/render-diagnostics.js';
import { EXIT } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { addColorOption, styleFor } from '../output.js';
import { reportFailure } from '../plan-session.js';
import { registerCommand } from '../program.js';
import { reportDiagnostics } from '../report-diagnostics.js';

interface Flags {
  check?: boolean;
  color?: boolean;
}

registerCommand((io, setExit) => {
  const command = new Command('fmt')
    .description('Rewrite the manifests in canonical form (key order and layout; comments kept).')
    .argument('[paths...]', 'manifest files, folders or globs (default: the current folder)')
    .option('--check', 'change nothing: list the files that are not formatted and exit 1 if there is any');
  addColorOption(command);
  return command.action(async (paths: string[], flags: Flags) => setExit(await fmt(io, paths, flags)));
});

async function fmt(io: CliIo, paths: string[], flags: Flags): Promise<number> {
  const style = styleFor(io, flags);
  let result: Awaited<ReturnType<typeof formatManifests>>;
  try {
    result = await formatManifests({ cwd: io.cwd, paths });
  } catch (error) {
    return reportFailure(io, error, style);
  }
  reportDiagnostics(io, result.diagnostics, style, result.root);
  // Named from the current folder, as the diagnostics are.
  const changed = result.files
    .filter((f) => f.changed)
    .map((f) => ({ ...f, file: fileFromHere(f.file, { cwd: io.cwd, root: result.root }) }));
  const failed = result.diagnostics.some((d) => d.severity === 'error');
  if (flags.check) {
    for (const f of changed) io.out(f.file);
    if (changed.length > 0)
      io.err(
        `${changed.length} file${changed.length === 1 ? ' is' : 's are'} not formatted; run dpac fmt to rewrite ${changed.length === 1 ? 'it' : 'them'}.`,
      );
    return changed.length > 0 || failed ? EXIT.error : EXIT.ok;
  }
  for (const f of changed) {
    await replaceFile(f.path, f.text);
    io.out(f.file);
  }
  return failed ? EXIT.error : EXIT.ok;
}
