// dpac.yaml alone, for what loads no manifests (export, apply --plan, show): the project's
// targets, protect patterns and ownership tag, or the defaults without one.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import { KINDS } from '../kinds/index.js';
import { PROJECT_FILE_NAMES } from '../manifest/find-files.js';
import { defaultProject, loadProjectConfig, type ProjectConfig } from '../manifest/project-config.js';

/** The project file in `cwd`: its settings and any problem in it (the defaults when there is none). */
export async function loadProjectSettings(
  options: { cwd?: string } = {},
): Promise<{ project: ProjectConfig; diagnostics: Diagnostic[] }> {
  const cwd = options.cwd ?? process.cwd();
  for (const name of PROJECT_FILE_NAMES) {
    const file = path.join(cwd, name);
    const isFile = await stat(file).then(
      (s) => s.isFile(),
      () => false,
    );
    if (!isFile) continue;
    const loaded = await loadProjectConfig({ file: name, path: file }, KINDS);
    return { project: loaded.project, diagnostics: loaded.diagnostics };
  }
  return { project: defaultProject(), diagnostics: [] };
}
