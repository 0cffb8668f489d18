// A child's parent (from its metadata parent key) must be declared, and as the right kind.
import { makeAddress } from '../../core/address.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { Manifest } from '../manifest.js';
import { isDeclared, type RuleInput, suggestionSuffix } from './rule-input.js';

export function checkParents(input: RuleInput): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const byName = new Map<string, Manifest[]>();
  for (const m of input.manifests) {
    const same = byName.get(m.name);
    if (same) same.push(m);
    else byName.set(m.name, [m]);
  }
  for (const manifest of input.manifests) {
    const parentKind = input.registry[manifest.kind]?.parent;
    const parentName = manifest.ancestors[manifest.ancestors.length - 1];
    if (!parentKind || parentName === undefined) continue;
    const parent = makeAddress(parentKind, manifest.ancestors.slice(0, -1), parentName);
    if (isDeclared(input, parent)) continue;
    const key = input.registry[parentKind]?.metadataKey ?? parentKind;
    const namesake = byName.get(parentName)?.find((m) => m.kind !== parentKind);
    diagnostics.push({
      severity: 'error',
      summary: `${manifest.address} refers to ${parent}, which no manifest declares.${suggestionSuffix(input, parent)}`,
      detail: namesake
        ? `metadata.${key} names ${parentName}, which is declared as ${namesake.address}, not a ${parentKind}.`
        : `A ${manifest.kind} lives inside a ${parentKind}: declare ${parent} (as external: in dpac.yaml if another team manages it), or fix metadata.${key}.`,
      address: manifest.address,
      source: input.locateInDocument(manifest, `/metadata/${key}`) ?? manifest.source,
    });
  }
  return diagnostics;
}
