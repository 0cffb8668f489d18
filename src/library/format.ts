// formatManifests(): the project's manifest files (dpac.yaml's include and exclude, or the paths)
// in canonical form, for `dpac fmt`. Reads only: the caller writes the changed texts (or, for
// --check, lists them). A file that does not parse is left out, its problems as diagnostics.
import type { Diagnostic } from '../core/diagnostic.js';
import { formatText } from '../format/format-text.js';
import { locateManifests } from '../manifest/load-manifests.js';
import { readSources } from '../manifest/read-files.js';
import { Refusal } from './refusal.js';

export interface FormatOptions {
  /** The folder paths are relative to; default: the process's. */
  cwd?: string;
  /** Files, folders and globs; default: dpac.yaml's include, else every *.yaml below cwd. */
  paths?: readonly string[];
}

export interface FormattedFile {
  /** Relative to the project root, with `/`. */
  file: string;
  /** Absolute path. */
  path: string;
  /** The canonical text. */
  text: string;
  /** Whether it differs from what the file holds. */
  changed: boolean;
}

export interface FormatResult {
  /** The project root (absolute): `file` is relative to it. */
  root: string;
  files: FormattedFile[];
  /** Files that could not be formatted, and why (located). */
  diagnostics: Diagnostic[];
}

/** Throws a Refusal when dpac.yaml has errors (its include and exclude decide which files are manifests). */
export async function formatManifests(options: FormatOptions = {}): Promise<FormatResult> {
  const located = await locateManifests({ cwd: options.cwd ?? process.cwd(), paths: options.paths });
  const settings = located.project.diagnostics.filter((d) => d.severity === 'error');
  if (settings.length > 0) throw new Refusal('dpac.yaml has errors; nothing was formatted.', settings);
  const read = await readSources(located.files);
  const diagnostics = [...located.diagnostics, ...read.diagnostics];
  const files: FormattedFile[] = [];
  for (const source of read.sources) {
    const formatted = formatText(source.text, source.file);
    diagnostics.push(...formatted.diagnostics);
    if (formatted.text === undefined) continue;
    files.push({
      file: source.file,
      path: source.path,
      text: formatted.text,
      changed: formatted.text !== source.text,
    });
  }
  return { root: located.root, files, diagnostics };
}
