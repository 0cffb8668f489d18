// The values behind `${var.NAME}`: --var beats --var-file (later files win) beats the target's
// variables in dpac.yaml beats the defaults of dpac.yaml's `variables`. The target is --target,
// else `default_target`; an unknown one is an error with a suggestion.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import { escapeSegment } from '../core/json-pointer.js';
import { display } from './find-files.js';
import { parseYaml } from './parse-yaml.js';
import type { ProjectConfig } from './project-config.js';
import { readSources } from './read-files.js';
import { findTarget } from './targets.js';

export interface VariableSources {
  project: ProjectConfig;
  target?: string;
  varFiles?: readonly string[];
  vars?: Readonly<Record<string, string>>;
  /** --var-file paths are relative to it. */
  cwd: string;
  /** The project root: diagnostics locate a --var-file relative to it, as every other file. */
  root?: string;
}

export async function resolveVariables(
  sources: VariableSources,
): Promise<{ vars: Record<string, string>; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const vars: Record<string, string> = {};
  for (const [name, declared] of Object.entries(sources.project.variables))
    if (declared.default !== undefined) vars[name] = declared.default;
  const target = sources.target ?? sources.project.default_target;
  if (target !== undefined) {
    const found = findTarget(sources.project, target);
    if (found.target) Object.assign(vars, found.target.variables);
    else diagnostics.push(found.diagnostic);
  }
  for (const file of sources.varFiles ?? []) {
    const absolute = path.resolve(sources.cwd, file);
    const loaded = await readVarFile(absolute, {
      named: display(sources.cwd, absolute),
      file: display(sources.root ?? sources.cwd, absolute),
    });
    diagnostics.push(...loaded.diagnostics);
    Object.assign(vars, loaded.vars);
  }
  Object.assign(vars, sources.vars ?? {});
  return { vars, diagnostics };
}

const NOT_QUOTED = 'A variable file may hold secrets: its errors say where, never what it holds.';

/**
 * A parse error of a variable file, told without the parser's message: YAML messages quote what
 * they stumbled on (`Unresolved tag: !x`, `Invalid escape sequence \q`), and a line of a variable
 * file may be a secret, or the first line of whatever file was named by mistake (`/etc/shadow`).
 */
function unquoted(diagnostic: Diagnostic, file: string): Diagnostic {
  return {
    severity: diagnostic.severity,
    summary:
      diagnostic.severity === 'error'
        ? `--var-file ${file} is not valid YAML or JSON`
        : `--var-file ${file}: the YAML parser warns here`,
    detail: `Write \`name: value\` lines (YAML) or a JSON object. ${NOT_QUOTED}`,
    ...(diagnostic.source ? { source: diagnostic.source } : {}),
  };
}

/**
 * A --var-file: one YAML (or JSON) mapping of names to scalar values. `named`: as messages name it
 * (from the current folder); `file`: as locations name it (from the project root).
 */
async function readVarFile(
  absolute: string,
  where: { named: string; file: string },
): Promise<{ vars: Record<string, string>; diagnostics: Diagnostic[] }> {
  const file = where.named;
  const kind = await stat(absolute).then(
    (info) => (info.isFile() ? 'file' : info.isDirectory() ? 'folder' : 'other'),
    () => 'missing',
  );
  if (kind !== 'file') {
    const what =
      kind === 'missing' ? 'no such file' : kind === 'folder' ? 'is a folder, not a file' : 'not a file';
    return {
      vars: {},
      diagnostics: [
        {
          severity: 'error',
          summary: `--var-file ${file}: ${what}`,
          detail: 'Give the path of a YAML or JSON file of `name: value` lines.',
        },
      ],
    };
  }
  const read = await readSources([{ file: where.file, path: absolute }]);
  const source = read.sources[0];
  if (!source) return { vars: {}, diagnostics: read.diagnostics };
  const parsed = parseYaml(source);
  const diagnostics = [...read.diagnostics, ...parsed.diagnostics.map((d) => unquoted(d, file))];
  const vars: Record<string, string> = {};
  for (const document of parsed.documents) {
    const value = document.value;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      diagnostics.push({
        severity: 'error',
        summary: `--var-file ${file} must be a mapping of names to values`,
        detail: 'Write `name: value` lines (YAML) or a JSON object.',
        source: document.start,
      });
      continue;
    }
    for (const [name, v] of Object.entries(value)) {
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') vars[name] = String(v);
      else {
        diagnostics.push({
          severity: 'error',
          summary: `A value in --var-file ${file} is not a string, number or boolean`,
          detail: `Variables are substituted into strings; lists, mappings and empty values cannot be. ${NOT_QUOTED}`,
          source: document.locator.value(`/${escapeSegment(name)}`),
        });
      }
    }
  }
  return { vars, diagnostics };
}
