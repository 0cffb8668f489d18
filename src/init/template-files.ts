// The files under templates/ that `dpac init` copies, by their path there. Read from the package
// folder (dist/init/ and src/init/ both sit two levels below it); the single-file bundle replaces
// this module with one that holds the files inline (scripts/bundle.mjs).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const TEMPLATES = path.resolve(import.meta.dirname, '../../templates');

export async function readTemplateFiles(): Promise<Record<string, string>> {
  const entries = await readdir(TEMPLATES, { recursive: true, withFileTypes: true });
  const files: Record<string, string> = {};
  for (const entry of entries.filter((e) => e.isFile())) {
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(TEMPLATES, full).split(path.sep).join('/')] = await readFile(full, 'utf8');
  }
  return files;
}
