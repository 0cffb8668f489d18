// A child's parent (from its metadata parent key) must be declared, and as the right kind; one only
// a glob of dpac.yaml `external:` covers is said once, as plan alone can check it.
import type { Diagnostic } from '../../core/diagnostic.js';
import type { Manifest } from '../manifest.js';
import {
  isDeclared,
  onlyCoveredByGlob,
  parentAddressIn,
  type RuleInput,
  suggestionSuffix,
} from './rule-input.js';

export function checkParents(input: RuleInput): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const byName = new Map<string, Manifest[]>();
  for (const m of input.manifests) {
    const same = byName.get(m.name);
    if (same) same.push(m);
    else byName.set(m.name, [m]);
  }
  const told = new Set<string>();
  for (const manifest of input.manifests) {
    const parent = parentAddressIn(input, manifest);
    const parentKind = input.registry[manifest.kind]?.parent;
    const parentName = manifest.ancestors[manifest.ancestors.length - 1];
    if (!parent || !parentKind || parentName === undefined) continue;
    const key = input.registry[parentKind]?.metadataKey ?? parentKind;
    // Located only for a diagnostic: locating may run the full YAML parser over the file.
    const locate = () => input.locateInDocument(manifest, `/metadata/${key}`) ?? manifest.source;
    const covered = onlyCoveredByGlob(input, told, manifest, parent, locate);
    if (covered) {
      if (covered !== 'told') diagnostics.push(covered);
      continue;
    }
    if (isDeclared(input, parent)) continue;
    const namesake = byName.get(parentName)?.find((m) => m.kind !== parentKind);
    diagnostics.push({
      severity: 'error',
      summary: `${manifest.address} refers to ${parent}, which no manifest declares.${suggestionSuffix(input, parent)}`,
      detail: namesake
        ? `metadata.${key} names ${parentName}, which is declared as ${namesake.address}, not a ${parentKind}.`
        : `A ${manifest.kind} lives inside a ${parentKind}: declare ${parent} (as external: in dpac.yaml if another team manages it), or fix metadata.${key}.`,
      address: manifest.address,
      source: locate(),
    });
  }
  return diagnostics;
}
