// Running inside GitHub Actions (GITHUB_ACTIONS=true): diagnostics are also printed as workflow
// commands, `::error file=…,line=…,col=…::message` (`::warning`, `::notice` for a note), so the run annotates the manifest line in the
// pull request; plan and drift append their markdown to $GITHUB_STEP_SUMMARY (the job's summary
// page) when it is set. Commands go to stderr, which the runner reads too: stdout stays the output.
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import type { CliIo } from './io.js';

/** `root`: the folder the diagnostics' file names are relative to (the project root). */
export function annotate(
  io: Pick<CliIo, 'env' | 'err' | 'cwd'>,
  diagnostics: readonly Diagnostic[],
  root: string,
): void {
  if (io.env.GITHUB_ACTIONS !== 'true') return;
  const workspace = io.env.GITHUB_WORKSPACE ?? io.cwd;
  for (const d of diagnostics) io.err(workflowCommand(d, workspace, root));
}

/** Appends a markdown report to the job summary, when the runner gave one (rendered only then). */
export async function appendStepSummary(io: Pick<CliIo, 'env'>, render: () => string): Promise<void> {
  const file = io.env.GITHUB_STEP_SUMMARY;
  if (!file) return;
  const markdown = render();
  await appendFile(file, markdown.endsWith('\n') ? `${markdown}\n` : `${markdown}\n\n`);
}

function workflowCommand(d: Diagnostic, workspace: string, root: string): string {
  const properties: string[] = [];
  if (d.source) {
    properties.push(`file=${escapeProperty(workspacePath(d.source.file, workspace, root))}`);
    properties.push(`line=${d.source.line}`, `col=${d.source.col}`);
  }
  if (d.address) properties.push(`title=${escapeProperty(d.address)}`);
  const message = d.detail ? `${d.summary}\n${d.detail}` : d.summary;
  const command = d.severity === 'note' ? 'notice' : d.severity;
  return `::${command}${properties.length ? ` ${properties.join(',')}` : ''}::${escapeData(message)}`;
}

/** Annotations name files from the repository root (GITHUB_WORKSPACE); dpac's are from the project root. */
function workspacePath(file: string, workspace: string, root: string): string {
  return path.relative(workspace, path.resolve(root, file)).split(path.sep).join('/');
}

// GitHub's escaping rules for workflow commands (the runner decodes exactly these).
function escapeData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}
