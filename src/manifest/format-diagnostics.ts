// Human rendering of diagnostics: `file:line:col severity: summary`, then the detail indented.
import { type Diagnostic, formatLocation } from '../core/diagnostic.js';

const RED = '\u001b[31m';
const YELLOW = '\u001b[33m';
const RESET = '\u001b[0m';

export function formatDiagnostic(diagnostic: Diagnostic, color = false): string {
  const location = formatLocation(diagnostic.source);
  const severity = color
    ? `${diagnostic.severity === 'error' ? RED : YELLOW}${diagnostic.severity}${RESET}`
    : diagnostic.severity;
  const head = `${location ? `${location} ` : ''}${severity}: ${diagnostic.summary}`;
  if (!diagnostic.detail) return head;
  return `${head}\n${diagnostic.detail
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n')}`;
}

export function formatDiagnostics(diagnostics: readonly Diagnostic[], color = false): string {
  return diagnostics.map((d) => formatDiagnostic(d, color)).join('\n');
}
