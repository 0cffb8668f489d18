// exportPlatform(): what exists live, as the manifest files `dpac export` writes (read-only).
// A selector that matches nothing is refused with the names it may have meant.
import { selectorParts } from '../core/address.js';
import { type ExportResult, exportManifests } from '../export/export-manifests.js';
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
}

/** The files, the secret variables to set and what could not be exported; a Refusal for a selector matching nothing. */
export async function exportPlatform(
  connection: Connection,
  options: ExportOptions = {},
): Promise<ExportResult> {
  const select = options.select ?? [];
  const exclude = options.exclude ?? [];
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
  });
}
