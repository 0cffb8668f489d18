// `dpac export`: live → manifests. Read-only against the API; refuses to overwrite files without
// --force; lists the secret variables to set and every object it could not write, with why.

import path from 'node:path';
import { Command } from 'commander';
import { type ExportResult, exportManifests, SCHEMA_FILE } from '../../export/export-manifests.js';
import { readForExport } from '../../export/read-for-export.js';
import { writeFiles } from '../../export/write-files.js';
import { KIND_NAMES } from '../../kinds/index.js';
import { renderJsonSchema } from '../../manifest/json-schema.js';
import { addConnectOptions, type ConnectFlags } from '../connect.js';
import { EXIT } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { addSelectOption, type Selector } from '../options.js';
import { connect, reportApiFailure } from '../plan-session.js';
import { registerCommand } from '../program.js';
import { projectInCwd } from '../project-file.js';

interface Flags extends ConnectFlags {
  select?: Selector[];
  out: string;
  force?: boolean;
  target?: string;
}

registerCommand((io, setExit) => {
  const command = new Command('export')
    .description('Write manifests for what exists live (read-only; secrets become ${env.NAME} placeholders).')
    .option('--out <DIR>', 'folder to write the manifests to', '.')
    .option('--force', 'overwrite files that already exist')
    .option('--target <NAME>', 'use a target from dpac.yaml (its url)');
  addSelectOption(command);
  addConnectOptions(command);
  return command.action(async (flags: Flags) => setExit(await runExport(io, flags)));
});

async function runExport(io: CliIo, flags: Flags): Promise<number> {
  const project = await projectInCwd(io);
  if (!project) return EXIT.error;
  const opened = connect(io, flags, project, true);
  if (!opened) return EXIT.error;
  const select = flags.select?.map((s) => [s.kind, ...s.names].join('/'));
  let result: ExportResult;
  try {
    const live = await readForExport({ client: opened.client, ownershipTag: project.ownership_tag, select });
    result = exportManifests(live, { select });
  } catch (error) {
    return reportApiFailure(io, error);
  } finally {
    await opened.client.close();
  }
  const files = [
    ...result.files.map((f) => ({ path: f.path, text: f.yaml })),
    ...(result.files.length > 0 ? [{ path: SCHEMA_FILE, text: renderJsonSchema() }] : []),
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
  io.out(renderSummary(result, flags.out));
  return EXIT.ok;
}

export function renderSummary(result: ExportResult, out: string): string {
  const lines: string[] = [];
  const total = Object.values(result.counts).reduce((a, b) => a + (b ?? 0), 0);
  const byKind = KIND_NAMES.filter((k) => result.counts[k]).map((k) => `${result.counts[k]} ${k}`);
  lines.push(
    `Exported ${total} object${total === 1 ? '' : 's'} to ${out} in ${result.files.length} file${result.files.length === 1 ? '' : 's'}${byKind.length ? `: ${byKind.join(', ')}` : ''}.`,
  );
  if (result.variables.length > 0) {
    lines.push('', 'Secrets are never exported. Set these environment variables before plan or apply:');
    const width = Math.max(...result.variables.map((v) => v.name.length));
    for (const v of result.variables) lines.push(`  ${v.name.padEnd(width)}  ${v.address} ${v.pointer}`);
  }
  if (result.problems.length > 0) {
    lines.push('', `Not exported (${result.problems.length}):`);
    for (const p of result.problems) lines.push(`  ${p.address}: ${p.why}`);
  }
  if (result.outside.length > 0) {
    lines.push('', `References outside this export (declare or export them too, or validate will fail):`);
    for (const o of result.outside) lines.push(`  ${o.address}: ${o.why}`);
  }
  if (result.unstable.length > 0) {
    lines.push('', `Written, but a plan would still change them (please report this as a dpac bug):`);
    for (const u of result.unstable) lines.push(`  ${u.address}: ${u.fields.map((f) => f.path).join(', ')}`);
  }
  lines.push(
    '',
    `Next: review the files, set the variables, then run \`dpac plan ${out}\`: it should list only adopt actions.`,
  );
  return lines.join('\n');
}
