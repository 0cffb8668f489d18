// A tiny real HTTP(S) server on 127.0.0.1:0 that mints JWTs like the v3 API; tests script the other answers.

import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

interface Seen {
  method: string;
  url: string;
  authorization: string;
  body: string;
}

export type Script = (req: Seen, res: ServerResponse, raw: IncomingMessage) => void | Promise<void>;

export interface ScriptedServer {
  /** `http://127.0.0.1:<port>/v3` */
  url: string;
  port: number;
  /** Ordinary calls (not token calls), in arrival order. */
  seen: Seen[];
  /** Token calls: mints and revocations. */
  security: Seen[];
  mints: () => number;
  revoked: Set<string>;
  /** Bearer tokens minted so far, oldest first. */
  tokens: string[];
  /** The bearer of a request is a live token (minted, not revoked, not expired). */
  isLive: (req: Seen) => boolean;
  close: () => Promise<void>;
}

export interface ScriptedServerOptions {
  tokenTtlSeconds?: number;
  /** Answer for the token calls instead of minting (e.g. to echo credentials back in an error). */
  securityScript?: Script;
  tls?: { key: string; cert: string };
  port?: number;
}

export function makeJwt(claims: Record<string, unknown>): string {
  const part = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function apiError(res: ServerResponse, status: number, iwCode: string, details: string): void {
  json(res, status, {
    message: 'Something went wrong',
    details,
    iw_code: iwCode,
    help: `http://help/${iwCode}`,
  });
}

export async function startScriptedServer(
  script: Script,
  options: ScriptedServerOptions = {},
): Promise<ScriptedServer> {
  const seen: Seen[] = [];
  const security: Seen[] = [];
  const revoked = new Set<string>();
  const tokens: string[] = [];
  const expiries = new Map<string, number>();
  const ttl = options.tokenTtlSeconds ?? 900;

  const mint = (res: ServerResponse): void => {
    const iat = Math.floor(Date.now() / 1000);
    const token = makeJwt({ iat, exp: iat + ttl, jti: `t${tokens.length + 1}` });
    tokens.push(token);
    expiries.set(token, Date.now() + ttl * 1000);
    json(res, 200, { message: 'Authentication Success', result: { authentication_token: token } });
  };

  const isLive = (req: Seen): boolean => {
    const token = req.authorization.replace(/^Bearer /, '');
    const expiry = expiries.get(token);
    return expiry !== undefined && expiry > Date.now() && !revoked.has(token);
  };

  const handler = (raw: IncomingMessage, res: ServerResponse): void => {
    const chunks: Buffer[] = [];
    raw.on('data', (chunk: Buffer) => chunks.push(chunk));
    raw.on('end', () => {
      const req: Seen = {
        method: raw.method ?? 'GET',
        url: raw.url ?? '/',
        authorization: String(raw.headers.authorization ?? ''),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      if (req.url.startsWith('/v3/security/')) {
        security.push(req);
        if (options.securityScript) return void options.securityScript(req, res, raw);
        if (req.method === 'DELETE') {
          revoked.add(req.authorization.replace(/^Bearer /, ''));
          return json(res, 200, { message: 'ok', result: 'Token successfully blacklisted' });
        }
        return mint(res);
      }
      seen.push(req);
      Promise.resolve(script(req, res, raw)).catch((error: unknown) => {
        res.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    });
  };

  const server: Server = options.tls ? createHttpsServer(options.tls, handler) : createHttpServer(handler);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}/v3`,
    port,
    seen,
    security,
    mints: () => tokens.length,
    revoked,
    tokens,
    isLive,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port with nothing listening: connecting to it fails before anything is sent. */
export async function freePort(): Promise<number> {
  const probe = createHttpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Records backoff delays instead of waiting. */
export function recordingSleep(): { delays: number[]; sleep: (ms: number) => Promise<void> } {
  const delays: number[] = [];
  return {
    delays,
    sleep: async (ms: number) => {
      delays.push(ms);
    },
  };
}
