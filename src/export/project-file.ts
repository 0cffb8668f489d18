// The dpac.yaml an export writes beside its manifests, so the folder is a project of its own: the
// project (or ownership tag) its objects' tags name, and the platform they came from as the default
// target, its URL without credentials. Pure.
import { stringify } from 'yaml';
import { projectOfTag, UNNAMED_PROJECT_TAG } from '../core/ownership-tag.js';
import { SCHEMA_FILE } from '../manifest/json-schema.js';
import { targetCredentialPrefix } from '../manifest/targets.js';
import type { ProjectDecision } from './export-project.js';

export const PROJECT_FILE = 'dpac.yaml';

export interface ExportTarget {
  name: string;
  /** The v3 URL, without user, password, query or fragment. */
  url: string;
}

/** `url` without what may carry a credential (user, password, query, fragment). */
export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    parsed.search = '';
    parsed.hash = '';
    return parsed.toString();
  } catch {
    return url;
  }
}

export function projectFileText(project: Omit<ProjectDecision, 'foreign'>, target?: ExportTarget): string {
  const named = project.name !== undefined;
  const custom = !named && project.ownershipTag !== UNNAMED_PROJECT_TAG;
  const body = stringify(
    {
      apiVersion: 'dpac/v1',
      kind: 'Project',
      ...(named ? { project: project.name } : {}),
      ...(custom ? { ownership_tag: project.ownershipTag } : {}),
      ...(target ? { default_target: target.name, targets: { [target.name]: { url: target.url } } } : {}),
    },
    { lineWidth: 0 },
  );
  const owner = (project.owners[0] && projectOfTag(project.owners[0].tag)) ?? '<name>';
  const unnamed =
    named || custom
      ? ''
      : `# project: ${owner}   # names the project: its ownership tag becomes managed-by:dpac/${owner}\n`;
  return [
    `# yaml-language-server: $schema=${SCHEMA_FILE}`,
    '# Written by dpac export: the project these manifests form.',
    ...wrap(`Why: ${project.reason}.`),
    ...(target
      ? [
          `# Credentials for target ${target.name}: ${targetCredentialPrefix(target.name)}REFRESH_TOKEN, else DPAC_REFRESH_TOKEN when DPAC_URL is this URL.`,
        ]
      : []),
    `${body}${unnamed}`,
  ].join('\n');
}

/** Comment lines of at most ~100 characters. */
function wrap(text: string): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.split(' ')) {
    if (line.length + word.length + 1 > 100 && line !== '#') {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return lines;
}
