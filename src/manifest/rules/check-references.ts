// Every reference a spec makes (kind.refs) must name an address some manifest declares.
import type { Diagnostic } from '../../core/diagnostic.js';
import { isDeclared, type RuleInput, suggestionSuffix } from './rule-input.js';

export function checkReferences(input: RuleInput): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const manifest of input.manifests) {
    for (const ref of input.refs.get(manifest) ?? []) {
      if (isDeclared(input, ref.address)) continue;
      diagnostics.push({
        severity: 'error',
        summary: `${manifest.address} refers to ${ref.address}, which no manifest declares.${suggestionSuffix(input, ref.address)}`,
        detail: `Declare ${ref.address} in a manifest; if another team manages it, list it under external: in dpac.yaml (or declare it with metadata.external: true); or correct the name.`,
        address: manifest.address,
        source: manifest.locate(ref.path) ?? manifest.source,
      });
    }
  }
  return diagnostics;
}
