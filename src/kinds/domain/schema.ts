// The Domain manifest spec: a description and the environments the domain may use (by name).
import { z } from 'zod';
import { withRules } from '../../core/field-policy.js';

// Field policy (docs/data-impact.md): a domain grants access; it holds no data.
export const domainSpec = withRules(
  z
    .object({
      description: withRules(z.string().optional().describe('Free text shown in the platform UI.'), {
        impact: 'metadata',
      }),
      environments: z
        .array(z.string().min(1))
        .default([])
        .describe('Names of the environments whose compute and storage the domain may use (a set).'),
    })
    .strict()
    .describe('A domain: the unit of access for pipelines and sources.'),
  { impact: 'metadata', impactOnDelete: 'metadata' },
);

export type DomainSpec = z.infer<typeof domainSpec>;
