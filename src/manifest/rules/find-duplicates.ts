// Two documents declaring the same address: natural keys must be unique (an ambiguous create is
// settled by looking its natural key up live, which only works if the key names one object).
import type { Diagnostic } from '../../core/diagnostic.js';
import { formatLocation } from '../../core/diagnostic.js';
import type { RuleInput } from './rule-input.js';

export function findDuplicates(input: RuleInput): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const manifest of input.manifests) {
    const first = input.declared.get(manifest.address);
    if (!first || first === manifest) continue;
    diagnostics.push({
      severity: 'error',
      summary: `${manifest.address} is declared twice (first at ${formatLocation(first.source)})`,
      detail:
        'Names are natural keys: each resource needs a name unique for its kind within its parent. Remove or rename one.',
      address: manifest.address,
      source: manifest.source,
    });
  }
  return diagnostics;
}
