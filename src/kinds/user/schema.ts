// The User manifest spec: profile, roles, the domains the user may access (by name), the initial
// password and the login switch. The email is the object's name.
import { z } from 'zod';
import { withRules } from '../../core/field-policy.js';

const ROLES = ['admin', 'dbadmin', 'modeller', 'analyst', 'operations_analyst'] as const;

// Field policy (docs/data-impact.md): a user's settings grant access; they hold no data.
export const userSpec = withRules(
  z
    .object({
      profile: z
        .object({
          name: z.string().min(1).describe('Display name, e.g. Alice Example.'),
          needs_password_reset: z
            .boolean()
            .optional()
            .describe('Whether the user must change the password at next sign-in.'),
        })
        .strict()
        .describe('Profile; the email is metadata.name.'),
      roles: z
        .array(z.enum(ROLES))
        .min(1, 'give at least one role (admin, dbadmin, modeller, analyst, operations_analyst)')
        .describe('Roles (a set): admin, dbadmin, modeller, analyst, operations_analyst.'),
      password: withRules(
        z
          .string()
          .min(1, `the platform refuses a user without a password; give password: \${env.NAME}`)
          .describe(
            `Initial password, required: give \${env.NAME}. Write-only: never read back, diffed, printed or exported.`,
          ),
        { secret: true },
      ),
      accessible_domains: z
        .array(z.string().min(1))
        .optional()
        .describe('Names of the domains the user may access (a set); omit to leave access unmanaged.'),
      login_disabled: z.boolean().default(false).describe('Whether sign-in is blocked. Default false.'),
    })
    .strict()
    .describe('A platform user, named by email address.'),
  { impact: 'metadata', impactOnDelete: 'metadata' },
);

export type UserSpec = z.infer<typeof userSpec>;
