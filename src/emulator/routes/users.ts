// Users under /admin/users and /users (same operations), plus /admin/allUsers and /users/unlock.
import type { EmuApp, EmuRequest } from '../app.js';
import { ADMIN_ID, checkPassword, hashPassword, userByEmail } from '../auth.js';
import { EmuError } from '../errors.js';
import { bodyObject, created, done, list, ok, requireString } from '../respond.js';
import type { Doc } from '../store.js';
import { publicUser, userDocument } from '../user-record.js';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

function requireProfile(body: Record<string, unknown>): Record<string, unknown> {
  const profile = body.profile;
  if (profile === null || typeof profile !== 'object' || Array.isArray(profile)) {
    throw new EmuError(400, 'IW10006', "'profile' is required and must be an object");
  }
  return profile as Record<string, unknown>;
}

function checkRoles(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.some((r) => typeof r !== 'string' || r === '')) {
    throw new EmuError(400, 'IW10006', "'roles' must be a non-empty array of strings");
  }
  return value as string[];
}

function checkDomainIds(app: EmuApp, value: unknown, field: string): string[] {
  if (!Array.isArray(value) || value.some((id) => typeof id !== 'string')) {
    throw new EmuError(400, 'IW10006', `'${field}' must be an array of domain ids`);
  }
  const missing = value.filter((id) => !app.store.get('domains', id));
  if (missing.length > 0) throw new EmuError(400, 'IW10006', `Unknown domain id(s): ${missing.join(', ')}`);
  return value as string[];
}

function assertEmailFree(app: EmuApp, email: string, exceptId?: string): void {
  if (!EMAIL.test(email))
    throw new EmuError(400, 'IW10006', `'profile.email' is not an email address: '${email}'`);
  const clash = userByEmail(app.store, email);
  if (clash && clash.id !== exceptId) {
    throw new EmuError(400, 'IW10003', `User with email '${email}' already exists`);
  }
}

/** Writes under /users act on the caller's own record unless the caller is an admin. */
function assertSelfOrAdmin(req: EmuRequest, userId: string): void {
  if (!req.user.isAdmin && req.user.id !== userId) {
    throw new EmuError(403, 'IW10004', 'Forbidden: only an admin may change another user');
  }
}

export function register(app: EmuApp): void {
  const { store } = app;
  const by = (req: EmuRequest) => ({ userId: req.user.id });

  for (const prefix of ['/admin/users', '/users']) {
    const admin = prefix === '/admin/users';
    const adminOnly = { admin: true, entity: 'user' };
    const self = { admin, entity: 'user' };

    app.route(
      'GET',
      prefix,
      (req) => list(req, store.scan('users'), '', (u) => publicUser(u as Doc, 'list')),
      {
        admin,
      },
    );

    app.route(
      'POST',
      prefix,
      (req) => {
        const body = bodyObject(req);
        const profile = requireProfile(body);
        const name = requireString(profile, 'name');
        const email = requireString(profile, 'email');
        assertEmailFree(app, email);
        const password = requireString(body, 'password');
        const roles = checkRoles(body.roles);
        const domains =
          body.accessible_domains === undefined
            ? []
            : checkDomainIds(app, body.accessible_domains, 'accessible_domains');
        const doc = store.insert(
          'users',
          userDocument({
            name,
            email,
            roles,
            password,
            accessibleDomains: domains,
            needsPasswordReset: profile.needs_password_reset === true,
          }),
          by(req),
        );
        return created(doc.id, 'Successfully created the user');
      },
      adminOnly,
    );

    app.route(
      'GET',
      `${prefix}/:user_id`,
      (req) => ok(publicUser(store.require('users', req.params.user_id!), 'single')),
      {
        admin,
      },
    );

    app.route(
      'PATCH',
      `${prefix}/:user_id`,
      (req) => {
        const id = req.params.user_id!;
        assertSelfOrAdmin(req, id);
        const current = store.require('users', id);
        const body = bodyObject(req);
        const patch: Record<string, unknown> = {};
        if (body.profile !== undefined) {
          const profile = { ...(current.profile as object), ...requireProfile(body) } as Record<
            string,
            unknown
          >;
          const email = requireString(profile, 'email');
          assertEmailFree(app, email, id);
          patch.profile = profile;
          patch.emails = [{ address: email, verified: false }];
          if (typeof profile.name === 'string') patch.display_name = profile.name;
        }
        if (body.roles !== undefined) {
          if (!req.user.isAdmin)
            throw new EmuError(403, 'IW10004', 'Forbidden: only an admin may change roles');
          patch.roles = checkRoles(body.roles);
        }
        if (body.accessible_domains !== undefined) {
          patch.accessible_domains = checkDomainIds(app, body.accessible_domains, 'accessible_domains');
        }
        if (body.password !== undefined) patch.password_hash = hashPassword(requireString(body, 'password'));
        if (Object.keys(patch).length > 0) store.update('users', id, patch, by(req));
        return created(id, 'User updated successfully');
      },
      self,
    );

    app.route(
      'DELETE',
      `${prefix}/:user_id`,
      (req) => {
        const id = req.params.user_id!;
        store.require('users', id);
        if (id === ADMIN_ID) throw new EmuError(400, 'IW10006', 'The built-in admin cannot be deleted');
        store.remove('users', id);
        return done('User deleted successfully');
      },
      adminOnly,
    );

    app.route(
      'PATCH',
      `${prefix}/:user_id/reset-password`,
      (req) => {
        const id = req.params.user_id!;
        assertSelfOrAdmin(req, id);
        const user = store.require('users', id);
        const body = bodyObject(req);
        const next = requireString(body, 'new_password');
        // An admin resetting someone else's password need not know the old one.
        if (
          !(req.user.isAdmin && req.user.id !== id) &&
          !checkPassword(user.password_hash, String(body.old_password ?? ''))
        ) {
          throw new EmuError(400, 'IW10006', 'Old password is incorrect');
        }
        store.update('users', id, { password_hash: hashPassword(next) }, by(req));
        return done('Password updated successfully');
      },
      self,
    );

    app.route(
      'DELETE',
      `${prefix}/:user_id/delete-schedules`,
      (req) => {
        const id = req.params.user_id!;
        store.require('users', id);
        for (const schedule of store.find('schedules', (s) => s.user_id === id || s.created_by === id)) {
          store.remove('schedules', schedule.id);
        }
        return done('Deleted schedules of the user');
      },
      adminOnly,
    );

    app.route(
      'PATCH',
      `${prefix}/:user_id/toggle-user-login`,
      (req) => {
        const id = req.params.user_id!;
        const user = store.require('users', id);
        if (id === ADMIN_ID)
          throw new EmuError(400, 'IW10006', 'Login of the built-in admin cannot be disabled');
        const loginDisabled = user.login_disabled !== true;
        store.update('users', id, { login_disabled: loginDisabled }, by(req));
        return ok(
          { login_disabled: loginDisabled },
          loginDisabled ? 'User login disabled' : 'User login enabled',
        );
      },
      adminOnly,
    );

    app.route(
      'POST',
      `${prefix}/:user_id/accessible-domains`,
      (req) => {
        const id = req.params.user_id!;
        const user = store.require('users', id);
        const ids = checkDomainIds(app, bodyObject(req).entity_ids, 'entity_ids');
        const current = Array.isArray(user.accessible_domains) ? (user.accessible_domains as string[]) : [];
        const merged = [...new Set([...current, ...ids])];
        if (merged.length !== current.length)
          store.update('users', id, { accessible_domains: merged }, by(req));
        return done('Added Domain(s) to User');
      },
      adminOnly,
    );

    app.route(
      'POST',
      `${prefix}/unlock`,
      (req) => {
        const email = req.query.user_email ?? '';
        if (email === '') throw new EmuError(400, 'IW10006', "query parameter 'user_email' is required");
        const user = userByEmail(store, email);
        if (!user) throw new EmuError(404, 'IW10001', `User with email '${email}' not found`);
        if (
          user.locked_till !== undefined ||
          (Array.isArray(user.failed_logins) && user.failed_logins.length > 0)
        ) {
          store.update(
            'users',
            user.id,
            (doc) => ({ ...doc, failed_logins: [], locked_till: undefined }),
            by(req),
          );
        }
        return done('User unlocked successfully');
      },
      adminOnly,
    );
  }

  // Any authenticated user may list everyone (the platform uses it to pick schedule users).
  app.route('GET', '/admin/allUsers', (req) =>
    list(req, store.scan('users'), '', (u) => publicUser(u as Doc, 'list')),
  );
}
