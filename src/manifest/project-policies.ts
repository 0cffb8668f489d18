// dpac.yaml `policies:`: each rule compiled once as the file is read (CEL), so a broken expression
// or a repeated name is an error at its line before any manifest is checked against it.
import type { Diagnostic } from '../core/diagnostic.js';
import { compileRule } from '../policy/compile-policy.js';
import type { PolicyDeclaration } from '../policy/policy-schema.js';
import type { Locator } from './locator.js';

/** The policies whose rule compiles, located; an error at its line for each that does not, or repeats a name. */
export async function checkPolicies(
  entries: readonly Omit<PolicyDeclaration, 'source'>[],
  locator: Locator,
  diagnostics: Diagnostic[],
): Promise<PolicyDeclaration[]> {
  const seen = new Set<string>();
  const checked: PolicyDeclaration[] = [];
  for (const [i, entry] of entries.entries()) {
    if (seen.has(entry.name)) {
      diagnostics.push({
        severity: 'error',
        summary: `Policy ${entry.name} is defined twice`,
        detail: 'Give each policy its own name.',
        source: locator.value(`/policies/${i}/name`),
      });
      continue;
    }
    seen.add(entry.name);
    const source = locator.value(`/policies/${i}/rule`);
    const compiled = await compileRule(entry.rule);
    if ('error' in compiled) {
      diagnostics.push({
        severity: 'error',
        summary: `Policy ${entry.name}: the rule is ${compiled.error.startsWith('not valid') ? '' : 'wrong: '}${compiled.error}`,
        detail:
          'Fix the expression (CEL, as in Kubernetes ValidatingAdmissionPolicy; docs/policies.md has examples).',
        source,
      });
      continue;
    }
    checked.push({ ...entry, ...(source ? { source } : {}) });
  }
  return checked;
}
