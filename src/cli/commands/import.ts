// `dpac import ADDRESS [--out FILE]`: one existing live object under management. The library reads
// it and returns its manifest; this file adds it to FILE (appended after `---` when the file exists;
// default: where export would put it, below the project root), then loads the project again to
// check that the manifest is read and valid, and says what to set and run next.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Command } from 'commander';
import { hasErrors } from '../../core/diagnostic.js';
import { addDocuments } from '../../export/write-files.js';
import { importObject, loadManifests } from '../../library.js';
import { SCHEMA_FILE } from '../../manifest/json-schema.js';
import { addConnectOptions, type ConnectFlags, connect } from '../connect.js';
import { EXIT } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { addManifestOptions, loadOptionsFrom, type ManifestFlags } from '../options.js';
import { addColorOption, styleFor } from '../output.js';
import { loadProject, reportFailure } from '../plan-session.js';
import { registerCommand } from '../program.js';
import { reportDiagnostics } from '../report-diagnostics.js';

interface Flags extends ManifestFlags, ConnectFlags {
  out?: string;
  adoptForce?: boolean;
  color?: boolean;
}

registerCommand((io, setExit) => {
  const command = new Command('import')
    .description(
      'Bring one existing live object under management: write its manifest (read-only on the platform).',
    )
    .argument('<address>', 'the object, e.g. Source/sales_db or Table/sales_db/orders')
    .option(
      '--out <file>',
      'add the manifest to FILE (default: where `dpac export` puts it, below the project root)',
    )
    .option(
      '--adopt-force',
      "take over an object another project's tag marks (its manifest gets metadata.adopt: force)",
    );
  addColorOption(addConnectOptions(addManifestOptions(command)));
  return command.action(async (address: string, flags: Flags) =>
    setExit(await runImport(io, address, flags)),
  );
});

async function runImport(io: CliIo, address: string, flags: Flags): Promise<number> {
  const style = styleFor(io, flags);
  const project = await loadProject(io, [], flags, style);
  if (!project) return EXIT.error;
  const connection = connect(io, flags, project.project, { readOnly: true });
  if (!connection) return EXIT.error;
  let imported: Awaited<ReturnType<typeof importObject>>;
  try {
    imported = await importObject(connection, project, address, { adoptForce: flags.adoptForce });
  } catch (error) {
    return reportFailure(io, error, style, project.root);
  } finally {
    await connection.client.close();
  }
  const file = flags.out
    ? path.resolve(io.cwd, flags.out)
    : path.join(project.root, ...imported.path.split('/'));
  const schema = path.join(project.root, SCHEMA_FILE);
  const hasSchema = await stat(schema).then(
    (s) => s.isFile(),
    () => false,
  );
  const relativeSchema = path.relative(path.dirname(file), schema).split(path.sep).join('/');
  const how = await addDocuments(file, imported.yaml, hasSchema ? relativeSchema : undefined);
  const shown = path.relative(io.cwd, file).split(path.sep).join('/');
  io.out(`Imported ${imported.address}: ${how === 'created' ? 'wrote' : 'appended to'} ${shown}.`);
  if (imported.takenFrom)
    io.out(
      `It is taken over from ${imported.takenFrom} (metadata.adopt: force): the next apply replaces their tag.`,
    );
  if (imported.externals.length > 0)
    io.out(`Declared external there too (referred to, never managed): ${imported.externals.join(', ')}.`);
  if (imported.variables.length > 0) {
    io.out('Secrets are never read back from the platform: set these environment variables before apply:');
    for (const v of imported.variables) io.out(`  ${v.name}  (${v.address} ${v.pointer})`);
  }
  if (imported.unstable.length > 0)
    io.err(
      `Warning: a plan would still change ${imported.unstable.join(', ')} of ${imported.address} (please report this as a dpac bug).`,
    );
  // The project as it now is: the manifest must be read, and valid.
  const after = await loadManifests(loadOptionsFrom([], flags, io));
  const problems = after.diagnostics.filter((d) => d.severity === 'error');
  reportDiagnostics(io, problems, style, after.root);
  if (hasErrors(problems)) return EXIT.error;
  if (!after.manifests.some((m) => m.address === imported.address)) {
    io.err(
      `Warning: the project does not read ${shown} (dpac.yaml include/exclude), so it does not manage ${imported.address} yet: move the manifest into a file it reads.`,
    );
    return EXIT.ok;
  }
  io.out(
    `Next: dpac plan --select ${imported.address} (it shows an adopt that adds this project's tag, or no change).`,
  );
  return EXIT.ok;
}
