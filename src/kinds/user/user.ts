// User: a platform user keyed by email (`metadata.name` IS the email), with roles, accessible
// domains and a write-only password. The login switch is a toggle call, sent only when it must flip.

import { makeAddress } from '../../core/address.js';
import type { CallDraft } from '../../core/call.js';
import { defineKind, pathIds, renderPath, type WriteContext } from '../kind.js';
import { compact, sortedSet } from '../shared/canonical.js';
import { asRecord, liveNames } from '../shared/live-values.js';
import { noMarker } from '../shared/ownership.js';
import { projectLive } from '../shared/spec-projection.js';
import { type UserSpec, userSpec } from './schema.js';

export type { UserSpec } from './schema.js';

const ITEM = '/admin/users/{id}';
const TOGGLE = '/admin/users/{id}/toggle-user-login';

export const User = defineKind<UserSpec>({
  kind: 'User',
  description: 'A platform user, named by email address.',
  metadataKey: 'user',
  spec: userSpec,
  ownership: noMarker('no tags; its profile is shown to people'),
  refs: (s) =>
    (s.accessible_domains ?? []).map((domain, i) => ({
      address: makeAddress('Domain', [], domain),
      path: `/accessible_domains/${i}`,
    })),
  writes: [
    'POST /admin/users',
    'PATCH /admin/users/{}',
    'PATCH /admin/users/{}/toggle-user-login',
    'DELETE /admin/users/{}',
  ],
  read: { list: '/admin/users', keyOf: (item) => String(asRecord(item.profile)?.email ?? '') },
  fromApi: ({ item }, names) =>
    projectLive(
      {
        ...item,
        accessible_domains: Array.isArray(item.accessible_domains)
          ? liveNames(item.accessible_domains, (id) => names.nameOf('Domain', id))
          : undefined,
        // The server sets false on create and list items may omit it.
        login_disabled: item.login_disabled === true,
      },
      userSpec,
    ),
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
  // The email is the key; `PATCH` with `profile.email` changes it (the profile is merged).
  rename: (_before, _after, ctx) => [
    {
      method: 'PATCH',
      path: renderPath(ITEM, pathIds(ctx)),
      body: { profile: { email: ctx.name } },
      note: 'rename',
    },
  ],
});

function body(s: UserSpec, ctx: WriteContext): Record<string, unknown> {
  return compact({
    profile: { ...s.profile, email: ctx.name },
    roles: s.roles,
    password: s.password,
    accessible_domains: s.accessible_domains?.map((domain) => ctx.idOf(makeAddress('Domain', [], domain))),
  });
}

/** The endpoint flips the flag (no body), so it is only sent when live differs from desired. */
function toggleLogin(ctx: WriteContext): CallDraft {
  return { method: 'PATCH', path: renderPath(TOGGLE, pathIds(ctx)), note: 'login switch' };
}
