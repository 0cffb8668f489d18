// Security endpoints (/security/*, /verify-refresh-token): credentials, tokens, blacklist, SSO stubs.
import type { EmuApp, EmuRequest, EmuResult } from '../app.js';
import { checkPassword, newRefreshToken, type Sessions, toEmuUser, userByEmail } from '../auth.js';
import { EmuError } from '../errors.js';
import { bodyObject, ok } from '../respond.js';
import type { Doc } from '../store.js';

function credentialsRefused(): EmuError {
  return new EmuError(
    406,
    'IW10031',
    'Authentication Failed: Incorrect user credentials',
    'Security Client Errors',
  );
}

function basicValue(req: EmuRequest): string {
  const match = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (!match) throw credentialsRefused();
  return match[1]!;
}

function userByRefreshToken(app: EmuApp, token: string): Doc | undefined {
  return app.store.find('users', (u) => u.refreshToken === token)[0];
}

/** Basic <refresh token>, or Basic base64(user:pass) as a fallback for the refresh-token DELETE. */
function userFromBasic(app: EmuApp, value: string): Readonly<Doc> | undefined {
  const byToken = userByRefreshToken(app, value);
  if (byToken) return byToken;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) return undefined;
  const user = userByEmail(app.store, decoded.slice(0, colon));
  return user && checkPassword(user.password_hash, decoded.slice(colon + 1)) ? user : undefined;
}

export function register(app: EmuApp, sessions: Sessions): void {
  const legacy = app.config.revision === 'legacy';

  app.route(
    'GET',
    '/security/authenticate',
    (req) => {
      const decoded = Buffer.from(basicValue(req), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      const user = colon === -1 ? undefined : userByEmail(app.store, decoded.slice(0, colon));
      if (!user || !checkPassword(user.password_hash, decoded.slice(colon + 1))) throw credentialsRefused();
      if (user.login_disabled === true) throw credentialsRefused();
      const token = sessions.mint(toEmuUser(user).email);
      const result: Record<string, unknown> = { authentication_token: token, is_authenticated: true };
      if (!legacy) result.user_id = user.id;
      return ok(result, 'Authentication Success');
    },
    { auth: 'basic' },
  );

  app.route(
    'GET',
    '/security/token/access',
    (req) => {
      const user = userByRefreshToken(app, basicValue(req));
      if (!user || user.login_disabled === true) throw credentialsRefused();
      const token = sessions.mint(toEmuUser(user).email);
      return ok(
        legacy ? { authentication_token: token, is_authenticated: true } : { authentication_token: token },
        'Authentication Success',
      );
    },
    { auth: 'basic' },
  );

  app.route(
    'GET',
    '/security/token/validate',
    (req): EmuResult => {
      const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      const valid = match ? sessions.check(match[1]!).state === 'valid' : false;
      return ok({ is_valid: valid });
    },
    { auth: 'none' },
  );

  app.route('DELETE', '/security/token/access', (req) => {
    sessions.revoke(/^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')![1]!);
    return ok('Token successfully blacklisted', 'Platform Security Response');
  });

  if (legacy) return;

  app.route(
    'DELETE',
    '/security/token/refresh',
    (req) => {
      const user = userFromBasic(app, basicValue(req));
      if (!user) throw credentialsRefused();
      app.store.update('users', user.id, { refreshToken: newRefreshToken() }, { userId: user.id });
      return ok('Successfully Blacklisted Refresh Token.', 'Platform Security Response');
    },
    { auth: 'basic', entity: 'refresh_token' },
  );

  app.route('POST', '/security/authorise/user', (req) => {
    const body = bodyObject(req);
    for (const field of ['entityType', 'action', 'entityId']) {
      if (typeof body[field] !== 'string') throw new EmuError(400, 'IW10006', `'${field}' is required`);
    }
    const token = sessions.mint(req.user.email);
    return ok({ delegation_token: token, is_authorised: true }, 'Platform Security Response');
  });

  app.route('GET', '/security/sso/initialise', () => ({
    status: 200,
    body: { Location: 'http://sso.platform.local/saml/login' },
  }));

  app.route('POST', '/security/get/user/data', (req) => {
    const body = bodyObject(req);
    const ids = Array.isArray(body.userIds) ? body.userIds.map(String) : [];
    const users = ids.filter((id) => app.store.get('users', id) !== undefined);
    return { status: 200, body: { users } };
  });

  app.route(
    'POST',
    '/security/bulk-ldap-sync',
    (req) => {
      if (!userFromBasic(app, basicValue(req))) throw credentialsRefused();
      const body = bodyObject(req);
      const list = Array.isArray(body.search_list) ? body.search_list.map(String) : [];
      const existing = list.map((email) => ({ email, user: userByEmail(app.store, email) }));
      const found = existing.filter((e) => e.user);
      return ok(
        {
          new_users_count: 0,
          existing_user_count: found.length,
          added: [],
          updated: body.should_update === false ? [] : found.map((e) => ({ email: e.email, id: e.user!.id })),
          failed: existing
            .filter((e) => !e.user)
            .map((e) => ({ email: e.email, id: '', error: 'No valid role found for the User.' })),
        },
        'Successfully synced ldap users',
      );
    },
    { auth: 'basic' },
  );

  app.route('PUT', '/verify-refresh-token', (req) => {
    const body = bodyObject(req);
    const email = typeof body.scheduler_username === 'string' ? body.scheduler_username : '';
    const user = userByEmail(app.store, email);
    if (!user || user.refreshToken !== body.scheduler_auth_token) {
      throw new EmuError(400, 'IW10006', 'Invalid scheduler username or refresh token');
    }
    return ok({ is_valid: true }, 'Refresh token verified');
  });
}
