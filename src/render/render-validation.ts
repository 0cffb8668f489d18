// The views of `dpac validate`: every diagnostic (files named from the current folder) then a
// one-line summary (text), or `{ valid, root, diagnostics, resources }` (JSON, files named from the
// project root). Pure.
import type { Diagnostic } from '../core/diagnostic.js';
import { type Folders, renderDiagnostics, rootFromHere, seenFrom } from './render-diagnostics.js';
import { renderJson, type Views } from './view.js';

export interface Validation {
  valid: boolean;
  /** Where the command ran and the project root, which diagnostics name files from. */
  folders: Folders;
  diagnostics: readonly Diagnostic[];
  /** Addresses of the resources the manifests declare. */
  resources: readonly string[];
  files: number;
}

export const VALIDATION_VIEWS: Views<Validation, 'text' | 'json'> = {
  text: (v, style) =>
    [
      ...(v.diagnostics.length > 0 ? [renderDiagnostics(seenFrom(v.diagnostics, v.folders), style)] : []),
      summaryLine(v),
    ].join('\n'),
  json: ({ valid, folders, diagnostics, resources }) =>
    renderJson({ valid, root: rootFromHere(folders), diagnostics, resources }),
};

function summaryLine({ diagnostics, resources, files }: Validation): string {
  const count = (severity: Diagnostic['severity']) =>
    diagnostics.filter((d) => d.severity === severity).length;
  const [errors, warnings, notes] = [count('error'), count('warning'), count('note')];
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (errors > 0) return `${plural(errors, 'error')}, ${plural(warnings, 'warning')}.`;
  const base = `${plural(resources.length, 'resource')} in ${plural(files, 'file')} ${resources.length === 1 ? 'is' : 'are'} valid`;
  const extra = [
    ...(warnings ? [plural(warnings, 'warning')] : []),
    ...(notes ? [plural(notes, 'note')] : []),
  ];
  return extra.length > 0 ? `${base} (${extra.join(', ')}).` : `${base}.`;
}
