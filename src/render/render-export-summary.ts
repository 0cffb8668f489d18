// The views of `dpac export`'s summary: what was written, which variables to set, what was not
// exported and why. Text for people; JSON (`-o json`) for scripts. Pure.
import type { ExportResult } from '../export/export-manifests.js';
import { KIND_NAMES } from '../kinds/index.js';
import { printable } from './printable.js';
import { renderJson, type Views } from './view.js';

export interface ExportSummary {
  result: ExportResult;
  /** The output folder as the user gave it. */
  out: string;
}

export const EXPORT_VIEWS: Views<ExportSummary, 'text' | 'json'> = {
  text: renderExportText,
  json: ({ result, out }) =>
    renderJson({
      out,
      objects: total(result),
      counts: Object.fromEntries(
        KIND_NAMES.filter((k) => result.counts[k]).map((k) => [k, result.counts[k]]),
      ),
      files: result.files.map((f) => f.path),
      variables: result.variables.map(({ name, address, pointer }) => ({ name, address, pointer })),
      problems: result.problems,
      outside: result.outside,
      externals: result.externals,
      unstable: result.unstable.map((u) => ({ address: u.address, fields: u.fields.map((f) => f.path) })),
    }),
};

function total(result: ExportResult): number {
  return Object.values(result.counts).reduce((a, b) => a + (b ?? 0), 0);
}

function renderExportText({ result, out }: ExportSummary): string {
  const lines: string[] = [];
  const objects = total(result);
  const byKind = KIND_NAMES.filter((k) => result.counts[k]).map((k) => `${result.counts[k]} ${k}`);
  lines.push(
    `Exported ${objects} object${objects === 1 ? '' : 's'} to ${out} in ${result.files.length} file${result.files.length === 1 ? '' : 's'}${byKind.length ? `: ${byKind.join(', ')}` : ''}.`,
  );
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
    `Next: review the files, set the variables, then run \`dpac plan ${out}\`: it should list only adopt actions.`,
  );
  return lines.join('\n');
}
