// The one way a command reports problems on stderr: rendered for people (files named from the
// current folder), and as workflow commands too when running in GitHub Actions (github-actions.ts).
// `root` is the folder the diagnostics' file names are relative to: the project root for
// manifests, else the current folder.
import type { Diagnostic } from '../core/diagnostic.js';
import { renderDiagnostics, seenFrom } from '../render/render-diagnostics.js';
import type { Style } from '../render/style.js';
import { annotate } from './github-actions.js';
import type { CliIo } from './io.js';

export function reportDiagnostics(
  io: CliIo,
  diagnostics: readonly Diagnostic[],
  style: Style,
  root = io.cwd,
): void {
  if (diagnostics.length === 0) return;
  io.err(renderDiagnostics(seenFrom(diagnostics, { cwd: io.cwd, root }), style));
  annotate(io, diagnostics, root);
}
