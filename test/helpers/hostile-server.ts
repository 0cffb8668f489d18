// A small hostile HTTP server on loopback, scripted per test. In front of an upstream (the
// emulator) it passes every request through unless the script answers it itself, so an attack can
// tamper with one list while the rest of the platform stays real; alone, it mints tokens itself.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { drip } from '../../src/bench/drip.js';

interface HostileRequest {
  method: string;
  /** Path and query as sent, e.g. `/v3/admin/domains?limit=500`. */
  url: string;
  /** The path without the query. */
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

interface Upstream {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The body parsed as JSON (undefined when it is not JSON). */
  json: unknown;
}

interface HostileContext {
  res: ServerResponse;
  /** Sends the request upstream (to `url` instead, when given) and returns its answer, for the script to tamper with. */
  forward(url?: string): Promise<Upstream>;
}

/** Answers a request and returns true, or returns false to let it pass through unchanged. */
export type HostileScript = (req: HostileRequest, ctx: HostileContext) => boolean | Promise<boolean>;

export interface HostileServer {
  /** `http://127.0.0.1:<port>/v3` */
  url: string;
  /** Every request, in arrival order. */
  seen: HostileRequest[];
  close(): Promise<void>;
}

export async function startHostileServer(options: {
  script: HostileScript;
  /** Base URL of the real server behind, e.g. the emulator's `http://127.0.0.1:3001/v3`. */
  upstream?: string;
  /** Let the script see token calls too (by default they are minted or passed through). */
  scriptSecurity?: boolean;
}): Promise<HostileServer> {
  const seen: HostileRequest[] = [];
  const origin = options.upstream ? new URL(options.upstream).origin : undefined;
  const forward = async (req: HostileRequest, url = req.url): Promise<Upstream> => {
    if (!origin) throw new Error('no upstream to forward to');
    const headers: Record<string, string> = {};
    for (const key of ['authorization', 'content-type', 'accept']) {
      const value = req.headers[key];
      if (typeof value === 'string') headers[key] = value;
    }
    const response = await fetch(`${origin}${url}`, {
      method: req.method,
      headers,
      ...(req.body && req.method !== 'GET' ? { body: req.body } : {}),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: { 'content-type': 'application/json' }, text, json };
  };

  const server = createServer((raw, res) => {
    const chunks: Buffer[] = [];
    raw.on('data', (chunk: Buffer) => chunks.push(chunk));
    raw.on('end', () => {
      const url = raw.url ?? '/';
      const req: HostileRequest = {
        method: raw.method ?? 'GET',
        url,
        path: url.split('?')[0] ?? url,
        headers: raw.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(req);
      const ctx: HostileContext = { res, forward: (other) => forward(req, other) };
      void (async () => {
        const security = req.path.startsWith('/v3/security/');
        if ((!security || options.scriptSecurity) && (await options.script(req, ctx))) return;
        if (!origin) return void answerAlone(req, res);
        const upstream = await forward(req);
        sendJson(res, upstream.status, upstream.text);
      })().catch((error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v3`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Without an upstream: tokens for the security calls, 404 for anything the script left alone. */
function answerAlone(req: HostileRequest, res: ServerResponse): void {
  if (req.path.startsWith('/v3/security/')) {
    sendJson(res, 200, { result: { authentication_token: 'hostile-access-token' } });
  } else {
    sendJson(res, 404, { message: 'not scripted', iw_code: 'IW10001' });
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(text);
}

/** Headers at once, then the body one byte every `everyMs` (stops when the client leaves). */
export const trickle = drip;

/**
 * A `{"result": [...]}` list body of about `bytes` bytes, streamed without a content-length and
 * never held in memory; stops writing when the client leaves.
 */
export function hugeList(res: ServerResponse, bytes: number): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  const item = `{"id":"${'0'.repeat(24)}","name":"${'x'.repeat(1000)}"}`;
  let written = 0;
  let first = true;
  res.write('{"result":[');
  const pump = (): void => {
    while (!res.destroyed && written < bytes) {
      const ok = res.write(first ? item : `,${item}`);
      first = false;
      written += item.length + 1;
      if (!ok) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end(']}');
  };
  pump();
}
