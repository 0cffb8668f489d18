// Human view of diagnostics: `file:line:col severity: summary`, then the detail indented. Pure.
import { type Diagnostic, formatLocation } from '../core/diagnostic.js';
import { printable } from './printable.js';
import { paint, type Style } from './style.js';

export function renderDiagnostics(diagnostics: readonly Diagnostic[], style: Style): string {
  return diagnostics.map((d) => renderDiagnostic(d, style)).join('\n');
}

function renderDiagnostic(diagnostic: Diagnostic, style: Style): string {
  const location = printable(formatLocation(diagnostic.source));
  const severity = paint(style, diagnostic.severity === 'error' ? 'red' : 'yellow', diagnostic.severity);
  const head = `${location ? `${location} ` : ''}${severity}: ${printable(diagnostic.summary)}`;
  if (!diagnostic.detail) return head;
  return `${head}\n${diagnostic.detail
    .split('\n')
    .map((line) => `    ${printable(line)}`)
    .join('\n')}`;
}
