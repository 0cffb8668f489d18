// Local files a manifest names (a generic source type's driver jars): each path, relative to its
// manifest, is read now and replaced by {name, size, sha256, path}, so the plan can compare and
// upload it. Paths may not leave the project root (symlinks included); every problem is reported.
import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import { getPointer } from '../core/json-pointer.js';
import { policyOf } from '../kinds/kind.js';
import { display, isInside } from './find-files.js';
import type { KindRegistry, Manifest } from './manifest.js';

export interface LocalFilesInput {
  manifests: readonly Manifest[];
  registry: KindRegistry;
  /** The working folder: the resolved paths are written relative to it (apply reads them from there). */
  cwd: string;
  /** The project root: manifest locations are relative to it, and no file may lie outside it. */
  root: string;
}

export async function resolveLocalFiles(input: LocalFilesInput): Promise<Diagnostic[]> {
  const diagnostics: Diagnostic[] = [];
  const realRoot = await realpath(input.root);
  for (const m of input.manifests) {
    const kind = input.registry[m.kind];
    for (const pointer of kind ? policyOf(kind).localFiles.presentIn(m.spec) : []) {
      diagnostics.push(...(await resolveList(m, pointer, input, realRoot)));
    }
  }
  return diagnostics;
}

/** Reads the local files one list of a manifest names, putting each file's summary in its place. */
async function resolveList(
  m: Manifest,
  pointer: string,
  input: LocalFilesInput,
  realRoot: string,
): Promise<Diagnostic[]> {
  const diagnostics: Diagnostic[] = [];
  const list = getPointer(m.spec, pointer);
  if (Array.isArray(list)) {
    const names = new Map<string, number>();
    for (const [i, item] of list.entries()) {
      if (typeof item !== 'string') continue;
      const at = `${pointer}/${i}`;
      const problem = (summary: string, detail: string) =>
        diagnostics.push({
          severity: 'error',
          address: m.address,
          source: m.locate(at) ?? m.source,
          summary: `${m.address}: ${summary}`,
          detail,
        });
      // Manifest locations are relative to the project root.
      const absolute = path.resolve(input.root, path.dirname(m.source.file), item);
      const file = await readLocal(absolute, realRoot);
      if (typeof file === 'string') {
        problem(`${item} ${file}`, 'Give a path to a file inside the project, relative to this manifest.');
        continue;
      }
      const name = path.basename(absolute);
      const first = names.get(name);
      if (first !== undefined) {
        problem(
          `${item} has the same file name as item ${first}`,
          'The platform keeps files by name: rename one.',
        );
        continue;
      }
      names.set(name, i);
      list[i] = { name, size: file.length, sha256: sha256Of(file), path: display(input.cwd, absolute) };
    }
  }
  return diagnostics;
}

/** The file's bytes, or why it cannot be used. */
async function readLocal(absolute: string, root: string): Promise<Buffer | string> {
  let real: string;
  try {
    real = await realpath(absolute);
  } catch {
    return 'does not exist';
  }
  if (!isInside(root, real)) return 'is outside the project root';
  if (!(await stat(real)).isFile()) return 'is not a file';
  return readFile(real);
}

function sha256Of(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
