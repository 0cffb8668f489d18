// Bad input is data: every stage returns diagnostics instead of throwing (Terraform's shape).

/** `note`: worth knowing, nothing to fix (a file skipped as no manifest). */
type Severity = 'error' | 'warning' | 'note';

export interface SourceLocation {
  file: string;
  line: number;
  col: number;
}

export interface Diagnostic {
  severity: Severity;
  /** One line: what is wrong. */
  summary: string;
  /** How to fix it, or more context. */
  detail?: string;
  /** Resource address, e.g. `Table/sales_db/orders`. */
  address?: string;
  source?: SourceLocation;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** `file:line:col` or '' — the location always comes first in a message. */
export function formatLocation(source: SourceLocation | undefined): string {
  return source ? `${source.file}:${source.line}:${source.col}` : '';
}
