// Access tokens (HS256 JWTs via node:crypto), the blacklist, passwords and caller resolution.
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { EmulatorConfig, EmuUser } from './app.js';
import { EmuError } from './errors.js';
import type { Doc, Store } from './store.js';

export const ADMIN_ID = 'dpacAdmin00000001';
export const ADMIN_EMAIL = 'admin@dpac.local';
export const ADMIN_PASSWORD = 'admin';
export const ADMIN_REFRESH_TOKEN = 'dpac-emulator-refresh-token-0000000000000000000000000000000000000000';

export const ANONYMOUS: EmuUser = { id: '', email: '', name: '', roles: [], isAdmin: false };

const b64url = (data: Buffer | string): string => Buffer.from(data).toString('base64url');

export function hashPassword(password: string): string {
  const salt = randomBytes(8).toString('hex');
  return `sha256:${salt}:${createHash('sha256')
    .update(salt + password)
    .digest('hex')}`;
}

export function checkPassword(stored: unknown, password: string): boolean {
  if (typeof stored !== 'string') return false;
  const [, salt, digest] = stored.split(':');
  if (!salt || !digest) return false;
  const actual = createHash('sha256')
    .update(salt + password)
    .digest('hex');
  return timingSafeEqual(Buffer.from(actual), Buffer.from(digest));
}

export function newRefreshToken(): string {
  return randomBytes(72).toString('base64');
}

export interface TokenClaims {
  iat: number;
  exp: number;
  jti: string;
  sub: string;
}

/** Tokens whose signature was checked, kept so a busy client's requests skip the HMAC (bounded). */
const VERIFIED_CACHE = 1024;

/** Tokens and blacklist for one emulator instance. */
export class Sessions {
  private readonly blacklist = new Set<string>();
  private readonly verified = new Map<string, TokenClaims>();
  /** Test instrument (read-only): when each access token was minted and expires, in ms. */
  readonly mints: Array<{ at: number; exp: number }> = [];
  /** Test instrument: distinct tokens refused for being past their expiry. */
  readonly expiredSeen = new Set<string>();

  constructor(
    private readonly config: EmulatorConfig,
    private readonly now: () => Date,
  ) {}

  mint(email: string): string {
    const iat = Math.floor(this.now().getTime() / 1000);
    const claims: TokenClaims = {
      iat,
      exp: iat + this.config.tokenTtlSeconds,
      jti: randomUUID(),
      sub: JSON.stringify({ email, scope: { action: 'refresh_token' } }),
    };
    this.mints.push({ at: this.now().getTime(), exp: claims.exp * 1000 });
    const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' })) + '.' + b64url(JSON.stringify(claims));
    return `${head}.${this.sign(head)}`;
  }

  private sign(data: string): string {
    return createHmac('sha256', this.config.jwtSecret).update(data).digest('base64url');
  }

  /** Signature-checked claims, or undefined for a malformed or forged token. */
  decode(token: string): TokenClaims | undefined {
    // A token's signature is checked once: a client sends the same token on thousands of requests.
    const known = this.verified.get(token);
    if (known) return known;
    const claims = this.verify(token);
    if (claims) {
      if (this.verified.size >= VERIFIED_CACHE) this.verified.clear();
      this.verified.set(token, claims);
    }
    return claims;
  }

  private verify(token: string): TokenClaims | undefined {
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    const expected = Buffer.from(this.sign(`${parts[0]}.${parts[1]}`));
    const given = Buffer.from(parts[2]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as TokenClaims;
      return typeof claims.exp === 'number' && typeof claims.jti === 'string' ? claims : undefined;
    } catch {
      return undefined;
    }
  }

  /** 'valid', 'expired' (past exp or blacklisted) or 'invalid' (forged/malformed). */
  check(token: string): { state: 'valid' | 'expired' | 'invalid'; claims?: TokenClaims } {
    const claims = this.decode(token);
    if (!claims) return { state: 'invalid' };
    if (this.blacklist.has(claims.jti)) return { state: 'expired', claims };
    if (claims.exp * 1000 <= this.now().getTime()) {
      this.expiredSeen.add(claims.jti);
      return { state: 'expired', claims };
    }
    return { state: 'valid', claims };
  }

  revoke(token: string): boolean {
    const claims = this.decode(token);
    if (!claims) return false;
    this.blacklist.add(claims.jti);
    return true;
  }

  clear(): void {
    this.blacklist.clear();
  }
}

function emailOf(claims: TokenClaims): string | undefined {
  try {
    const sub = JSON.parse(claims.sub) as { email?: unknown };
    return typeof sub.email === 'string' ? sub.email : undefined;
  } catch {
    return undefined;
  }
}

/** The stored user, read-only (never mutate): every authenticated request looks one up. */
export function userByEmail(store: Store, email: string): Readonly<Doc> | undefined {
  const lower = email.toLowerCase();
  return store.scan(
    'users',
    (u) => String((u.profile as { email?: string })?.email).toLowerCase() === lower,
  )[0];
}

export function toEmuUser(doc: Doc): EmuUser {
  const profile = (doc.profile ?? {}) as { email?: string; name?: string };
  const roles = Array.isArray(doc.roles) ? doc.roles.map(String) : [];
  return {
    id: doc.id,
    email: profile.email ?? '',
    name: profile.name ?? '',
    roles,
    isAdmin: roles.includes('admin'),
  };
}

/** Resolves the bearer caller; expired/blacklisted → the configured status (406 or 401), never 403. */
export function authenticateBearer(
  header: string | undefined,
  ctx: { sessions: Sessions; store: Store; config: EmulatorConfig },
): EmuUser {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match) throw new EmuError(401, 'IW10005', 'Authentication Failed. Please check your Credentials');
  const { state, claims } = ctx.sessions.check(match[1]!);
  if (state === 'expired') {
    const status = ctx.config.expiredTokenStatus;
    throw new EmuError(
      status,
      status === 406 ? 'IW10031' : 'IW10005',
      'Authentication Failed: token expired or revoked',
      status === 406 ? 'Security Client Errors' : undefined,
    );
  }
  const email = claims && emailOf(claims);
  const doc = email ? userByEmail(ctx.store, email) : undefined;
  if (state !== 'valid' || !doc) {
    throw new EmuError(401, 'IW10005', 'Authentication Failed. Please check your Credentials');
  }
  return toEmuUser(doc);
}
