// Human view of diagnostics: `file:line:col severity: summary`, then the detail indented, each
// file named from the folder the command runs in (what a person can open). Pure.
import path from 'node:path';
import { type Diagnostic, formatLocation } from '../core/diagnostic.js';
import { printable } from './printable.js';
import { paint, type Style, type Tone } from './style.js';

const TONE: Record<Diagnostic['severity'], Tone> = { error: 'red', warning: 'yellow', note: 'cyan' };

/** The folders a run involves, absolute: where it runs, and the project root. */
export interface Folders {
  cwd: string;
  root: string;
}

/** The project root as seen from the current folder, with `/` (`.` when the same). */
export function rootFromHere({ cwd, root }: Folders): string {
  return path.relative(cwd, root).split(path.sep).join('/') || '.';
}

/**
 * The diagnostics with their files named from the current folder. They name them from the project
 * root (as JSON output does).
 */
export function seenFrom(diagnostics: readonly Diagnostic[], folders: Folders): Diagnostic[] {
  if (path.resolve(folders.cwd) === path.resolve(folders.root)) return [...diagnostics];
  return diagnostics.map((d) =>
    d.source ? { ...d, source: { ...d.source, file: fileFromHere(d.source.file, folders) } } : d,
  );
}

/** A file named relative to the project root, named from the current folder instead. */
export function fileFromHere(file: string, folders: Folders): string {
  return path.relative(folders.cwd, path.resolve(folders.root, file)).split(path.sep).join('/');
}

export function renderDiagnostics(diagnostics: readonly Diagnostic[], style: Style): string {
  return diagnostics.map((d) => renderDiagnostic(d, style)).join('\n');
}

function renderDiagnostic(diagnostic: Diagnostic, style: Style): string {
  const location = printable(formatLocation(diagnostic.source));
  const severity = paint(style, TONE[diagnostic.severity], diagnostic.severity);
  const head = `${location ? `${location} ` : ''}${severity}: ${printable(diagnostic.summary)}`;
  if (!diagnostic.detail) return head;
  return `${head}\n${diagnostic.detail
    .split('\n')
    .map((line) => `    ${printable(line)}`)
    .join('\n')}`;
}
