// Whether the manifest files read are the whole project or only part of it. Only the whole project
// says what is no longer declared, so only a plan of it deletes (docs/decisions.md, "Paths").
import path from 'node:path';
import { findManifestFiles } from './find-files.js';
import type { FileRef } from './read-files.js';

export interface WholeProjectInput {
  /** The paths named on the command line (none: the project's own `include`, or its folder). */
  paths: readonly string[];
  /** The files those paths gave. */
  files: readonly FileRef[];
  /** The project's folder: where dpac.yaml is, else the current folder. */
  projectDir: string;
  /** The one folder named, when exactly one path was named and it is a folder. */
  namedFolder?: string;
  /** dpac.yaml's `include` and `exclude`. */
  include?: readonly string[];
  exclude: readonly string[];
}

/**
 * No path, or the project's folder itself, is the whole project. Other paths (files, a subfolder,
 * several paths) are too when they cover every file the project reads without paths.
 */
export async function namesWholeProject(input: WholeProjectInput): Promise<boolean> {
  if (input.paths.length === 0) return true;
  if (input.namedFolder !== undefined && path.resolve(input.namedFolder) === path.resolve(input.projectDir))
    return true;
  const project = await findManifestFiles(input.include ?? ['.'], {
    root: input.projectDir,
    base: input.projectDir,
    exclude: input.exclude,
    excludeBase: input.projectDir,
  }).catch(() => undefined);
  if (!project) return false;
  const read = new Set(input.files.map((f) => f.path));
  return project.files.every((f) => read.has(f.path));
}
