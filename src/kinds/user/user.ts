// User: a platform user keyed by email (`metadata.name` IS the email), with roles, accessible
// domains and a write-only password. The login switch is a toggle call, sent only when it must flip.
import { z } from 'zod';
import type { CallDraft } from '../../core/call.js';
import { defineKind, pathIds, renderPath, type WriteContext } from '../kind.js';
import { asRecord, compact, idsToNames, sortedSet } from '../shared/fields.js';

const ROLES = ['admin', 'dbadmin', 'modeller', 'analyst', 'operations_analyst'] as const;

const spec = z
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
    password: z
      .string()
      .min(1, `the platform refuses a user without a password; give password: \${env.NAME}`)
      .describe(
        `Initial password, required: give \${env.NAME}. Write-only: never read back, diffed, printed or exported.`,
      ),
    accessible_domains: z
      .array(z.string().min(1))
      .optional()
      .describe('Names of the domains the user may access (a set); omit to leave access unmanaged.'),
    login_disabled: z.boolean().default(false).describe('Whether sign-in is blocked. Default false.'),
  })
  .strict()
  .describe('A platform user, named by email address.');

export type UserSpec = z.infer<typeof spec>;

const ITEM = '/admin/users/{id}';
const TOGGLE = '/admin/users/{id}/toggle-user-login';

export const User = defineKind<UserSpec>({
  kind: 'User',
  description: 'A platform user, named by email address.',
  metadataKey: 'user',
  spec,
  sensitive: ['/password'],
  immutable: [],
  refs: (s) =>
    (s.accessible_domains ?? []).map((domain, i) => ({
      address: `Domain/${domain}`,
      path: `/accessible_domains/${i}`,
    })),
  read: { list: '/admin/users', keyOf: (item) => String(asRecord(item.profile)?.email ?? '') },
  fromApi: ({ item }, names) => {
    const profile = asRecord(item.profile) ?? {};
    return compact({
      profile: compact({
        name: typeof profile.name === 'string' ? profile.name : '',
        needs_password_reset:
          typeof profile.needs_password_reset === 'boolean' ? profile.needs_password_reset : undefined,
      }),
      roles: sortedSet(Array.isArray(item.roles) ? item.roles : []) as UserSpec['roles'],
      accessible_domains: Array.isArray(item.accessible_domains)
        ? idsToNames(item.accessible_domains, (id) => names.nameOf('Domain', id))
        : undefined,
      // The server sets false on create and list items may omit it.
      login_disabled: item.login_disabled === true,
    }) as UserSpec;
  },
  normalize: (s) => ({
    ...s,
    roles: sortedSet(s.roles) as UserSpec['roles'],
    ...(s.accessible_domains ? { accessible_domains: sortedSet(s.accessible_domains) } : {}),
  }),
  create: (s, ctx) => {
    const calls: CallDraft[] = [{ method: 'POST', path: '/admin/users', body: body(s, ctx), creates: true }];
    if (s.login_disabled) calls.push(toggleLogin(ctx));
    return calls;
  },
  update: (before, after, changed, ctx) => {
    const calls: CallDraft[] = [];
    // The user record holds the password, so any write of it re-sends the password as well.
    if (['profile', 'roles', 'accessible_domains', 'password'].some((key) => changed.has(key))) {
      calls.push({ method: 'PATCH', path: renderPath(ITEM, pathIds(ctx)), body: body(after, ctx) });
    }
    if (before.login_disabled !== after.login_disabled) calls.push(toggleLogin(ctx));
    return calls;
  },
  remove: (_before, ctx) => [{ method: 'DELETE', path: renderPath(ITEM, pathIds(ctx)) }],
});

function body(s: UserSpec, ctx: WriteContext): Record<string, unknown> {
  return compact({
    profile: { ...s.profile, email: ctx.name },
    roles: s.roles,
    password: s.password,
    accessible_domains: s.accessible_domains?.map((domain) => ctx.idOf(`Domain/${domain}`)),
  });
}

/** The endpoint flips the flag (no body), so it is only sent when live differs from desired. */
function toggleLogin(ctx: WriteContext): CallDraft {
  return { method: 'PATCH', path: renderPath(TOGGLE, pathIds(ctx)), note: 'login switch' };
}
