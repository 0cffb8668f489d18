// The views of `dpac export`'s summary: what was written, which variables to set, what was not
// exported and why. Text for people; JSON (`-o json`) for scripts. Pure.

import { UNNAMED_PROJECT_TAG } from '../core/ownership-tag.js';
import type { ExportResult } from '../export/export-manifests.js';
import { KIND_NAMES } from '../kinds/index.js';
import { printable } from './printable.js';
import { renderJson, type Views } from './view.js';

export interface ExportSummary {
  result: ExportResult;
  /** The output folder as the user gave it. */
  out: string;
  /** A dpac.yaml was already in the output folder and was kept (not rewritten). */
  projectFileKept?: boolean;
}

export const EXPORT_VIEWS: Views<ExportSummary, 'text' | 'json'> = {
  text: renderExportText,
  json: ({ result, out, projectFileKept }) =>
    renderJson({
      out,
      project: {
        file: result.projectFile.path,
        written: result.files.length > 0 && !projectFileKept,
        name: result.project.name ?? null,
        ownership_tag: result.project.ownershipTag,
        reason: result.project.reason,
        owners: result.project.owners,
        ...(result.project.target ? { target: result.project.target } : {}),
      },
      objects: total(result),
      counts: Object.fromEntries(
        KIND_NAMES.filter((k) => result.counts[k]).map((k) => [k, result.counts[k]]),
      ),
      files: result.files.map((f) => f.path),
      variables: result.variables.map(({ name, address, pointer }) => ({ name, address, pointer })),
      problems: result.problems,
      outside: result.outside,
      externals: result.externals,
      elsewhere: result.elsewhere,
      unstable: result.unstable.map((u) => ({ address: u.address, fields: u.fields.map((f) => f.path) })),
    }),
};

function total(result: ExportResult): number {
  return Object.values(result.counts).reduce((a, b) => a + (b ?? 0), 0);
}

function renderExportText({ result, out, projectFileKept }: ExportSummary): string {
  const lines: string[] = [];
  const objects = total(result);
  const byKind = KIND_NAMES.filter((k) => result.counts[k]).map((k) => `${result.counts[k]} ${k}`);
  lines.push(
    `Exported ${objects} object${objects === 1 ? '' : 's'} to ${out} in ${result.files.length} file${result.files.length === 1 ? '' : 's'}${byKind.length ? `: ${byKind.join(', ')}` : ''}.`,
  );
  if (result.files.length > 0) lines.push('', ...projectLines(result, out, projectFileKept === true));
  if (result.variables.length > 0) {
    lines.push('', 'Secrets are never exported. Set these environment variables before plan or apply:');
    const width = Math.max(...result.variables.map((v) => v.name.length));
    for (const v of result.variables)
      lines.push(`  ${v.name.padEnd(width)}  ${printable(v.address)} ${printable(v.pointer)}`);
  }
  if (result.problems.length > 0) {
    lines.push('', `Not exported (${result.problems.length}):`);
    for (const p of result.problems) lines.push(`  ${printable(p.address)}: ${printable(p.why)}`);
  }
  if (result.elsewhere.length > 0) {
    lines.push(
      '',
      `Owned by other projects, not exported (${result.elsewhere.length}; declared external where the export refers to them):`,
    );
    for (const e of result.elsewhere) lines.push(`  ${e.address}: ${e.why}`);
  }
  if (result.outside.length > 0) {
    lines.push(
      '',
      `References outside this export, written as external declarations (referred to, never managed; --with-dependencies exports them whole):`,
    );
    for (const o of result.outside) lines.push(`  ${printable(o.address)}: ${printable(o.why)}`);
  }
  if (result.unstable.length > 0) {
    lines.push('', `Written, but a plan would still change them (please report this as a dpac bug):`);
    for (const u of result.unstable)
      lines.push(`  ${printable(u.address)}: ${u.fields.map((f) => printable(f.path)).join(', ')}`);
  }
  lines.push(
    '',
    `Next: review the files, set the variables, then run \`dpac plan ${out}\`: it should list only adopt actions, or none.`,
  );
  return lines.join('\n');
}

/** What the dpac.yaml of the export says, or that an existing one was kept. */
function projectLines(result: ExportResult, out: string, kept: boolean): string[] {
  const { name, ownershipTag, reason, target } = result.project;
  const as = name
    ? `project ${name}`
    : ownershipTag === UNNAMED_PROJECT_TAG
      ? 'no project name'
      : `ownership_tag ${ownershipTag}`;
  const where = target ? `, target ${target.name} (${target.url})` : '';
  if (kept)
    return [
      `${out}/${result.projectFile.path} exists and was kept; the export would have written ${as}${where}: ${reason}.`,
    ];
  return [`Wrote ${out}/${result.projectFile.path}: ${as}${where}.`, `  Why: ${reason}.`];
}
