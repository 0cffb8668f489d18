// The views of `dpac validate`: every diagnostic then a one-line summary (text), or
// `{ valid, diagnostics, resources }` (JSON). Pure.
import type { Diagnostic } from '../core/diagnostic.js';
import { renderDiagnostics } from './render-diagnostics.js';
import { renderJson, type Views } from './view.js';

export interface Validation {
  valid: boolean;
  diagnostics: readonly Diagnostic[];
  /** Addresses of the resources the manifests declare. */
  resources: readonly string[];
  files: number;
}

export const VALIDATION_VIEWS: Views<Validation, 'text' | 'json'> = {
  text: (v, style) =>
    [...(v.diagnostics.length > 0 ? [renderDiagnostics(v.diagnostics, style)] : []), summaryLine(v)].join(
      '\n',
    ),
  json: ({ valid, diagnostics, resources }) => renderJson({ valid, diagnostics, resources }),
};

function summaryLine({ diagnostics, resources, files }: Validation): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (errors > 0) return `${plural(errors, 'error')}, ${plural(warnings, 'warning')}.`;
  const base = `${plural(resources.length, 'resource')} in ${plural(files, 'file')} ${resources.length === 1 ? 'is' : 'are'} valid`;
  return warnings > 0 ? `${base} (${plural(warnings, 'warning')}).` : `${base}.`;
}
