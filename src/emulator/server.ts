// startEmulator(): the v3 API emulator on a real loopback HTTP server, with test instruments.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EmulatorConfig, EmuResult, JournalEntry, Revision } from './app.js';
import { ADMIN_EMAIL, ADMIN_ID, ADMIN_PASSWORD, ADMIN_REFRESH_TOKEN, Sessions } from './auth.js';
import { parseBody } from './body.js';
import type { RequestFacts } from './contract/conformance.js';
import { screenRequest } from './contract/refusal.js';
import { EmuError } from './errors.js';
import { Faults } from './faults.js';
import { handleInstrument } from './instruments.js';
import { Journal } from './journal.js';
import { loadState, type PersistedState, StateFile, saveState } from './persistence.js';
import { parseQuery } from './query.js';
import { fail, failFrom } from './respond.js';
import { Router } from './router.js';
import { registerRoutes } from './routes/index.js';
import { ensureAdmin, seedDemo } from './seed.js';
import { Store } from './store.js';

export interface EmulatorOptions {
  host?: string;
  /** 0 picks a free port. Default 3001. */
  port?: number;
  /** Atomic write-through state file, reloaded on start. */
  dataFile?: string;
  latencyMs?: number;
  /** Fault spec, see faults.ts (e.g. "5xx=0.2,reset=0.05,hang=0.02,429=0.03,seed=7"). */
  faults?: string;
  seed?: 'demo';
  tokenTtlSeconds?: number;
  revision?: Revision;
  expiredTokenStatus?: 401 | 406;
  quiet?: boolean;
  /** Injectable clock (tests). */
  now?: () => Date;
  /**
   * Hold every /v3 request to the references (contract, seed, vendor SDK; see contract/): what
   * they do not document is refused — 405, 415, or 400 naming the parameter or field. Default
   * true; false accepts it as the platform might (the conformance test counts it instead).
   */
  strict?: boolean;
  /**
   * Serve the operations no reference documents (DELETE of environment storages, compute templates
   * and interactive clusters) instead of answering 405, as a platform that has them would.
   */
  allowUndocumented?: boolean;
  /** Keep every /v3 request (method, path, query, content type, parsed body) for requests(). */
  recordRequests?: boolean;
}

export interface RunningEmulator {
  /** http://host:port/v3 */
  url: string;
  /** http://host:port */
  baseUrl: string;
  port: number;
  close(): Promise<void>;
  journal(since?: number): JournalEntry[];
  /** Empties the store at once; settles once that is saved (with `data`), like any other write. */
  reset(): Promise<void>;
  setFaults(spec: string): void;
  /** Every /v3 request received, in order (with `recordRequests`; empty otherwise). */
  requests(): RequestFacts[];
  /** Test instrument: every access token minted (emulator-clock ms) and how many expired ones were refused. */
  tokenLog(): { mints: Array<{ at: number; exp: number }>; expiredRefused: number };
  store: Store;
  config: EmulatorConfig;
  adminEmail: string;
  adminPassword: string;
  adminRefreshToken: string;
}

const MAX_BODY = 32 * 1024 * 1024;

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const now = options.now ?? (() => new Date());
  const config: EmulatorConfig = {
    tokenTtlSeconds: options.tokenTtlSeconds ?? 900,
    revision: options.revision ?? 'current',
    expiredTokenStatus: options.expiredTokenStatus ?? 406,
    jwtSecret: randomBytes(32).toString('hex'),
  };
  const store = new Store(now);
  const journal = new Journal();
  const sessions = new Sessions(config, now);
  const faults = new Faults(options.faults);
  const allowUndocumented = options.allowUndocumented ?? false;
  const router = new Router({
    store,
    sessions,
    journal,
    config,
    now,
    ...((options.strict ?? true)
      ? { screen: (facts: RequestFacts) => screenRequest(facts, allowUndocumented) }
      : {}),
  });
  registerRoutes(router.app(), { sessions });

  const state = options.dataFile ? loadState(options.dataFile) : undefined;
  if (state) {
    store.load(state.store);
    journal.load(state.journal);
  }
  ensureAdmin(store);
  if (options.seed === 'demo') seedDemo(store);
  // Serialised at once by every save: the stored documents need no copy (writes replace them).
  const snapshot = (): PersistedState => ({ version: 1, store: store.view(), journal: journal.toJSON() });
  if (options.dataFile) saveState(options.dataFile, snapshot());
  const stateFile = options.dataFile ? new StateFile(options.dataFile, snapshot) : undefined;
  const persist = async (): Promise<void> => stateFile?.save();

  const reset = (): Promise<void> => {
    store.clear((collection, doc) => collection === 'users' && doc.id === ADMIN_ID);
    journal.clear();
    sessions.clear();
    ensureAdmin(store);
    return persist();
  };

  const recorded: RequestFacts[] = [];
  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (!options.quiet) process.stderr.write(`emulator: internal error: ${message}\n`);
      if (!res.headersSent) send(res, fail(500, 'IW10002', 'Internal emulator error'));
    });
  });

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const rawPath = q === -1 ? url : url.slice(0, q);
    const query = parseQuery(q === -1 ? '' : url.slice(q + 1));
    const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
    const method = (req.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
    );
    let body: unknown;
    try {
      body = await parseBody(raw, headers['content-type']);
    } catch (error) {
      if (error instanceof EmuError) return send(res, failFrom(error));
      throw error;
    }
    if (path === '/_emulator' || path.startsWith('/_emulator/')) {
      const result = await handleInstrument(
        { method, path, query, body },
        { journal, reset, faults, store, config },
      );
      return send(res, result);
    }
    if (path !== '/v3' && !path.startsWith('/v3/')) {
      return send(res, fail(404, 'IW10001', `No route for ${method} ${path}`, 'Resource not found'));
    }
    const apiPath = path.slice(3) || '/';
    if (options.recordRequests) {
      recorded.push({ method, path: apiPath, query, contentType: headers['content-type'], body });
    }
    const latency = faults.latencyMs ?? options.latencyMs ?? 0;
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
    const fault = faults.decide(method, apiPath);
    const incoming = { method, path: apiPath, query, body, headers };
    switch (fault.kind) {
      case 'none': {
        const result = await router.handle(incoming);
        if (result.committed) await persist();
        return send(res, result);
      }
      case 'hang':
        return; // never answered; close() destroys the socket
      case '429':
        return send(res, {
          ...fail(429, 'IW10002', 'Too many requests (emulated fault)', 'Too Many Requests'),
          headers: { 'retry-after': '1' },
        });
      case '5xx':
      case 'reset': {
        if (fault.afterCommit) {
          const result = await router.handle(incoming, { fault: `${fault.kind}-after` });
          if (result.committed) await persist();
        }
        if (fault.kind === 'reset') {
          req.socket.destroy();
          return;
        }
        const text =
          fault.status === 503 ? 'Service unavailable (emulated fault)' : 'Internal error (emulated fault)';
        return send(res, fail(fault.status, 'IW10002', text));
      }
      default: {
        const never: never = fault;
        throw new Error(`unknown fault ${JSON.stringify(never)}`);
      }
    }
  }

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3001, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url: `${baseUrl}/v3`,
    baseUrl,
    port,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => stateFile?.settled());
      return closing;
    },
    journal: (since) => journal.since(since),
    reset,
    requests: () => [...recorded],
    setFaults: (spec) => faults.set(spec),
    tokenLog: () => ({
      mints: sessions.mints.map((m) => ({ ...m })),
      expiredRefused: sessions.expiredSeen.size,
    }),
    store,
    config,
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    adminRefreshToken: ADMIN_REFRESH_TOKEN,
  };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        req.destroy();
        reject(new Error('request body too large'));
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, result: EmuResult): void {
  const text = JSON.stringify(result.body ?? {});
  res.writeHead(result.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...result.headers,
  });
  res.end(text);
}
