// The DataConnection manifest spec: a target system (`sub_type`) and its `properties`, with the
// keys Snowflake takes and needs; other sub-types take their own scalar properties.
import { z } from 'zod';
import { withRules } from '../../core/field-policy.js';
import { storedSecret } from '../shared/fields.js';

const SNOWFLAKE_KEYS = ['url', 'account', 'username', 'password', 'additional_params', 'warehouse'];

const properties = z
  .object({
    url: z.string().min(1).optional().describe('Connection URL (Snowflake: the account URL).'),
    account: z.string().min(1).optional().describe('Snowflake account name.'),
    username: z.string().min(1).optional().describe('User name.'),
    password: storedSecret('Password of the user.').optional(),
    additional_params: z.string().optional().describe('Extra parameters, e.g. `x=2&&y=4`.'),
    warehouse: z.string().min(1).optional().describe('Snowflake warehouse.'),
  })
  // Only Snowflake's keys are documented; other sub-types take their own scalar properties.
  .catchall(z.union([z.string(), z.number(), z.boolean()]))
  .describe('Connection properties; the keys depend on sub_type (Snowflake: url, account, username, ...).');

export const connectionObject = z
  .object({
    sub_type: z
      .string()
      .regex(/^[A-Z][A-Z0-9_]*$/, 'use the upper-case sub-type, e.g. SNOWFLAKE, SQL_SERVER, POSTGRES')
      .describe('Target system: SNOWFLAKE, SQL_SERVER, POSTGRES, BIGQUERY, COSMOS_DB, ...'),
    description: withRules(z.string().optional().describe('Free text shown in the platform UI.'), {
      impact: 'metadata',
    }),
    properties,
  })
  .strict();

// Field policy (docs/data-impact.md): exports use the connection when they next run.
export const dataConnectionSpec = withRules(
  connectionObject
    .superRefine((s, ctx) => {
      if (s.sub_type !== 'SNOWFLAKE') return;
      for (const key of Object.keys(s.properties)) {
        if (!SNOWFLAKE_KEYS.includes(key)) {
          ctx.addIssue({
            code: 'custom',
            path: ['properties', key],
            message: `SNOWFLAKE connections take ${SNOWFLAKE_KEYS.join(', ')}; remove ${key} or fix its spelling.`,
          });
        }
      }
      for (const key of ['url', 'account', 'username', 'password'] as const) {
        if (s.properties[key] === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['properties', key],
            message: `SNOWFLAKE connections need properties.${key}; add it.`,
          });
        }
      }
    })
    .describe('A target data connection that pipelines and table exports write to.'),
  { impact: 'next-run', impactOnDelete: 'next-run' },
);

export type DataConnectionSpec = z.infer<typeof dataConnectionSpec>;
