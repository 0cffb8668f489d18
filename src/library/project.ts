// dpac.yaml alone, for what loads no manifests (export, apply --plan, show): the project's
// targets, protect patterns and ownership tag, or the defaults without one. Found as every command
// finds it: in the current folder or the nearest one above it (manifest/find-files.ts).
import path from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import { KINDS } from '../kinds/index.js';
import { findProjectFile } from '../manifest/find-files.js';
import { defaultProject, loadProjectConfig, type ProjectConfig } from '../manifest/project-config.js';

/**
 * The project file of `cwd`: its settings, any problem in it (the defaults when there is none),
 * and the project root its diagnostics' file names are relative to (`cwd` without a project file).
 */
export async function loadProjectSettings(
  options: { cwd?: string } = {},
): Promise<{ project: ProjectConfig; diagnostics: Diagnostic[]; root: string }> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const file = await findProjectFile(cwd);
  if (!file) return { project: defaultProject(), diagnostics: [], root: cwd };
  const root = path.dirname(file);
  const loaded = await loadProjectConfig({ file: path.basename(file), path: file }, KINDS);
  return { project: loaded.project, diagnostics: loaded.diagnostics, root };
}
