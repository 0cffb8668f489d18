// createClient(): the one door to the v3 API — sessions, retries, limits, paging, read-only mode, redaction.

import { setTimeout as sleepFor } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import { VERSION } from '../version.js';
import { ApiError, type HttpMethod, ReadOnlyViolation } from './errors.js';
import { DEFAULT_LATENCY_POLICY, LatencyTracker } from './latency.js';
import { AdaptiveLimiter } from './limiter.js';
import {
  allItems,
  DEFAULT_MAX_PAGES,
  DEFAULT_PAGE_SIZE,
  type ListOptions,
  listPages,
  normalisePath,
  type QueryValue,
  withQuery,
} from './paging.js';
import { checkListedId } from './platform-id.js';
import { ReadBudget, readLimits } from './read-budget.js';
import { redactText } from './redact.js';
import type { FormFile } from './request-body.js';
import { RetryBudget } from './retry-budget.js';
import { type CallContext, type CallStats, type OutgoingCall, sendWithRetries } from './send-with-retries.js';
import { type Credentials, type RunIdentity, SECURITY_ROUTES, Session } from './session.js';
import {
  createAgent,
  type Endpoint,
  INSECURE_TLS_WARNING,
  parseBaseUrl,
  type TlsSettings,
} from './transport.js';

export interface CreateClientOptions {
  /** e.g. `https://platform.example.com/v3` or `http://127.0.0.1:3001/v3`. */
  baseUrl: string;
  auth: Credentials;
  /** Injected transport (tests, proxies); when given, `tls` and `timeouts.connectMs` are the dispatcher's business. */
  dispatcher?: Dispatcher;
  /**
   * In-flight calls, halved on repeated 429/503. Writes: 4 by default. Reads (idempotent GETs):
   * when given, a fixed limit; by default 16, doubled up to 64 while answers stay within 1.5× the
   * fastest answer of the run (and halved back when they pass 3×), so a distant server's round
   * trips are hidden and a server that starts to queue is not pressed.
   */
  concurrency?: { reads?: number; writes?: number };

  /**
   * Per attempt: connect (10 s), and the whole response — headers and body — of a read (30 s) or a
   * write (60 s). These are ceilings: the deadline adapts to observed latency (10 × p95, at least
   * `floorMs`, 5 s), and a GET slower than the observed p99 (at least `hedgeFloorMs`, 500 ms) gets
   * a second, hedged GET unless `hedging` is false.
   */
  timeouts?: {
    connectMs?: number;
    readMs?: number;
    writeMs?: number;
    floorMs?: number;
    hedgeFloorMs?: number;
    hedging?: boolean;
  };
  /** Run-wide deadline in ms from creation: no attempt starts after it, none runs past it. */
  runTimeoutMs?: number;
  /**
   * Deadline of one call across all its attempts and backoffs, from its first attempt (90 s):
   * a server that drips its answers fails the call in bounded time, token calls included.
   */
  requestTimeoutMs?: number;
  limits?: {
    /** Largest response body read (64 MiB); past it the call fails. */
    maxResponseBytes?: number;
    /** Pages read from one list before it fails as endless (2,000). */
    maxPagesPerList?: number;
    /** Items of one list (100,000); all lists of the run together: ten times as many. */
    maxListItems?: number;
    /** Bytes read by all GETs of the run (1 GiB); one list: a quarter of it. */
    maxReadBytes?: number;
  };
  retry?: {
    budget?: number;
    baseDelayMs?: number;
    maxDelayMs?: number;
    sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
    random?: () => number;
  };
  /** Refuse every non-GET call except token calls, before sending (drift). */
  readOnly?: boolean;
  signal?: AbortSignal;
  /** Verbose trace, one line per attempt: `METHOD path status ms [retries=n]`, redacted. */
  log?: (line: string) => void;
  tls?: TlsSettings;
  /** Allow plain http to a non-loopback host. */
  allowHttp?: boolean;
  /** More values to scrub from every message, e.g. the manifests' secret variables. */
  secrets?: readonly string[];
}

interface ApiRequest {
  method: HttpMethod;
  /** Relative to the base URL; may include a query. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** What dpac is doing, e.g. `create Source/sales_db`; restated in errors. */
  intent?: string;
  /** Body keys to redact besides the usual password/token/secret family. */
  sensitiveKeys?: string[];
  /** Send the body's fields as multipart/form-data (the operation's documented content type). */
  contentType?: 'multipart/form-data';
  /** With `contentType`: files sent as the form's `files` parts. */
  files?: readonly FormFile[];
  /**
   * The operation is one no reference documents: a 404 on a DELETE is not taken for "already
   * gone" (it may mean the platform has no such operation), it fails like any other 404.
   */
  undocumented?: boolean;
}

interface ApiResponse<T> {
  status: number;
  body: T;
  /** Bytes of the body as received. */
  bytes: number;
  /** A DELETE found the object already gone (404); the wanted state holds. */
  alreadyGone?: true;
}

interface ClientStats extends CallStats {
  /** Tokens minted, the first login included (`remints` excludes it). */
  mints: number;
  /** Bytes of response bodies read by GETs (what DPAC_MAX_READ_MB bounds). */
  readBytes: number;
  retryBudgetLeft: number;
  /** The limits now; `peakReads` is the highest the read limit reached in the run. */
  concurrency: { reads: number; writes: number; peakReads: number };
}

export interface ApiClient {
  request<T = unknown>(req: ApiRequest): Promise<ApiResponse<T>>;
  get<T = unknown>(path: string, query?: Record<string, QueryValue>, intent?: string): Promise<T>;
  /** A list page by page (a page is handled whole: an item at a time cost an await per item). */
  pages(path: string, options?: ListOptions): AsyncIterable<Record<string, unknown>[]>;
  listAll(path: string, options?: ListOptions): Promise<Record<string, unknown>[]>;
  stats(): ClientStats;
  /** The user the run signs in as, as the token call told (empty before the first call). */
  identity(): RunIdentity;
  /** Warnings the CLI prints on every run (e.g. TLS verification off). */
  connectionWarnings(): string[];
  /** `text` from a server answer with every secret this client knows scrubbed, for a message. */
  scrub(text: string): string;
  /** The id of an item a list answered, or an ApiError when it is not a platform id (checkListedId). */
  listedId(value: unknown, where: { path: string; item: string; intent?: string }): string;
  /** Revokes the token this client minted, then closes the dispatcher it created. */
  close(): Promise<void>;
}

const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
const DEFAULT_REQUEST_TIMEOUT_MS = 90_000;
/** Reads start at `reads` and may grow to `readsCeiling` with latency; writes stay at `writes`. */
export const DEFAULT_CONCURRENCY = { reads: 16, readsCeiling: 64, writes: 4 } as const;

const defaultSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  sleepFor(ms, undefined, signal ? { signal } : {});

export function createClient(options: CreateClientOptions): ApiClient {
  const endpoint = parseBaseUrl(options.baseUrl, options.allowHttp);
  const warnings = options.tls?.insecureSkipTlsVerify ? [INSECURE_TLS_WARNING] : [];
  for (const warning of warnings) options.log?.(warning);
  const ownDispatcher = options.dispatcher
    ? undefined
    : createAgent({
        connectMs: options.timeouts?.connectMs ?? 10_000,
        ...(options.tls ? { tls: options.tls } : {}),
      });
  const dispatcher = options.dispatcher ?? (ownDispatcher as Dispatcher);
  const stats: CallStats = {
    requests: 0,
    retries: 0,
    remints: 0,
    byMethod: {},
    writes: 0,
    deletesAlreadyGone: 0,
    hedges: 0,
    timeouts: 0,
  };
  const budget = new RetryBudget({ start: options.retry?.budget ?? 500 });
  const readBudget = new ReadBudget(
    readLimits({
      ...(options.limits?.maxListItems === undefined ? {} : { maxListItems: options.limits.maxListItems }),
      ...(options.limits?.maxReadBytes === undefined ? {} : { maxReadBytes: options.limits.maxReadBytes }),
    }),
  );
  const limiters = {
    reads: new AdaptiveLimiter(
      options.concurrency?.reads === undefined
        ? { max: DEFAULT_CONCURRENCY.reads, ceiling: DEFAULT_CONCURRENCY.readsCeiling }
        : { max: options.concurrency.reads },
    ),
    writes: new AdaptiveLimiter({ max: options.concurrency?.writes ?? DEFAULT_CONCURRENCY.writes }),
  };
  const urlOf = (hostRelative: string): string => `${endpoint.origin}${hostRelative}`;
  const pathOnly = (hostRelative: string): string => hostRelative.split('?')[0] ?? hostRelative;

  const ctx: CallContext = {
    dispatcher,
    budget,
    stats,
    retry: {
      baseDelayMs: options.retry?.baseDelayMs ?? 500,
      maxDelayMs: options.retry?.maxDelayMs ?? 20_000,
      sleep: options.retry?.sleep ?? defaultSleep,
      random: options.retry?.random ?? Math.random,
    },
    latency: new LatencyTracker({
      ...DEFAULT_LATENCY_POLICY,
      ...(options.timeouts?.floorMs === undefined ? {} : { floorMs: options.timeouts.floorMs }),
      ...(options.timeouts?.hedgeFloorMs === undefined
        ? {}
        : { hedgeFloorMs: options.timeouts.hedgeFloorMs }),
      ceilingMs: { read: options.timeouts?.readMs ?? 30_000, write: options.timeouts?.writeMs ?? 60_000 },
    }),
    hedging: options.timeouts?.hedging ?? true,
    maxBodyBytes: options.limits?.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    ...(options.runTimeoutMs === undefined ? {} : { deadlineAt: Date.now() + options.runTimeoutMs }),
    requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    readBudget,
    now: Date.now,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.log ? { log: options.log } : {}),
    secrets: () => [...session.secretValues(), ...(options.secrets ?? [])],
    userAgent: `dpac/${VERSION}`,
    server: { answered: false, ...notFoundHint(endpoint) },
  };

  const session: Session = new Session({
    credentials: options.auth,
    basePath: endpoint.basePath,
    requestToken: async (req) => {
      const target = withQuery(`${endpoint.basePath}${req.path}`, req.query);
      const result = await sendWithRetries(ctx, {
        method: 'GET',
        url: urlOf(target),
        path: pathOnly(target),
        intent: req.intent,
        authorize: async () => ({ header: req.authorization }),
        isWrite: false,
      });
      return result.body;
    },
  });

  const ordinaryCall = (req: ApiRequest, hostRelative: string): OutgoingCall => ({
    method: req.method,
    url: urlOf(hostRelative),
    path: pathOnly(hostRelative),
    ...(req.body === undefined ? {} : { body: req.body }),
    ...(req.contentType === 'multipart/form-data' ? { form: true } : {}),
    ...(req.files ? { formFiles: req.files } : {}),
    ...(req.undocumented ? { notFoundIsFailure: true } : {}),
    ...(req.intent ? { intent: req.intent } : {}),
    ...(req.sensitiveKeys ? { sensitiveKeys: req.sensitiveKeys } : {}),
    authorize: async () => {
      const bearer = await session.bearer();
      return { header: `Bearer ${bearer.token}`, generation: bearer.generation };
    },
    renew: (generation) => session.renewAfterRejection(generation ?? 0),
    limiter: req.method === 'GET' ? limiters.reads : limiters.writes,
    isWrite: req.method !== 'GET',
    hedge: req.method === 'GET',
  });

  const send = async <T>(req: ApiRequest, hostRelative: string): Promise<ApiResponse<T>> => {
    if (options.readOnly && req.method !== 'GET') {
      throw new ReadOnlyViolation({
        method: req.method,
        path: pathOnly(hostRelative),
        ...(req.intent ? { intent: req.intent } : {}),
      });
    }
    const result = await sendWithRetries(ctx, ordinaryCall(req, hostRelative));
    return result as ApiResponse<T>;
  };

  const client: ApiClient = {
    request: <T>(req: ApiRequest) =>
      send<T>(req, withQuery(`${endpoint.basePath}${normalisePath(req.path)}`, req.query)),
    async get<T>(path: string, query?: Record<string, QueryValue>, intent?: string): Promise<T> {
      const response = await client.request<T>({
        method: 'GET',
        path,
        ...(query ? { query } : {}),
        ...(intent ? { intent } : {}),
      });
      // Every v3 read answers `{message, result}`: anything else is not what was asked for.
      const body = response.body as Record<string, unknown>;
      if (!('result' in body)) {
        throw new ApiError({
          status: response.status,
          method: 'GET',
          path: `${endpoint.basePath}${normalisePath(path)}`,
          details: `not the v3 API's envelope: JSON without "result" (${describeKeys(body)})`,
          ...(intent ? { intent } : {}),
        });
      }
      return response.body;
    },
    pages(path: string, listOptions: ListOptions = {}): AsyncIterable<Record<string, unknown>[]> {
      return listPages(
        {
          basePath: endpoint.basePath,
          getHostRelative: (target, intent) =>
            send({ method: 'GET', path: target, ...(intent ? { intent } : {}) }, target),
          budget: readBudget,
        },
        path,
        {
          pageSize: DEFAULT_PAGE_SIZE,
          maxPages: options.limits?.maxPagesPerList ?? DEFAULT_MAX_PAGES,
          ...listOptions,
        },
      );
    },
    listAll: (path: string, listOptions?: ListOptions): Promise<Record<string, unknown>[]> =>
      allItems(client.pages(path, listOptions)),
    stats: () => ({
      ...stats,
      byMethod: { ...stats.byMethod },
      remints: Math.max(0, session.mints() - 1),
      mints: session.mints(),
      readBytes: readBudget.bytesRead(),
      retryBudgetLeft: budget.remaining(),
      concurrency: {
        reads: limiters.reads.currentLimit(),
        writes: limiters.writes.currentLimit(),
        peakReads: limiters.reads.peakLimit(),
      },
    }),
    identity: () => session.identity(),
    connectionWarnings: () => [...warnings],
    scrub: (text) => redactText(text, ctx.secrets()),
    listedId: (value, where) =>
      checkListedId(value, { ...where, scrub: (text) => redactText(text, ctx.secrets()) }),
    close: once(async () => {
      const token = session.takeTokenForRevocation();
      if (token !== undefined) {
        const target = `${endpoint.basePath}${SECURITY_ROUTES.revokeToken.path}`;
        try {
          await sendWithRetries(ctx, {
            method: SECURITY_ROUTES.revokeToken.method,
            url: urlOf(target),
            path: target,
            intent: 'revoke the access token',
            authorize: async () => ({ header: `Bearer ${token}` }),
            isWrite: false,
          });
        } catch (error) {
          // Revocation is hygiene: the token expires on its own, so a failure must not fail the run.
          options.log?.(`could not revoke the access token: ${(error as Error).message}`);
        }
      }
      await ownDispatcher?.close();
    }),
  };
  return client;
}

/** `keys: a, b, c` of a server's object, cut (they are the server's words, not ours). */
function describeKeys(body: Record<string, unknown>): string {
  const keys = Object.keys(body);
  if (keys.length === 0) return 'an empty object';
  const shown = keys.slice(0, 5).map((k) => JSON.stringify(k.length > 30 ? `${k.slice(0, 30)}…` : k));
  return `keys ${shown.join(', ')}${keys.length > 5 ? ', …' : ''}`;
}

/** A base path without `/v3` answered 404 most likely means the `/v3` was left out of the URL. */
function notFoundHint(endpoint: Endpoint): { notFoundHint?: string } {
  if (/(^|\/)v3(\/|$)/.test(endpoint.basePath)) return {};
  return { notFoundHint: `did you mean ${endpoint.origin}${endpoint.basePath}/v3?` };
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => {
    running ??= fn();
    return running;
  };
}
