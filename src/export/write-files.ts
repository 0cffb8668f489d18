// Writes exported files below an output folder. Without `force` nothing is written when any
// target file already exists (the conflicts come back instead), so a refusal never half-writes.
// `dpac import` adds its documents to one file instead (addDocuments); `dpac fmt` rewrites one whole
// (replaceFile).
import { appendFile, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface FileToWrite {
  /** Relative to the output folder, with `/`. */
  path: string;
  text: string;
}

export type WriteResult = { ok: true; written: string[] } | { ok: false; existing: string[] };

export async function writeFiles(
  outDir: string,
  files: readonly FileToWrite[],
  force: boolean,
): Promise<WriteResult> {
  const root = path.resolve(outDir);
  const targets = files.map((f) => ({ ...f, target: path.resolve(root, ...f.path.split('/')) }));
  for (const t of targets) {
    // File names come from object names: make sure none escapes the folder.
    if (!t.target.startsWith(root + path.sep)) throw new Error(`export path ${t.path} leaves ${outDir}`);
  }
  if (!force) {
    const existing: string[] = [];
    await Promise.all(
      targets.map(async (t) => {
        if (await exists(t.target)) existing.push(t.path);
      }),
    );
    if (existing.length > 0) return { ok: false, existing: existing.sort() };
  }
  const folders = new Set(targets.map((t) => path.dirname(t.target)));
  for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true });
  for (const t of targets) await writeFile(t.target, t.text);
  return { ok: true, written: targets.map((t) => t.path) };
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Adds YAML documents to a manifest file: appended after a `---` when it exists (its text kept
 * byte for byte), else written new, with the `$schema` modeline when `schemaRef` is given.
 */
export async function addDocuments(
  file: string,
  yaml: string,
  schemaRef?: string,
): Promise<'appended' | 'created'> {
  const before = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (before === undefined) {
    await mkdir(path.dirname(file), { recursive: true });
    const modeline = schemaRef === undefined ? '' : `# yaml-language-server: $schema=${schemaRef}\n`;
    await writeFile(file, `${modeline}${yaml}`, { flag: 'wx' });
    return 'created';
  }
  const separator = before.trim() === '' ? '' : `${before.endsWith('\n') ? '' : '\n'}---\n`;
  await appendFile(file, `${separator}${yaml}`);
  return 'appended';
}

/** Replaces a file's text at once (a new file renamed over it, same mode): never left half-written. */
export async function replaceFile(file: string, text: string): Promise<void> {
  const { mode } = await stat(file);
  const temporary = `${file}.dpac-${process.pid}.tmp`;
  await writeFile(temporary, text, { mode });
  await rename(temporary, file);
}
