// `metadata.renamed_from`: only kinds the v3 API can rename, never the object's own name, never a
// name another manifest still declares, and each old name claimed by one manifest only.
import { makeAddress } from '../../core/address.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import { oldNamesOf } from '../manifest.js';
import type { RuleInput } from './rule-input.js';

export function checkRenames(input: RuleInput): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const claimed = new Map<string, string>();
  for (const m of input.manifests) {
    const olds = oldNamesOf(m.metadata);
    if (olds.length === 0) continue;
    const report = (summary: string, detail: string) =>
      diagnostics.push({
        severity: 'error',
        summary,
        detail,
        address: m.address,
        source: input.locateInDocument(m, '/metadata/renamed_from') ?? m.source,
      });
    if (!input.registry[m.kind]?.rename) {
      report(
        `${m.kind} cannot be renamed: the v3 API has no call that changes its name`,
        `Remove metadata.renamed_from. To change the name, delete the old ${m.kind} and create the new one (the plan shows both).`,
      );
      continue;
    }
    for (const old of olds) {
      const from = makeAddress(m.kind, m.ancestors, old);
      if (old === m.name) {
        report(`${m.address} is renamed from its own name`, 'List only names it had before in renamed_from.');
      } else if (input.declared.has(from)) {
        report(
          `${m.address} is renamed from ${from}, which a manifest still declares`,
          `Remove the manifest of ${from} (a rename moves that object), or remove ${old} from renamed_from.`,
        );
      } else if (claimed.has(from)) {
        report(
          `${from} is claimed as the old name of both ${claimed.get(from)} and ${m.address}`,
          'One live object can be renamed to one name: keep renamed_from on one manifest.',
        );
      } else claimed.set(from, m.address);
    }
  }
  return diagnostics;
}
