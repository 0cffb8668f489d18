// `dpac export`: live → manifests. Read-only against the API; refuses to overwrite files without
// --force; lists the secret variables to set and every object it could not write, with why.

import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Command } from 'commander';
import { hasErrors } from '../../core/diagnostic.js';
import type { ExportResult } from '../../export/export-manifests.js';
import { writeFiles } from '../../export/write-files.js';
import { exportPlatform, loadProjectSettings } from '../../library.js';
import { schemaFile } from '../../manifest/json-schema.js';
import { EXPORT_VIEWS } from '../../render/render-export-summary.js';
import { addConnectOptions, type ConnectFlags, connect } from '../connect.js';
import { EXIT } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { addSelectOption, type SelectFlags, selectorTexts } from '../options.js';
import { addColorOption, addOutputOption, type OutputFlags, outputFor } from '../output.js';
import { reportFailure } from '../plan-session.js';
import { registerCommand } from '../program.js';
import { reportDiagnostics } from '../report-diagnostics.js';

interface Flags extends ConnectFlags, OutputFlags, SelectFlags {
  out: string;
  force?: boolean;
  withDependencies?: boolean;
  factorDefaults?: boolean;
  project?: string;
}

registerCommand((io, setExit) => {
  const command = new Command('export')
    .description('Write manifests for what exists live (read-only; secrets become ${env.NAME} placeholders).')
    .option('--out <DIR>', 'folder to write the manifests to', '.')
    .option('--force', 'overwrite files that already exist')
    .option(
      '--with-dependencies',
      'with --select: export what the selection refers to as full manifests (default: as external declarations)',
    )
    .option(
      '--factor-defaults',
      "move the values all tables of a source share into the source's table_defaults",
    )
    .option(
      '--project <NAME>',
      "export as this project: its objects are written, other projects' left out (default: dpac.yaml's project, else the one most exported sources and tables are tagged with)",
    )
    .option('--target <NAME>', 'use a target from dpac.yaml (its url)');
  addOutputOption(command, EXPORT_VIEWS);
  addSelectOption(command);
  addColorOption(addConnectOptions(command));
  return command.action(async (flags: Flags) => setExit(await runExport(io, flags)));
});

async function runExport(io: CliIo, flags: Flags): Promise<number> {
  const output = outputFor(io, flags, EXPORT_VIEWS);
  const settings = await loadProjectSettings({ cwd: io.cwd });
  reportDiagnostics(io, settings.diagnostics, output.style, settings.root);
  if (hasErrors(settings.diagnostics)) return EXIT.error;
  const connection = connect(io, flags, settings.project, { readOnly: true });
  if (!connection) return EXIT.error;
  const project = flags.project ?? settings.project.project;
  let result: ExportResult;
  try {
    result = await exportPlatform(connection, {
      select: selectorTexts(flags.select),
      exclude: selectorTexts(flags.exclude),
      withDependencies: flags.withDependencies === true,
      factorDefaults: flags.factorDefaults === true,
      ...(project === undefined ? {} : { project }),
    });
  } catch (error) {
    return reportFailure(io, error, output.style);
  } finally {
    await connection.client.close();
  }
  const outDir = path.resolve(io.cwd, flags.out);
  // A dpac.yaml already there holds the project's own settings: kept, even with --force.
  const keepProjectFile = await isFile(path.join(outDir, result.projectFile.path));
  const files = [
    ...result.files.map((f) => ({ path: f.path, text: f.yaml })),
    ...(result.files.length > 0 ? [schemaFile()] : []),
    ...(result.files.length > 0 && !keepProjectFile
      ? [{ path: result.projectFile.path, text: result.projectFile.yaml }]
      : []),
  ];
  const written = await writeFiles(outDir, files, flags.force === true);
  if (!written.ok) {
    io.err(
      `Error: ${written.existing.length} file(s) already exist in ${flags.out}; nothing was written. ` +
        'Pass --force to overwrite them, or choose another --out.',
    );
    for (const file of written.existing.slice(0, 20)) io.err(`  ${file}`);
    if (written.existing.length > 20) io.err(`  … and ${written.existing.length - 20} more`);
    return EXIT.error;
  }
  io.out(output.render({ result, out: flags.out, projectFileKept: keepProjectFile }));
  return EXIT.ok;
}

async function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (info) => info.isFile(),
    () => false,
  );
}
