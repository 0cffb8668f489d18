// dpac.yaml `policies:`: a team's own rules for its manifests and planned changes, each a CEL
// expression that must be true, with the message a breaking manifest or change is reported with.
import { z } from 'zod';
import type { SourceLocation } from '../core/diagnostic.js';

type PolicySeverity = 'error' | 'warning';

/** One entry of `policies:` as dpac.yaml gives it, with where its rule is written. */
export interface PolicyDeclaration {
  name: string;
  kinds: string[];
  rule: string;
  message: string;
  severity: PolicySeverity;
  /** The `rule:` value in dpac.yaml (results point readers at it). */
  source?: SourceLocation;
}

export function policyEntrySchema<K extends z.ZodType<string>>(kind: K) {
  return z
    .object({
      name: z
        .string()
        .regex(/^[a-z0-9][a-z0-9_.-]*$/, 'policy names: lower-case letters, digits, _ . -')
        .describe('Name of the policy (unique): results and errors name it.'),
      kinds: z.array(kind).min(1).describe('The kinds it applies to.'),
      rule: z
        .string()
        .regex(/\S/, 'give the CEL expression')
        .describe(
          'A CEL expression that must be true: over `object` ({kind, metadata, spec} of a manifest; checked by validate) or over `change` ({address, kind, action, before, after, impact, fields, live} of a planned change; checked by plan). See docs/policies.md.',
        ),
      message: z
        .string()
        .regex(/\S/, 'say what is wrong and how to fix it')
        .describe('Shown when the rule is false.'),
      severity: z
        .enum(['error', 'warning'])
        .default('error')
        .describe('error (validate and plan exit 1) or warning (reported only). Default error.'),
    })
    .strict();
}
