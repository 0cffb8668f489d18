// Finds the project file (dpac.yaml, searched upward as git finds its repository) and expands
// manifest paths (files, folders, globs) into files inside the project root. Folders yield every
// *.yaml|*.yml below them, skipping dot-folders and node_modules; dpac.yaml is the project file,
// never a manifest. Nothing outside the root is read, symlinks included.
// File globs are picomatch's (braces `{a,b}`, classes, `**`; a leading `!` excludes): unlike
// object-name patterns (manifest/glob.ts), file paths have no `{` or `!` of their own to protect.
// Folders and globs skip the default excludes (CI and compose files, dot-files) and dpac.yaml's
// `exclude`; a file named on its own is always read.
import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import type { Diagnostic } from '../core/diagnostic.js';
import type { FileRef } from './read-files.js';

export const PROJECT_FILE_NAMES = ['dpac.yaml', 'dpac.yml'];
const MANIFEST_FILE = /\.ya?ml$/i;

/**
 * The project file of a run started in `start` (absolute), found as git finds its repository:
 * dpac.yaml (or dpac.yml) in `start`, else in each folder above it, up to and including the first
 * folder holding `.git` (the repository's root) or the filesystem's root. Its folder is the
 * project root. Undefined when there is none.
 */
export async function findProjectFile(start: string): Promise<string | undefined> {
  for (let folder = path.resolve(start); ; folder = path.dirname(folder)) {
    for (const name of PROJECT_FILE_NAMES) {
      const candidate = path.join(folder, name);
      if (await isFile(candidate)) return candidate;
    }
    const repositoryRoot = await stat(path.join(folder, '.git')).then(
      () => true,
      () => false,
    );
    if (repositoryRoot || path.dirname(folder) === folder) return undefined;
  }
}

function isFile(candidate: string): Promise<boolean> {
  return stat(candidate).then(
    (info) => info.isFile(),
    () => false,
  );
}

export interface FindOptions {
  /** The project root: nothing outside it is read. */
  root: string;
  /** Folder relative patterns are resolved against (the cwd, or the folder of dpac.yaml). */
  base: string;
  /** Globs of files never read from folders and globs, relative to `excludeBase` (dpac.yaml's `exclude`). */
  exclude?: readonly string[];
  /** The folder `exclude` is relative to (the folder of dpac.yaml); default `base`. */
  excludeBase?: string;
}

/**
 * Never manifests, wherever they are: CI pipelines, compose files and dot-files (tool settings
 * such as .pre-commit-config.yaml), matched anywhere below the folder walked.
 */
const DEFAULT_EXCLUDES = [
  '**/.gitlab-ci.yml',
  '**/.github/**',
  '**/docker-compose*.{yml,yaml}',
  '**/compose.{yml,yaml}',
  '**/.*',
];

export async function findManifestFiles(
  patterns: readonly string[],
  options: FindOptions,
): Promise<{ files: FileRef[]; diagnostics: Diagnostic[] }> {
  const root = await realpath(options.root);
  const base = await realpath(options.base).catch(() => options.base);
  const found = new Map<string, FileRef>();
  const diagnostics: Diagnostic[] = [];
  const excludeBase = options.excludeBase ?? base;
  const negated = patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  const excluded = excludeMatcher(base, excludeBase, negated, options.exclude ?? []);
  // Resolved all at once (a folder of a thousand files waited for a thousand realpaths in turn).
  const add = async (files: readonly string[], walked: boolean) => {
    const reals = await Promise.all(files.map((file) => realpath(file)));
    files.forEach((absolute, i) => {
      const real = reals[i] as string;
      if (!isInside(root, real)) diagnostics.push(outsideRoot(display(root, absolute)));
      else if (!(walked && excluded(absolute)) && !found.has(real))
        found.set(real, { file: display(root, absolute), path: real, ...(walked ? { walked: true } : {}) });
    });
  };
  for (const pattern of patterns) {
    if (pattern.startsWith('!')) continue;
    if (picomatch.scan(pattern).isGlob) {
      await expandGlob(pattern, { root, base, add, diagnostics });
      continue;
    }
    const absolute = path.resolve(base, pattern);
    if (!isInside(root, absolute)) {
      diagnostics.push(outsideRoot(pattern));
      continue;
    }
    const info = await stat(absolute).catch(() => undefined);
    if (!info) {
      diagnostics.push({
        severity: 'error',
        summary: `${pattern}: no such file or folder`,
        detail: 'Check the path.',
      });
    } else if (info.isDirectory()) {
      await add(await walk(absolute), true);
    } else if (!PROJECT_FILE_NAMES.includes(path.basename(absolute))) {
      await add([absolute], false);
    }
  }
  const files = [...found.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { files, diagnostics };
}

/**
 * Whether findManifestFiles(patterns) would pick this file, were it there: how a scoped plan tells
 * a deleted manifest from another deleted file. Paths are taken as they are (no symlink resolved).
 */
export async function inclusionMatcher(
  patterns: readonly string[],
  options: FindOptions,
): Promise<(absolute: string) => boolean> {
  const root = await realpath(options.root);
  const base = await realpath(options.base).catch(() => options.base);
  const negated = patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  const excluded = excludeMatcher(base, options.excludeBase ?? base, negated, options.exclude ?? []);
  const tests = patterns
    .filter((p) => !p.startsWith('!'))
    .map((pattern): ((file: string) => boolean) => {
      if (picomatch.scan(pattern).isGlob) {
        const normalized = pattern.replaceAll('\\', '/');
        const relative = path.isAbsolute(normalized) ? slashed(path.relative(base, normalized)) : normalized;
        const matcher = picomatch(relative);
        const walked = path.resolve(base, picomatch.scan(relative).base);
        return (file) =>
          matcher(slashed(path.relative(base, file))) && walkable(walked, file) && !excluded(file);
      }
      const named = path.resolve(base, pattern);
      return (file) =>
        file === named
          ? !PROJECT_FILE_NAMES.includes(path.basename(file))
          : walkable(named, file) && !excluded(file);
    });
  return (absolute) => isInside(root, absolute) && tests.some((test) => test(absolute));
}

/** Whether walking `dir` reaches `file`: below it, through no dot-folder or node_modules, a manifest name. */
function walkable(dir: string, file: string): boolean {
  const relative = path.relative(dir, file);
  if (relative === '' || !isInside(dir, file)) return false;
  const parts = relative.split(path.sep);
  const name = parts.pop() as string;
  return (
    parts.every((p) => !p.startsWith('.') && p !== 'node_modules') &&
    MANIFEST_FILE.test(name) &&
    !PROJECT_FILE_NAMES.includes(name)
  );
}

/** Whether a walked file is excluded: the defaults (below the folder walked), `!` patterns and `exclude`. */
function excludeMatcher(
  base: string,
  excludeBase: string,
  negated: readonly string[],
  exclude: readonly string[],
): (absolute: string) => boolean {
  const defaults = picomatch(DEFAULT_EXCLUDES as string[], { dot: true });
  const own = negated.length ? picomatch(negated as string[], { dot: true }) : undefined;
  const project = exclude.length ? picomatch(exclude as string[], { dot: true }) : undefined;
  return (absolute) => {
    const fromBase = slashed(path.relative(base, absolute));
    const fromProject = slashed(path.relative(excludeBase, absolute));
    return (
      defaults(fromBase) ||
      defaults(fromProject) ||
      (own?.(fromBase) ?? false) ||
      (project?.(fromProject) ?? false)
    );
  };
}

function slashed(relative: string): string {
  return relative.split(path.sep).join('/');
}

interface GlobContext {
  root: string;
  base: string;
  add(files: readonly string[], walked: boolean): Promise<void>;
  diagnostics: Diagnostic[];
}

async function expandGlob(pattern: string, ctx: GlobContext): Promise<void> {
  const normalized = pattern.replaceAll('\\', '/');
  const relative = path.isAbsolute(normalized) ? slashed(path.relative(ctx.base, normalized)) : normalized;
  const baseDir = path.resolve(ctx.base, picomatch.scan(relative).base);
  if (relative.split('/').includes('..') || !isInside(ctx.root, baseDir)) {
    ctx.diagnostics.push(outsideRoot(pattern));
    return;
  }
  const matcher = picomatch(relative);
  const matches = (await walk(baseDir)).filter((file) => matcher(slashed(path.relative(ctx.base, file))));
  if (matches.length === 0) {
    ctx.diagnostics.push({
      severity: 'warning',
      summary: `${pattern} matches no manifest files`,
      detail: 'Globs match *.yaml and *.yml files, skipping dot-folders and node_modules.',
    });
  }
  await ctx.add(matches, true);
}

/** Every manifest file below `dir` (iterative, sorted; symlinked folders are not followed). */
async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop() as string;
    const entries: Dirent[] = await readdir(current, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && entry.name !== 'node_modules') pending.push(full);
      } else if ((entry.isFile() || entry.isSymbolicLink()) && MANIFEST_FILE.test(entry.name)) {
        if (!PROJECT_FILE_NAMES.includes(entry.name)) out.push(full);
      }
    }
  }
  return out.sort();
}

/** Whether `candidate` is `root` or lies under it. */
export function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === '' || (relative.split(path.sep)[0] !== '..' && !path.isAbsolute(relative));
}

/** Path for messages: relative to the root, with `/`. */
export function display(root: string, absolute: string): string {
  const relative = path.relative(root, absolute);
  return (relative === '' ? '.' : relative).split(path.sep).join('/');
}

function outsideRoot(pattern: string): Diagnostic {
  return {
    severity: 'error',
    summary: `${pattern} is outside the project root`,
    detail: 'Manifest paths and globs must stay inside the folder dpac runs in (the project root).',
  };
}
