// A kind's rules about its declared parent (a table's streaming block needs a streaming source).
import { makeAddress } from '../../core/address.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { RuleInput } from './rule-input.js';

export function checkParentSpecs(input: RuleInput): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const manifest of input.manifests) {
    const kind = input.registry[manifest.kind];
    const parentName = manifest.ancestors[manifest.ancestors.length - 1];
    if (!kind?.checkParent || !kind.parent || parentName === undefined) continue;
    const parent = input.declared.get(makeAddress(kind.parent, manifest.ancestors.slice(0, -1), parentName));
    if (!parent) continue;
    for (const problem of kind.checkParent(manifest.spec, parent.spec as Record<string, unknown>)) {
      diagnostics.push({
        severity: 'error',
        summary: `${manifest.address}: ${problem.message}`,
        detail: problem.fix,
        address: manifest.address,
        source: manifest.locate(problem.path) ?? manifest.source,
      });
    }
  }
  return diagnostics;
}
