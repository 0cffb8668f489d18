// The bearer token: minted, refreshed before expiry, re-minted single-flight when rejected; in memory only.

import { ApiError } from './errors.js';

export type Credentials = { refreshToken: string } | { username: string; password: string };

/** Every security endpoint dpac calls, as data. Paths are relative to the base URL. */
export const SECURITY_ROUTES = {
  tokenFromRefreshToken: { method: 'GET', path: '/security/token/access' },
  authenticate: { method: 'GET', path: '/security/authenticate', query: { service_id: '1' } },
  revokeToken: { method: 'DELETE', path: '/security/token/access' },
  validateToken: { method: 'GET', path: '/security/token/validate' },
} as const;

export interface TokenRequest {
  path: string;
  query?: Record<string, string>;
  /** Full Authorization header value. */
  authorization: string;
  intent: string;
}

export interface SessionOptions {
  credentials: Credentials;
  /** Sends one token GET (with the client's retries) and returns its parsed body, or throws. */
  requestToken: (req: TokenRequest) => Promise<unknown>;
  /** Prefix shown before paths in errors, e.g. `/v3`. */
  basePath?: string;
  now?: () => number;
}

export interface Bearer {
  token: string;
  /** Increases with every mint; lets a rejected call tell whether someone already re-minted. */
  generation: number;
}

interface Minted extends Bearer {
  /** Local time after which the token is refreshed before use; undefined when its expiry is unknown. */
  refreshAt: number | undefined;
}

/** Refresh when min(30 s, 10% of the lifetime) + up to 1 s of clock granularity is left: 15 min tokens at 14:29. */
const REFRESH_MARGIN_MS = 30_000;
const REFRESH_MARGIN_SHARE = 0.1;

export class Session {
  private current: Minted | undefined;
  private minting: Promise<Minted> | undefined;
  private generation = 0;
  private readonly tokensSeen: string[] = [];
  private who: RunIdentity = {};
  private readonly now: () => number;

  constructor(private readonly options: SessionOptions) {
    this.now = options.now ?? Date.now;
  }

  /** A usable bearer token, minting or refreshing first when needed. */
  async bearer(): Promise<Bearer> {
    if (this.minting) return this.minting;
    const current = this.current;
    if (current && (current.refreshAt === undefined || this.now() < current.refreshAt)) return current;
    return this.mint();
  }

  /** After a 401/406 with the token of `generation`: re-mint unless another call already did. */
  async renewAfterRejection(generation: number): Promise<void> {
    if (this.minting) {
      await this.minting;
      return;
    }
    if (this.current && this.current.generation !== generation) return;
    await this.mint();
  }

  /** Who the run signs in as, as far as the token call tells (empty before the first mint). */
  identity(): RunIdentity {
    return { ...this.who };
  }

  /** Number of tokens minted so far (the first one included). */
  mints(): number {
    return this.generation;
  }

  /** The token to revoke at exit, if one was minted; forgets it. */
  takeTokenForRevocation(): string | undefined {
    const token = this.current?.token;
    this.current = undefined;
    return token;
  }

  /** Every secret the session has held, so text echoing one can be scrubbed. */
  secretValues(): string[] {
    const c = this.options.credentials;
    const own =
      'refreshToken' in c
        ? [c.refreshToken]
        : [c.password, Buffer.from(`${c.username}:${c.password}`).toString('base64')];
    return [...own, ...this.tokensSeen];
  }

  private mint(): Promise<Minted> {
    const minting = this.mintOnce().finally(() => {
      if (this.minting === minting) this.minting = undefined;
    });
    this.minting = minting;
    return minting;
  }

  private async mintOnce(): Promise<Minted> {
    const c = this.options.credentials;
    const startedAt = this.now();
    const request: TokenRequest =
      'refreshToken' in c
        ? {
            path: SECURITY_ROUTES.tokenFromRefreshToken.path,
            // The refresh token goes raw after `Basic` (it is not base64 of user:pass).
            authorization: `Basic ${c.refreshToken}`,
            intent: 'get an access token with DPAC_REFRESH_TOKEN',
          }
        : {
            path: SECURITY_ROUTES.authenticate.path,
            query: SECURITY_ROUTES.authenticate.query,
            authorization: `Basic ${Buffer.from(`${c.username}:${c.password}`).toString('base64')}`,
            intent: 'log in with DPAC_USERNAME and DPAC_PASSWORD',
          };
    const body = await this.options.requestToken(request);
    const token = readToken(body, { ...request, path: `${this.options.basePath ?? ''}${request.path}` });
    this.who = identityOf(body, token);
    this.tokensSeen.push(token);
    this.generation++;
    this.current = { token, generation: this.generation, refreshAt: refreshTime(token, startedAt) };
    return this.current;
  }
}

/** Both revisions answer `{result: {authentication_token, [is_authenticated], [user_id]}}`. */
function readToken(body: unknown, request: TokenRequest): string {
  const result = (body as { result?: unknown } | null)?.result;
  const token = (result as { authentication_token?: unknown } | null)?.authentication_token;
  const refused = (result as { is_authenticated?: unknown } | null)?.is_authenticated === false;
  if (typeof token === 'string' && token !== '' && !refused) return token;
  throw new ApiError({
    status: 200,
    method: 'GET',
    path: request.path,
    details: refused
      ? 'the platform answered is_authenticated: false'
      : 'the response carried no result.authentication_token',
    intent: request.intent,
  });
}

/**
 * The user a run signs in as: the login answers its id (`user_id`, 5.5.1+); every access token
 * names its email in `sub`, a JSON document serialised as a string.
 */
export interface RunIdentity {
  userId?: string;
  email?: string;
}

function identityOf(body: unknown, token: string): RunIdentity {
  const userId = (body as { result?: { user_id?: unknown } } | null)?.result?.user_id;
  const email = emailOf(readJwtPayload(token)?.sub);
  return {
    ...(typeof userId === 'string' && userId !== '' ? { userId } : {}),
    ...(email ? { email } : {}),
  };
}

function emailOf(sub: unknown): string | undefined {
  if (typeof sub !== 'string') return undefined;
  try {
    const email = (JSON.parse(sub) as { email?: unknown } | null)?.email;
    return typeof email === 'string' && email !== '' ? email : undefined;
  } catch {
    return undefined;
  }
}

function readJwtPayload(token: string): Record<string, unknown> | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Claims of a JWT, read without verification (we only need its lifetime). */
export function readJwtClaims(token: string): { exp?: number; iat?: number } {
  const claims = readJwtPayload(token) ?? {};
  return {
    ...(typeof claims.exp === 'number' ? { exp: claims.exp } : {}),
    ...(typeof claims.iat === 'number' ? { iat: claims.iat } : {}),
  };
}

/**
 * Lifetime is measured as exp − iat on our own clock from when we asked, so a skewed server clock
 * does not make us refresh on every call or never.
 */
function refreshTime(token: string, mintedAt: number): number | undefined {
  const { exp, iat } = readJwtClaims(token);
  if (exp === undefined) return undefined;
  const lifetimeMs = iat === undefined ? exp * 1000 - mintedAt : (exp - iat) * 1000;
  if (lifetimeMs <= 0) return mintedAt;
  // exp and iat are whole seconds: the token may expire up to 1 s before mintedAt + lifetime.
  const granularity = Math.min(1000, lifetimeMs / 2);
  const margin = Math.min(REFRESH_MARGIN_MS, lifetimeMs * REFRESH_MARGIN_SHARE);
  return mintedAt + lifetimeMs - granularity - margin;
}
