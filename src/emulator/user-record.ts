// User documents: what the store keeps (hashed password, camelCase refreshToken) and what reads show.
import { hashPassword, newRefreshToken } from './auth.js';
import type { Doc } from './store.js';

export const ALL_ROLES = ['admin', 'dbadmin', 'modeller', 'analyst', 'operations_analyst'];

export interface NewUser {
  name: string;
  email: string;
  roles: string[];
  password: string;
  accessibleDomains?: string[];
  needsPasswordReset?: boolean;
  refreshToken?: string;
}

export function userDocument(user: NewUser): Record<string, unknown> {
  return {
    profile: { name: user.name, email: user.email, needs_password_reset: user.needsPasswordReset ?? false },
    emails: [{ address: user.email, verified: false }],
    display_name: user.name,
    roles: user.roles,
    password_hash: hashPassword(user.password),
    refreshToken: user.refreshToken ?? newRefreshToken(),
    status: { is_online: false, is_idle: false, last_login_details: {} },
    accessible_domains: user.accessibleDomains ?? [],
    failed_logins: [],
    login_disabled: false,
    is_password_required: false,
  };
}

/** The read shape: never the password hash; the refresh token masked as "" (lists) or dropped. */
export function publicUser(doc: Doc, view: 'list' | 'single'): Record<string, unknown> {
  const { password_hash: _hash, refreshToken: _refresh, ...rest } = doc;
  if (view === 'list') return { ...rest, refresh_token: '' };
  return { ...rest, auth_token: '' };
}
