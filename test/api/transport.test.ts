// URL rules (https, or http to loopback), TLS verification, extra CAs, the insecure switch, read-only
// mode, and how one attempt ends when its deadline and a cut race.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Dispatcher } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ConnectionConfigError,
  createClient,
  INSECURE_TLS_WARNING,
  isLoopbackHost,
  ReadOnlyViolation,
  TransportError,
} from '../../src/api/index.js';
import { AttemptCut, sendAttempt } from '../../src/api/transport.js';
import { json, startScriptedServer } from './helpers/scripted-server.js';

const certFile = fileURLToPath(new URL('./fixtures/loopback-cert.pem', import.meta.url));
const keyFile = fileURLToPath(new URL('./fixtures/loopback-key.pem', import.meta.url));
const tls = { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };

const open: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

describe('base URL rules', () => {
  it.each(['http://platform.example.com/v3', 'http://10.0.0.5:3001/v3', 'http://128.0.0.1/v3'])(
    'refuses plain http to %s',
    (baseUrl) => {
      expect(() => createClient({ baseUrl, auth: { refreshToken: 'rt' } })).toThrow(ConnectionConfigError);
      expect(() => createClient({ baseUrl, auth: { refreshToken: 'rt' } })).toThrow(/--allow-http/);
    },
  );

  it.each([
    'http://127.0.0.1:3001/v3',
    'http://127.8.9.10/v3',
    'http://localhost:3001/v3',
    'http://[::1]:3001/v3',
  ])('allows plain http to loopback %s', async (baseUrl) => {
    const client = createClient({ baseUrl, auth: { refreshToken: 'rt' } });
    await client.close();
  });

  it('allows plain http anywhere with allowHttp', async () => {
    const client = createClient({
      baseUrl: 'http://platform.example.com/v3',
      auth: { refreshToken: 'rt' },
      allowHttp: true,
    });
    await client.close();
  });

  it('refuses a URL with credentials, a bad scheme, or no URL at all', () => {
    for (const baseUrl of ['https://u:p@host/v3', 'ftp://host/v3', 'not a url']) {
      expect(() => createClient({ baseUrl, auth: { refreshToken: 'rt' } })).toThrow(ConnectionConfigError);
    }
  });

  it('knows loopback hosts', () => {
    expect(['localhost', '127.0.0.1', '[::1]', '::1', 'api.localhost'].every(isLoopbackHost)).toBe(true);
    expect(['127.0.0.1.example.com', '10.0.0.1', 'example.com', '::2'].some(isLoopbackHost)).toBe(false);
  });
});

describe('TLS', () => {
  async function httpsServer() {
    const server = await startScriptedServer((_req, res) => json(res, 200, { result: 'ok' }), { tls });
    open.push(server);
    return server;
  }

  it('verifies certificates by default and fails at once on an unknown CA', async () => {
    const server = await httpsServer();
    const client = createClient({
      baseUrl: server.url,
      auth: { refreshToken: 'rt' },
      retry: { sleep: async () => {} },
    });
    open.push(client);
    const error = await client.get('/domains').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).failure).toBe('tls');
    expect((error as TransportError).attempts).toBe(1);
    expect(client.stats().retries).toBe(0);
  });

  it('trusts a CA added with caFile, keeping verification on', async () => {
    const server = await httpsServer();
    const client = createClient({
      baseUrl: server.url,
      auth: { refreshToken: 'rt' },
      tls: { caFile: certFile },
    });
    open.push(client);
    expect(await client.get('/domains')).toEqual({ result: 'ok' });
    expect(client.connectionWarnings()).toEqual([]);
  });

  it('skips verification only when asked, and warns through log and connectionWarnings', async () => {
    const server = await httpsServer();
    const lines: string[] = [];
    const client = createClient({
      baseUrl: server.url,
      auth: { refreshToken: 'rt' },
      tls: { insecureSkipTlsVerify: true },
      log: (line) => lines.push(line),
    });
    open.push(client);
    expect(await client.get('/domains')).toEqual({ result: 'ok' });
    expect(client.connectionWarnings()).toEqual([INSECURE_TLS_WARNING]);
    expect(lines).toContain(INSECURE_TLS_WARNING);
  });

  it('reports an unreadable or non-PEM CA file as a configuration error', () => {
    const make = (caFile: string) => () =>
      createClient({ baseUrl: 'https://h/v3', auth: { refreshToken: 'r' }, tls: { caFile } });
    expect(make('/nonexistent/ca.pem')).toThrow(
      '--ca-file /nonexistent/ca.pem: the file cannot be read (ENOENT)',
    );
    expect(make(fileURLToPath(import.meta.url))).toThrow(/holds no PEM certificate/);
  });
});

describe('read-only mode', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'refuses a %s before sending anything',
    async (method) => {
      const server = await startScriptedServer((_req, res) => json(res, 200, { result: [] }));
      open.push(server);
      const client = createClient({ baseUrl: server.url, auth: { refreshToken: 'rt' }, readOnly: true });
      open.push(client);
      const error = await client
        .request({ method, path: '/domains/d1', body: {}, intent: 'delete Domain/d1' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ReadOnlyViolation);
      expect((error as Error).message).toBe(
        `Refused to delete Domain/d1 (${method} /v3/domains/d1): this client is read-only and sends no writes`,
      );
      expect(server.seen).toHaveLength(0);
      expect(server.security).toHaveLength(0);
    },
  );

  it('still reads, and still revokes its token at close', async () => {
    const server = await startScriptedServer((_req, res) => json(res, 200, { result: [] }));
    open.push(server);
    const client = createClient({ baseUrl: server.url, auth: { refreshToken: 'rt' }, readOnly: true });
    expect(await client.listAll('/domains')).toEqual([]);
    await client.close();
    expect(client.stats().writes).toBe(0);
    expect(server.revoked.size).toBe(1);
  });
});

describe('one attempt', () => {
  /** A dispatcher whose connection takes `connectMs`; an aborted request ends with the abort's reason. */
  function slowToConnect(connectMs: number): Dispatcher {
    const dispatch = (_options: unknown, handler: Dispatcher.DispatchHandler): boolean => {
      setTimeout(() => {
        let aborted = false;
        const controller = {
          abort: (reason: Error) => {
            aborted = true;
            handler.onResponseError?.(controller as never, reason);
          },
        };
        handler.onRequestStart?.(controller as never, {});
        if (!aborted) handler.onResponseError?.(controller as never, new Error('no server here'));
      }, connectMs);
      return true;
    };
    return { dispatch } as unknown as Dispatcher;
  }
  const attempt = (cut?: AttemptCut) =>
    sendAttempt({
      dispatcher: slowToConnect(100),
      method: 'GET',
      url: 'http://127.0.0.1:1/v3/domains',
      headers: {},
      deadlineMs: 50,
      maxBodyBytes: 1024,
      ...(cut ? { cut } : {}),
    });

  it('times out when the deadline passes first', async () => {
    expect(await attempt()).toEqual({ kind: 'failure', failure: 'timeout', errno: 'DPAC_RESPONSE_DEADLINE' });
  });

  it('ends as aborted, not timed out, when cut before its deadline while still connecting', async () => {
    const cut = new AttemptCut();
    setTimeout(() => cut.abort(), 10);
    expect(await attempt(cut)).toEqual({ kind: 'failure', failure: 'aborted' });
  });
});
