// Sessions: both login styles, proactive refresh before expiry, single-flight re-mint, revocation at close.

import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, createClient, readJwtClaims } from '../../src/api/index.js';
import { Session, type TokenRequest } from '../../src/api/session.js';
import { json, makeJwt, type ScriptedServer, startScriptedServer } from './helpers/scripted-server.js';

const open: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

function fakeTokens(lifetimeSeconds: number, clock: { now: number }) {
  const requests: TokenRequest[] = [];
  return {
    requests,
    requestToken: async (req: TokenRequest) => {
      requests.push(req);
      const iat = Math.floor(clock.now / 1000);
      return {
        result: { authentication_token: makeJwt({ iat, exp: iat + lifetimeSeconds, n: requests.length }) },
      };
    },
  };
}

describe('Session', () => {
  it('sends the refresh token raw after Basic', async () => {
    const clock = { now: 1_000_000 };
    const tokens = fakeTokens(900, clock);
    const session = new Session({ credentials: { refreshToken: 'abc+/=' }, ...tokens, now: () => clock.now });
    await session.bearer();
    expect(tokens.requests[0]).toMatchObject({
      path: '/security/token/access',
      authorization: 'Basic abc+/=',
    });
  });

  it('logs in with base64 user:password and service_id=1', async () => {
    const clock = { now: 1_000_000 };
    const tokens = fakeTokens(900, clock);
    const session = new Session({ credentials: { username: 'a@b.io', password: 'pw' }, ...tokens });
    await session.bearer();
    expect(tokens.requests[0]).toMatchObject({
      path: '/security/authenticate',
      query: { service_id: '1' },
      authorization: `Basic ${Buffer.from('a@b.io:pw').toString('base64')}`,
    });
  });

  it('knows who it signs in as: the email the token names, and the id a login answers', async () => {
    const sub = JSON.stringify({ email: 'ci@example.com', scope: { action: 'refresh_token' } });
    const answers = [
      { result: { authentication_token: makeJwt({ sub }) } },
      {
        result: {
          authentication_token: makeJwt({ sub }),
          is_authenticated: true,
          user_id: 'aB3dE5gH7jK9mN1pQ',
        },
      },
      { result: { authentication_token: makeJwt({ sub: 'not json' }) } },
    ];
    const identities = [];
    for (const answer of answers) {
      const session = new Session({ credentials: { refreshToken: 'rt' }, requestToken: async () => answer });
      expect(session.identity()).toEqual({});
      await session.bearer();
      identities.push(session.identity());
    }
    expect(identities).toEqual([
      { email: 'ci@example.com' },
      { userId: 'aB3dE5gH7jK9mN1pQ', email: 'ci@example.com' },
      {},
    ]);
  });

  it('refreshes a 15-minute token 30 s before it expires, not earlier', async () => {
    const clock = { now: 1_000_000 };
    const tokens = fakeTokens(900, clock);
    const session = new Session({ credentials: { refreshToken: 'rt' }, ...tokens, now: () => clock.now });
    const first = await session.bearer();
    clock.now += 868_000;
    expect(await session.bearer()).toBe(first);
    clock.now += 2_000;
    const second = await session.bearer();
    expect(second.generation).toBe(2);
    expect(tokens.requests).toHaveLength(2);
  });

  it('refreshes a short-lived token with 10% of its lifetime left', async () => {
    const clock = { now: 5_000_000 };
    const tokens = fakeTokens(20, clock);
    const session = new Session({ credentials: { refreshToken: 'rt' }, ...tokens, now: () => clock.now });
    await session.bearer();
    clock.now += 16_000;
    await session.bearer();
    expect(tokens.requests).toHaveLength(1);
    clock.now += 1_500;
    await session.bearer();
    expect(tokens.requests).toHaveLength(2);
  });

  it('re-mints once for many rejections of the same token', async () => {
    const clock = { now: 1_000_000 };
    const tokens = fakeTokens(900, clock);
    const session = new Session({ credentials: { refreshToken: 'rt' }, ...tokens, now: () => clock.now });
    const { generation } = await session.bearer();
    await Promise.all(Array.from({ length: 20 }, () => session.renewAfterRejection(generation)));
    await session.renewAfterRejection(generation);
    expect(tokens.requests).toHaveLength(2);
    expect(session.mints()).toBe(2);
  });

  it('accepts the legacy answer with is_authenticated and without user_id', async () => {
    const session = new Session({
      credentials: { username: 'u', password: 'p' },
      requestToken: async () => ({ result: { authentication_token: 'tok', is_authenticated: true } }),
    });
    expect((await session.bearer()).token).toBe('tok');
  });

  it('rejects an answer without a token as an ApiError', async () => {
    const session = new Session({
      credentials: { refreshToken: 'rt' },
      requestToken: async () => ({ result: {} }),
    });
    await expect(session.bearer()).rejects.toBeInstanceOf(ApiError);
  });

  it('reads exp and iat from a JWT without verifying it', () => {
    expect(readJwtClaims(makeJwt({ exp: 20, iat: 10 }))).toEqual({ exp: 20, iat: 10 });
    expect(readJwtClaims('not-a-jwt')).toEqual({});
  });
});

describe('sessions over HTTP', () => {
  async function serverRejectingOldTokens(): Promise<ScriptedServer> {
    let held: Array<() => void> = [];
    const server: ScriptedServer = await startScriptedServer((req, res) => {
      if (server.isLive(req) && req.authorization !== `Bearer ${server.tokens[0]}`) {
        return json(res, 200, { result: { ok: true } });
      }
      // Hold the 20 rejections until all are in flight, so they fail together.
      held.push(() =>
        json(res, 406, { message: 'Security Client Errors', iw_code: 'IW10031', details: 'expired' }),
      );
      if (held.length === 20) {
        for (const answer of held) answer();
        held = [];
      }
    });
    open.push(server);
    return server;
  }

  it('re-mints exactly once when 20 concurrent calls are rejected', async () => {
    const server = await serverRejectingOldTokens();
    const client = createClient({
      baseUrl: server.url,
      auth: { refreshToken: 'rt' },
      concurrency: { reads: 20 },
    });
    open.push(client);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => client.get(`/domains/${i}`)));
    expect(results).toHaveLength(20);
    expect(server.mints()).toBe(2);
    expect(client.stats().remints).toBe(1);
  });

  it('refreshes before expiry so no call is rejected', async () => {
    const server: ScriptedServer = await startScriptedServer(
      (req, res) =>
        server.isLive(req) ? json(res, 200, { result: 'ok' }) : json(res, 401, { iw_code: 'IW10005' }),
      { tokenTtlSeconds: 1 },
    );
    open.push(server);
    const client = createClient({ baseUrl: server.url, auth: { refreshToken: 'rt' } });
    open.push(client);
    await client.get('/domains');
    await new Promise((resolve) => setTimeout(resolve, 800));
    await client.get('/domains');
    expect(server.mints()).toBe(2);
    expect(server.seen).toHaveLength(2);
  });

  it('revokes the token it minted at close, once', async () => {
    const server = await startScriptedServer((_req, res) => json(res, 200, { result: [] }));
    open.push(server);
    const client = createClient({ baseUrl: server.url, auth: { refreshToken: 'rt' } });
    await client.get('/domains');
    await Promise.all([client.close(), client.close()]);
    expect(server.revoked).toEqual(new Set([server.tokens[0]]));
    expect(server.security.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('revokes nothing when it never logged in', async () => {
    const server = await startScriptedServer((_req, res) => json(res, 200, {}));
    open.push(server);
    const client = createClient({ baseUrl: server.url, auth: { refreshToken: 'rt' } });
    await client.close();
    expect(server.security).toHaveLength(0);
  });

  it('fails a bad refresh token with a message that names the variable', async () => {
    const server = await startScriptedServer((_req, res) => json(res, 200, {}), {
      securityScript: (_req, res) =>
        json(res, 406, {
          message: 'Security Client Errors',
          details: 'Authentication Failed: Incorrect user credentials',
          iw_code: 'IW10031',
        }),
    });
    open.push(server);
    const client = createClient({ baseUrl: server.url, auth: { refreshToken: 'rt' } });
    open.push(client);
    await expect(client.get('/domains')).rejects.toThrow(
      'Could not get an access token with DPAC_REFRESH_TOKEN: GET /v3/security/token/access returned 406 IW10031: ' +
        'Authentication Failed: Incorrect user credentials',
    );
    expect(server.security).toHaveLength(1);
  });
});
