// dpac.yaml of the current folder, for commands that do not load manifests (export, apply --plan).
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { hasErrors } from '../core/diagnostic.js';
import { KINDS } from '../kinds/index.js';
import { PROJECT_FILE_NAMES } from '../manifest/find-files.js';
import { defaultProject, loadProjectConfig, type ProjectConfig } from '../manifest/project-config.js';
import type { Style } from '../render/style.js';
import type { CliIo } from './io.js';
import { reportDiagnostics } from './report-diagnostics.js';

/** The project settings, the defaults without a dpac.yaml, or undefined (problems printed). */
export async function projectInCwd(io: CliIo, style: Style): Promise<ProjectConfig | undefined> {
  for (const name of PROJECT_FILE_NAMES) {
    const file = path.join(io.cwd, name);
    const isFile = await stat(file).then(
      (s) => s.isFile(),
      () => false,
    );
    if (!isFile) continue;
    const loaded = await loadProjectConfig({ file: name, path: file }, KINDS);
    reportDiagnostics(io, loaded.diagnostics, style);
    return hasErrors(loaded.diagnostics) ? undefined : loaded.project;
  }
  return defaultProject();
}
