// What `dpac init` writes: the project files, and the pipeline files of the chosen CI, each from a
// template under templates/; in a folder that already holds a project (its dpac.yaml), the
// pipeline files alone. Templates are stored without leading dots (npm drops a packaged
// `.gitignore`), and hold placeholders: the project's name, and what the pipelines pin (this dpac
// version, the GitHub Action and release downloads of its repository, the bundle's SHA-256).
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FileToWrite } from '../export/write-files.js';
import { PROJECT_FILE_NAMES } from '../manifest/find-files.js';
import { schemaFile } from '../manifest/json-schema.js';
import { VERSION } from '../version.js';
import { type ReleasePin, releasePin } from './release-pin.js';
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

export interface InitFiles {
  files: FileToWrite[];
  /** `root` already holds a project: only the pipeline files of `ci` are written, dpac.yaml is kept. */
  ciOnly: boolean;
}

/**
 * The files `dpac init` writes in `root`, named after its folder: the project's, and the
 * pipeline files of `ci`; only the latter when `root` already has a dpac.yaml and `ci` is given
 * (adding CI to a project never touches the project).
 */
export async function initFiles(root: string, options: { ci?: CiSystem }): Promise<InitFiles> {
  const ciOnly = options.ci !== undefined && (await hasProjectFile(root));
  const files = await scaffoldFiles({
    // The folder names the project (`/` has no name: a neutral one then).
    name: path.basename(root) || 'platform',
    ci: options.ci,
    project: !ciOnly,
  });
  return { files, ciOnly };
}

async function scaffoldFiles(options: {
  name: string;
  ci?: CiSystem;
  project: boolean;
}): Promise<FileToWrite[]> {
  const templates = await readTemplateFiles();
  const pin = await releasePin();
  const layout = { ...(options.project ? LAYOUT.project : {}), ...(options.ci ? LAYOUT[options.ci] : {}) };
  const files = Object.entries(layout).map(([template, target]) => {
    const text = templates[template];
    if (text === undefined) throw new Error(`dpac init: template ${template} is missing from the package`);
    return { path: target, text: fill(text, options.name, pin) };
  });
  return options.project ? [...files, schemaFile()] : files;
}

async function hasProjectFile(root: string): Promise<boolean> {
  for (const name of PROJECT_FILE_NAMES) {
    const found = await stat(path.join(root, name)).then(
      (info) => info.isFile(),
      () => false,
    );
    if (found) return true;
  }
  return false;
}

/** YAML double-quoted strings are JSON strings, so any folder name makes a valid value. */
function fill(text: string, name: string, pin: ReleasePin): string {
  return (
    text
      .replaceAll('__PROJECT_NAME__', JSON.stringify(name))
      .replaceAll('__DPAC_VERSION__', JSON.stringify(VERSION))
      // This minor version onwards, below the next: before 1.0 a minor version may change the format.
      .replaceAll('__DPAC_VERSION_RANGE__', JSON.stringify(`^${VERSION}`))
      .replaceAll('__DPAC_ACTION__', actionReference(pin))
      .replaceAll('__DPAC_SHA256__', JSON.stringify(pin.bundleSha256 ?? ''))
      .replaceAll('__DPAC_RELEASES__', `https://github.com/${pin.repository}/releases/download`)
  );
}

/** The action by the commit of this release, as every action is pinned; by its tag when unknown. */
function actionReference(pin: ReleasePin): string {
  return pin.commit
    ? `${pin.repository}@${pin.commit} # v${VERSION}`
    : `${pin.repository}@v${VERSION} # a tag: pin it to the commit of the release (docs/ci.md in dpac)`;
}
