// An address is either managed or external, never both: a manifest and an exact external declaration
// (another manifest with metadata.external, or a dpac.yaml entry) of one address contradict.
// A pattern of dpac.yaml may cover declared objects: those stay managed.
import { type Diagnostic, formatLocation } from '../../core/diagnostic.js';
import type { RuleInput } from './rule-input.js';

export function checkExternals(input: RuleInput): Diagnostic[] {
  const out: Diagnostic[] = [];
  // The exact declarations, a few, against the declared addresses (not every manifest through the
  // matcher and its patterns); the declaration the matcher answers with (the first) is the one named.
  for (const external of input.externals) {
    if (external.pattern || input.external(external.address) !== external) continue;
    const address = external.address;
    const manifest = input.declared.get(address);
    if (!manifest) continue;
    out.push({
      severity: 'error',
      summary: `${address} is declared both as managed and as external`,
      detail: `Keep the manifest to manage it, or the external declaration${external.source ? ` at ${formatLocation(external.source)}` : ''} to only refer to it.`,
      address,
      source: manifest.source,
    });
  }
  return out;
}
