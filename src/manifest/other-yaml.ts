// YAML files of other tools (mkdocs.yml, openapi.yaml, a Kubernetes manifest) that a folder or a
// glob brings in beside the manifests: skipped with a note instead of failing as documents without
// a kind. Decided on the text, before parsing, so their YAML (tags, anchors) is never judged by a
// manifest's rules. A file named on its own is always read as a manifest.
import type { Diagnostic } from '../core/diagnostic.js';
import type { SourceText } from './read-files.js';

/** `apiVersion: dpac/…` anywhere (block or flow style): the file says it is ours. */
const OURS = /\bapiVersion["']?\s*:\s*["']?dpac\//;
/** An apiVersion key at the start of a line that is not ours: another tool's document. */
const OTHER_API_VERSION = /^["']?apiVersion["']?\s*:/m;
/** A top-level key of a manifest: without an apiVersion, a manifest that lacks one (an error). */
const MANIFEST_KEY = /^["']?(?:kind|metadata|spec)["']?\s*:/m;

/** Whether a walked file holds no manifest: neither our apiVersion nor, without any, a manifest's keys. */
function isOtherYaml(text: string): boolean {
  if (OURS.test(text)) return false;
  return OTHER_API_VERSION.test(text) || !MANIFEST_KEY.test(text);
}

/** A note for a walked file skipped as another tool's; undefined for a manifest file (or one named). */
export function otherYamlNote(source: SourceText): Diagnostic | undefined {
  if (!source.walked || !isOtherYaml(source.text)) return undefined;
  return {
    severity: 'note',
    summary: 'Not a dpac manifest (no apiVersion: dpac/v1): skipped',
    detail:
      'A folder or a glob brought it in. Name it on the command line to check it as a manifest; list it under exclude: in dpac.yaml to leave it out without this note.',
    source: { file: source.file, line: 1, col: 1 },
  };
}
