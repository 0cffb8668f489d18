// exportPlatform(): what exists live, as the manifest files `dpac export` writes (read-only), with
// the dpac.yaml that makes them a project (the owner their tags name, the platform as its target).
// A selector that matches nothing is refused with the names it may have meant.
import { selectorParts } from '../core/address.js';
import { PROJECT_NAME } from '../core/ownership-tag.js';
import { type ExportResult, exportManifests } from '../export/export-manifests.js';
import { withoutCredentials } from '../export/project-file.js';
import { readForExport, readNames } from '../export/read-for-export.js';
import { isKindName } from '../kinds/index.js';
import { unmatchedSelectors } from '../plan/select.js';
import type { Connection } from './connect.js';
import { Refusal } from './refusal.js';

export interface ExportOptions {
  /** `KIND[/NAME...]` selectors, like `--select`. */
  select?: readonly string[];
  /** `KIND[/NAME...]` globs, like `--exclude`. */
  exclude?: readonly string[];
  /** With select: what the selection refers to as full manifests (default: external declarations). */
  withDependencies?: boolean;
  /** Move the values all tables of a source share into its table_defaults. */
  factorDefaults?: boolean;
  /**
   * The project to export as (`project:` of the dpac.yaml it writes): its objects are written,
   * other projects' left out. Default: the project whose tag most exported sources and tables carry.
   */
  project?: string;
}

/** The target the dpac.yaml of an export names, when the connection came from none. */
const EXPORT_TARGET = 'exported';

/** The files, the secret variables to set and what could not be exported; a Refusal for a selector matching nothing. */
export async function exportPlatform(
  connection: Connection,
  options: ExportOptions = {},
): Promise<ExportResult> {
  const select = options.select ?? [];
  const exclude = options.exclude ?? [];
  if (options.project !== undefined && !PROJECT_NAME.test(options.project))
    throw new Refusal('The project name is not valid; nothing was exported.', [
      {
        severity: 'error',
        summary: `--project ${options.project}: a project name holds only letters, digits, _ and -`,
        detail: 'It becomes the ownership tag managed-by:dpac/<project>.',
      },
    ]);
  const read = { client: connection.client, ownershipTag: connection.ownershipTag };
  const live = await readForExport({ ...read, select });
  const unmatched = [
    ...unmatchedSelectors('--select', select, live.objects.values()),
    ...unmatchedSelectors('--exclude', exclude, live.objects.values()),
  ];
  if (unmatched.length > 0) {
    // The selection read only the selected trees: suggestions come from all names of those kinds.
    const kinds = [...select, ...exclude].map((s) => selectorParts(s).kind).filter(isKindName);
    const names = await readNames({ ...read, kinds });
    const all = [...live.objects.values(), ...names.objects.values()];
    throw new Refusal('A selector matches nothing; nothing was exported.', [
      ...unmatchedSelectors('--select', select, live.objects.values(), all),
      ...unmatchedSelectors('--exclude', exclude, live.objects.values(), all),
    ]);
  }
  return exportManifests(live, {
    select,
    exclude,
    withDependencies: options.withDependencies === true,
    factorDefaults: options.factorDefaults === true,
    readTag: connection.ownershipTag,
    ...(options.project === undefined ? {} : { project: options.project }),
    target: { name: connection.target ?? EXPORT_TARGET, url: withoutCredentials(connection.url) },
  });
}
