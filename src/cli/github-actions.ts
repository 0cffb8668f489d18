// Running inside GitHub Actions (GITHUB_ACTIONS=true): diagnostics are also printed as workflow
// commands, `::error file=…,line=…,col=…::message`, so the run annotates the manifest line in the
// pull request; plan and drift append their markdown to $GITHUB_STEP_SUMMARY (the job's summary
// page) when it is set. Commands go to stderr, which the runner reads too: stdout stays the output.
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import type { CliIo } from './io.js';

export function annotate(io: Pick<CliIo, 'env' | 'err' | 'cwd'>, diagnostics: readonly Diagnostic[]): void {
  if (io.env.GITHUB_ACTIONS !== 'true') return;
  for (const d of diagnostics) io.err(workflowCommand(d, io));
}

/** Appends a markdown report to the job summary, when the runner gave one. */
export async function appendStepSummary(io: Pick<CliIo, 'env'>, markdown: string): Promise<void> {
  const file = io.env.GITHUB_STEP_SUMMARY;
  if (file) await appendFile(file, markdown.endsWith('\n') ? `${markdown}\n` : `${markdown}\n\n`);
}

function workflowCommand(d: Diagnostic, io: Pick<CliIo, 'env' | 'cwd'>): string {
  const properties: string[] = [];
  if (d.source) {
    properties.push(`file=${escapeProperty(workspacePath(d.source.file, io))}`);
    properties.push(`line=${d.source.line}`, `col=${d.source.col}`);
  }
  if (d.address) properties.push(`title=${escapeProperty(d.address)}`);
  const message = d.detail ? `${d.summary}\n${d.detail}` : d.summary;
  const command = d.severity === 'error' ? 'error' : 'warning';
  return `::${command}${properties.length ? ` ${properties.join(',')}` : ''}::${escapeData(message)}`;
}

/** Annotations name files from the repository root (GITHUB_WORKSPACE); dpac's are from its cwd. */
function workspacePath(file: string, io: Pick<CliIo, 'env' | 'cwd'>): string {
  const workspace = io.env.GITHUB_WORKSPACE;
  if (!workspace) return file;
  return path.relative(workspace, path.resolve(io.cwd, file)).split(path.sep).join('/');
}

// GitHub's escaping rules for workflow commands (the runner decodes exactly these).
function escapeData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}
