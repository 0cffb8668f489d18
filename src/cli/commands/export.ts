// `dpac export`: live → manifests. Read-only against the API; refuses to overwrite files without
// --force; lists the secret variables to set and every object it could not write, with why.

import path from 'node:path';
import { Command } from 'commander';
import { type ExportResult, exportManifests } from '../../export/export-manifests.js';
import { readForExport, readNames } from '../../export/read-for-export.js';
import { writeFiles } from '../../export/write-files.js';
import { isKindName } from '../../kinds/index.js';
import { schemaFile } from '../../manifest/json-schema.js';
import { unmatchedSelectors } from '../../plan/select.js';
import { EXPORT_VIEWS } from '../../render/render-export-summary.js';
import { addConnectOptions, type ConnectFlags, connect } from '../connect.js';
import { EXIT } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { addSelectOption, type Selector, selectorTexts } from '../options.js';
import { addOutputOption, type OutputFlags, outputFor } from '../output.js';
import { reportApiFailure, settingsFor } from '../plan-session.js';
import { registerCommand } from '../program.js';
import { projectInCwd } from '../project-file.js';
import { reportDiagnostics } from '../report-diagnostics.js';

interface Flags extends ConnectFlags, OutputFlags {
  select?: Selector[];
  exclude?: Selector[];
  out: string;
  force?: boolean;
  withDependencies?: boolean;
  factorDefaults?: boolean;
  target?: string;
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
    .option('--target <NAME>', 'use a target from dpac.yaml (its url)');
  addOutputOption(command, EXPORT_VIEWS);
  addSelectOption(command);
  addConnectOptions(command);
  return command.action(async (flags: Flags) => setExit(await runExport(io, flags)));
});

async function runExport(io: CliIo, flags: Flags): Promise<number> {
  const output = outputFor(io, flags, EXPORT_VIEWS);
  const project = await projectInCwd(io, output.style);
  if (!project) return EXIT.error;
  const settings = settingsFor(io, { flags, project, env: io.env }, output.style);
  if (!settings) return EXIT.error;
  const opened = connect(io, flags, settings, { readOnly: true });
  if (!opened) return EXIT.error;
  const select = selectorTexts(flags.select);
  const exclude = selectorTexts(flags.exclude);
  let result: ExportResult;
  try {
    const live = await readForExport({ client: opened.client, ownershipTag: settings.ownershipTag, select });
    const unmatched = [
      ...unmatchedSelectors('--select', select, live.objects.values()),
      ...unmatchedSelectors('--exclude', exclude, live.objects.values()),
    ];
    if (unmatched.length > 0) {
      // The selection read only the selected trees: suggestions come from all names of those kinds.
      const kinds = [...(flags.select ?? []), ...(flags.exclude ?? [])].map((s) => s.kind).filter(isKindName);
      const names = await readNames({ client: opened.client, ownershipTag: settings.ownershipTag, kinds });
      const all = [...live.objects.values(), ...names.objects.values()];
      const diagnostics = [
        ...unmatchedSelectors('--select', select, live.objects.values(), all),
        ...unmatchedSelectors('--exclude', exclude, live.objects.values(), all),
      ];
      reportDiagnostics(io, diagnostics, output.style);
      io.err('Nothing was exported.');
      return EXIT.error;
    }
    result = exportManifests(live, {
      select,
      exclude,
      withDependencies: flags.withDependencies === true,
      factorDefaults: flags.factorDefaults === true,
    });
  } catch (error) {
    return reportApiFailure(io, error);
  } finally {
    await opened.client.close();
  }
  const files = [
    ...result.files.map((f) => ({ path: f.path, text: f.yaml })),
    ...(result.files.length > 0 ? [schemaFile()] : []),
  ];
  const written = await writeFiles(path.resolve(io.cwd, flags.out), files, flags.force === true);
  if (!written.ok) {
    io.err(
      `Error: ${written.existing.length} file(s) already exist in ${flags.out}; nothing was written. ` +
        'Pass --force to overwrite them, or choose another --out.',
    );
    for (const file of written.existing.slice(0, 20)) io.err(`  ${file}`);
    if (written.existing.length > 20) io.err(`  … and ${written.existing.length - 20} more`);
    return EXIT.error;
  }
  io.out(output.render({ result, out: flags.out }));
  return EXIT.ok;
}
