// Expands manifest paths (files, folders, globs) into files inside the project root. Folders
// yield every *.yaml|*.yml below them, skipping dot-folders and node_modules; dpac.yaml is the
// project file, never a manifest. Nothing outside the root is read, symlinks included.
import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import { globBase, globToRegExp, isGlob } from './glob.js';
import type { FileRef } from './read-files.js';

export const PROJECT_FILE_NAMES = ['dpac.yaml', 'dpac.yml'];
const MANIFEST_FILE = /\.ya?ml$/i;

export interface FindOptions {
  /** The project root: nothing outside it is read. */
  root: string;
  /** Folder relative patterns are resolved against (the cwd, or the folder of dpac.yaml). */
  base: string;
}

export async function findManifestFiles(
  patterns: readonly string[],
  options: FindOptions,
): Promise<{ files: FileRef[]; diagnostics: Diagnostic[] }> {
  const root = await realpath(options.root);
  const base = await realpath(options.base).catch(() => options.base);
  const found = new Map<string, FileRef>();
  const diagnostics: Diagnostic[] = [];
  const add = async (absolute: string) => {
    const real = await realpath(absolute);
    if (!isInside(root, real)) {
      diagnostics.push(outsideRoot(display(root, absolute)));
      return;
    }
    if (!found.has(real)) found.set(real, { file: display(root, absolute), path: real });
  };
  for (const pattern of patterns) {
    if (isGlob(pattern)) {
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
      for (const file of await walk(absolute)) await add(file);
    } else if (!PROJECT_FILE_NAMES.includes(path.basename(absolute))) {
      await add(absolute);
    }
  }
  const files = [...found.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { files, diagnostics };
}

interface GlobContext {
  root: string;
  base: string;
  add(absolute: string): Promise<void>;
  diagnostics: Diagnostic[];
}

async function expandGlob(pattern: string, ctx: GlobContext): Promise<void> {
  const normalized = pattern.replaceAll('\\', '/');
  const baseDir = path.resolve(ctx.base, globBase(normalized));
  if (normalized.split('/').includes('..') || !isInside(ctx.root, baseDir)) {
    ctx.diagnostics.push(outsideRoot(pattern));
    return;
  }
  const matcher = globToRegExp(
    path.isAbsolute(normalized) ? path.relative(ctx.base, normalized) : normalized,
  );
  const matches = (await walk(baseDir)).filter((file) =>
    matcher.test(path.relative(ctx.base, file).split(path.sep).join('/')),
  );
  if (matches.length === 0) {
    ctx.diagnostics.push({
      severity: 'warning',
      summary: `${pattern} matches no manifest files`,
      detail: 'Globs match *.yaml and *.yml files, skipping dot-folders and node_modules.',
    });
  }
  for (const file of matches) await ctx.add(file);
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

function isInside(root: string, candidate: string): boolean {
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
