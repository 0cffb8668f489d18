// What `dpac init` writes: the project files, and the pipeline files of the chosen CI, each from a
// template under templates/. Templates are stored without leading dots (npm drops a packaged
// `.gitignore`), and hold two placeholders: the project's name and the dpac version to install.
import { schemaFile } from '../manifest/json-schema.js';
import { VERSION } from '../version.js';
import { readTemplateFiles } from './template-files.js';

export const CI_SYSTEMS = ['github', 'gitlab'] as const;
export type CiSystem = (typeof CI_SYSTEMS)[number];

/** Template path → where it goes in the new project. */
const LAYOUT: Record<'project' | CiSystem, Record<string, string>> = {
  project: {
    'project/dpac.yaml': 'dpac.yaml',
    'project/gitignore': '.gitignore',
    'project/manifests/example-domain.yaml': 'manifests/example-domain.yaml',
  },
  github: {
    'github/dpac-plan.yml': '.github/workflows/dpac-plan.yml',
    'github/dpac-apply.yml': '.github/workflows/dpac-apply.yml',
    'github/dpac-drift.yml': '.github/workflows/dpac-drift.yml',
  },
  gitlab: { 'gitlab/gitlab-ci.yml': '.gitlab-ci.yml' },
};

export interface ScaffoldFile {
  /** Relative to the project folder, with `/`. */
  path: string;
  text: string;
}

export async function scaffoldFiles(options: { name: string; ci?: CiSystem }): Promise<ScaffoldFile[]> {
  const templates = await readTemplateFiles();
  const layout = { ...LAYOUT.project, ...(options.ci ? LAYOUT[options.ci] : {}) };
  const files = Object.entries(layout).map(([template, target]) => {
    const text = templates[template];
    if (text === undefined) throw new Error(`dpac init: template ${template} is missing from the package`);
    return { path: target, text: fill(text, options.name) };
  });
  return [...files, schemaFile()];
}

/** YAML double-quoted strings are JSON strings, so any folder name makes a valid value. */
function fill(text: string, name: string): string {
  return text
    .replaceAll('__PROJECT_NAME__', JSON.stringify(name))
    .replaceAll('__DPAC_VERSION__', JSON.stringify(VERSION));
}
