// Every reference a spec makes (kind.refs) must name an address some manifest declares, or that
// dpac.yaml `external:` covers; one only a glob covers is said once, as plan alone can check it.
import type { Diagnostic } from '../../core/diagnostic.js';
import { isDeclared, onlyCoveredByGlob, type RuleInput, suggestionSuffix } from './rule-input.js';

export function checkReferences(input: RuleInput): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const told = new Set<string>();
  for (const manifest of input.manifests) {
    for (const ref of input.refs.get(manifest) ?? []) {
      const locate = () => manifest.locate(ref.path) ?? manifest.source;
      const covered = onlyCoveredByGlob(input, told, manifest, ref.address, locate);
      if (covered) {
        if (covered !== 'told') diagnostics.push(covered);
        continue;
      }
      if (isDeclared(input, ref.address)) continue;
      diagnostics.push({
        severity: 'error',
        summary: `${manifest.address} refers to ${ref.address}, which no manifest declares.${suggestionSuffix(input, ref.address)}`,
        detail: `Declare ${ref.address} in a manifest; if another team manages it, list it under external: in dpac.yaml (or declare it with metadata.external: true); or correct the name.`,
        address: manifest.address,
        source: locate(),
      });
    }
  }
  return diagnostics;
}
