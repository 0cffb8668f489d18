// The ValidationSpec manifest spec: the column checked and the regular expression its values match.
import { z } from 'zod';
import { withRules } from '../../core/field-policy.js';

// Field policy (docs/data-impact.md): the check applies from the next ingestion run.
export const validationSpecSpec = withRules(
  z
    .object({
      column_name: z.string().min(1).describe('The column whose values are checked.'),
      type: z.enum(['regex']).describe('Kind of check; regex is the only one the API documents.'),
      regex_expression: z
        .string()
        .min(1)
        .describe('Regular expression every value must match, e.g. [a-zA-Z]+.'),
    })
    .strict()
    .describe('A validation spec: a regular expression the values of a column must match.'),
  { impact: 'next-run', impactOnDelete: 'next-run' },
);

export type ValidationSpecSpec = z.infer<typeof validationSpecSpec>;
