// One logical call: limited attempts decided by the retry table, backoff, budget, one re-mint; errors hold no secret.

import type { Dispatcher } from 'undici';
import { errnoSuffix, failureOf, indeterminate, transportError } from './call-errors.js';
import type { DpacApiError, HttpMethod } from './errors.js';
import { hedgedAttempt } from './hedged-attempt.js';
import type { CallClass, LatencyTracker } from './latency.js';
import { type AdaptiveLimiter, holdSlot } from './limiter.js';
import { checkRead, redirectHint } from './read-answer.js';
import type { ReadBudget } from './read-budget.js';
import { collectSecrets, redactTarget } from './redact.js';
import { encodeBody, type FormFile } from './request-body.js';
import type { RetryBudget } from './retry-budget.js';
import {
  backoffDelay,
  decide,
  maxAttempts,
  outcomeOfFailure,
  outcomeOfStatus,
  parseRetryAfter,
} from './retry-policy.js';
import { type AttemptCut, type AttemptResult, sendAttempt } from './transport.js';

export interface CallStats {
  requests: number;
  retries: number;
  remints: number;
  byMethod: Record<string, number>;
  writes: number;
  /** DELETEs answered 404: the object was already gone, counted as done. */
  deletesAlreadyGone: number;
  /** Second GETs sent because the first had not answered by the observed p99. */
  hedges: number;
  /** Attempts cut by their whole-response deadline. */
  timeouts: number;
}

export interface CallContext {
  dispatcher: Dispatcher;
  budget: RetryBudget;
  stats: CallStats;
  retry: {
    baseDelayMs: number;
    maxDelayMs: number;
    sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
    random: () => number;
  };
  /** Per-attempt deadlines and the hedge delay, from observed latency. */
  latency: LatencyTracker;
  /** Hedge slow GETs (on unless turned off). */
  hedging: boolean;
  maxBodyBytes: number;
  /** Run-wide deadline (epoch ms): no attempt starts after it, none runs past it. */
  deadlineAt?: number;
  /**
   * Deadline of one call across all its attempts and backoffs, from its first attempt (ms): no
   * attempt starts after it, none runs past it (DPAC_REQUEST_TIMEOUT).
   */
  requestTimeoutMs?: number;
  /** The run's read limits: every GET's body counts against them. */
  readBudget?: ReadBudget;
  now: () => number;
  signal?: AbortSignal;
  log?: (line: string) => void;
  /** Secrets known to the client (credentials, tokens), scrubbed from every message. */
  secrets: () => string[];
  userAgent: string;
  /** What the run knows of the server (shared by every call of one client). */
  server: ServerContact;
}

/**
 * Until the server has answered once, a wrong URL is far likelier than a blip: a DNS failure or a
 * refused connection then fails at once, and a 404 says which base URL was probably meant.
 */
interface ServerContact {
  answered: boolean;
  /** Said with a 404 before any answer, when the base path lacks `/v3` (`did you mean …/v3?`). */
  notFoundHint?: string;
}

/** Connect failures that mean "wrong address" on a run's first request, not a passing blip. */
const WRONG_ADDRESS = new Set(['ENOTFOUND', 'ECONNREFUSED']);

interface Authorization {
  header: string;
  /** Generation of the bearer token used; absent for the Basic credentials of token calls. */
  generation?: number;
}

export interface OutgoingCall {
  method: HttpMethod;
  /** Absolute URL. */
  url: string;
  /** Host-relative path without query, for messages: `/v3/sources/66cd…`. */
  path: string;
  body?: unknown;
  /** Send the body's fields as multipart/form-data instead of JSON. */
  form?: boolean;
  /** Files sent as the form's `files` parts. */
  formFiles?: readonly FormFile[];
  /** A 404 fails even on a DELETE (an operation no reference documents: it may not exist). */
  notFoundIsFailure?: boolean;
  intent?: string;
  sensitiveKeys?: readonly string[];
  authorize: () => Promise<Authorization>;
  /** Re-mints after a 401/406; absent for the token calls themselves, whose 401/406 is final. */
  renew?: (generation: number | undefined) => Promise<void>;
  limiter?: AdaptiveLimiter;
  /** Counted as a write in stats (ordinary non-GET calls; not token calls). */
  isWrite: boolean;
  /** A slow GET may get a twin (not token calls: each would mint a token never revoked). */
  hedge?: boolean;
}

export interface CallResult {
  status: number;
  body: unknown;
  /** Bytes of the body as received (0 when nothing was read). */
  bytes: number;
  /** Set when a DELETE found the object already gone (404): the wanted state holds. */
  alreadyGone?: true;
}

export async function sendWithRetries(ctx: CallContext, call: OutgoingCall): Promise<CallResult> {
  const binary = call.body instanceof Uint8Array;
  const { payload: bodyText, contentType } = await encodeBody(call);
  const secrets = (): string[] => [
    ...ctx.secrets(),
    ...(binary ? [] : collectSecrets(call.body, call.sensitiveKeys)),
  ];
  // Redacted only when a log line is written: scrubbing every URL of a 10k-table plan cost 5% of its CPU.
  let redactedPath: string | undefined;
  const logPath = (): string => (redactedPath ??= redactTarget(call.url, secrets()));
  let attempts = 0;
  let retries = 0;
  let replayed = false;
  // 503 is retried like 429, but a server may send it after committing: from then on a POST or
  // PATCH that fails (e.g. "already exists" on the retry) has an unknown outcome, for read-back.
  let mayHaveCommitted = false;
  const final = (failure: DpacApiError): DpacApiError =>
    mayHaveCommitted ? indeterminate(call, failure) : failure;
  // Set at the first attempt: a call queued behind others is not yet late.
  let deadlines: Deadlines = { run: ctx.deadlineAt };
  let lastFailure: AttemptResult | undefined;
  /** Past the run's or this call's deadline: the error to end with (undefined while in time). */
  const expired = (): DpacApiError | undefined => {
    const now = ctx.now();
    if (deadlines.run !== undefined && now >= deadlines.run)
      return final(transportError(call, 'deadline', undefined, attempts));
    if (deadlines.call === undefined || now < deadlines.call) return undefined;
    const hint = `gave up at the request deadline, ${seconds(ctx.requestTimeoutMs)} across all attempts (DPAC_REQUEST_TIMEOUT)`;
    return final(
      lastFailure
        ? failureOf(call, lastFailure, attempts, secrets(), hint)
        : transportError(call, 'timeout', undefined, attempts, { hint }),
    );
  };
  for (;;) {
    const signal = ctx.signal;
    if (signal?.aborted) throw transportError(call, 'aborted', undefined, attempts);
    const late = expired();
    if (late) throw late;
    try {
      await call.limiter?.acquire(signal);
    } catch {
      throw transportError(call, 'aborted', undefined, attempts);
    }
    // The token is taken once a slot is free: a call queued behind others would otherwise carry a
    // token that expired while it waited, and its one replay could meet the same fate.
    let auth: Authorization;
    try {
      auth = await call.authorize();
    } catch (error) {
      call.limiter?.release();
      throw error;
    }
    if (attempts === 0 && ctx.requestTimeoutMs !== undefined)
      deadlines = { ...deadlines, call: ctx.now() + ctx.requestTimeoutMs };
    attempts++;
    countAttempt(ctx.stats, call);
    const startedAt = performance.now();
    const slot = holdSlot(call.limiter, ctx.latency.slowAfter(call.method === 'GET' ? 'read' : 'write'));
    let result: AttemptResult;
    try {
      result = await attempt(ctx, call, headersFor(ctx, auth, contentType), bodyText, deadlines);
    } finally {
      slot.release();
    }
    const status = result.kind === 'response' ? result.status : undefined;
    const firstContact = !ctx.server.answered;
    if (result.kind === 'response') ctx.server.answered = true;
    const outcome =
      result.kind === 'response' ? outcomeOfStatus(result.status) : outcomeOfFailure(result.failure);
    if (outcome === 'throttle') call.limiter?.onThrottled();
    const tookMs = performance.now() - startedAt;
    if (outcome === 'success') call.limiter?.onSuccess(tookMs);
    const elapsed = Math.round(tookMs);
    const decided = decide(call.method, outcome, status);
    // A 404 on an undocumented DELETE may mean the platform has no such operation: not "gone".
    const decision = decided === 'gone' && call.notFoundIsFailure ? 'fail' : decided;
    const what =
      result.kind === 'response' ? String(result.status) : `${result.failure}${errnoSuffix(result)}`;
    ctx.log?.(`${call.method} ${logPath()} ${what} ${elapsed}ms${retries > 0 ? ` retries=${retries}` : ''}`);

    switch (decision) {
      case 'done': {
        if (attempts === 1) ctx.budget.creditFirstTrySuccess();
        const answer = result as Extract<AttemptResult, { kind: 'response' }>;
        if (call.method === 'GET') checkRead(answer, call, ctx.readBudget, secrets);
        return { status: answer.status, body: answer.body, bytes: answer.bytes };
      }
      case 'gone':
        ctx.stats.deletesAlreadyGone++;
        return {
          status: 200,
          body: { message: 'already deleted', result: null },
          bytes: 0,
          alreadyGone: true,
        };
      case 'remint':
        if (!call.renew || replayed) throw failureOf(call, result, attempts, secrets());
        replayed = true;
        await call.renew(auth.generation);
        continue;
      case 'retry': {
        if (firstContact && result.kind === 'failure' && WRONG_ADDRESS.has(result.errno ?? '')) {
          throw transportError(call, result.failure, result.errno, attempts, {
            hint: 'not retried, as the run has had no answer yet: check DPAC_URL, --url or the target url',
          });
        }
        if (status === 503 && (call.method === 'POST' || call.method === 'PATCH')) mayHaveCommitted = true;
        lastFailure = result;
        const failure = failureOf(call, result, attempts, secrets());
        if (attempts - (replayed ? 1 : 0) >= maxAttempts(call.method)) throw final(failure);
        const timedOut = result.kind === 'failure' && result.failure === 'timeout';
        if (!ctx.budget.trySpend(timedOut ? 'timeout' : 'retry')) {
          ctx.log?.(`${call.method} ${logPath()}: retry budget exhausted, not retrying`);
          throw final(failure);
        }
        const retryAfter =
          result.kind === 'response'
            ? parseRetryAfter(headerValue(result.headers['retry-after']))
            : undefined;
        const delay =
          retryAfter ??
          backoffDelay({
            retry: retries,
            baseDelayMs: ctx.retry.baseDelayMs,
            maxDelayMs: ctx.retry.maxDelayMs,
            random: ctx.retry.random,
          });
        retries++;
        ctx.stats.retries++;
        try {
          await ctx.retry.sleep(Math.min(delay, untilDeadline(ctx, deadlines)), signal);
        } catch {
          throw transportError(call, 'aborted', undefined, attempts);
        }
        continue;
      }
      case 'indeterminate':
        throw indeterminate(call, failureOf(call, result, attempts, secrets()));
      case 'fail': {
        const hint =
          result.kind === 'response' && status !== undefined && status >= 300 && status < 400
            ? redirectHint(call.url, result.headers.location, secrets())
            : firstContact && status === 404
              ? ctx.server.notFoundHint
              : undefined;
        throw final(failureOf(call, result, attempts, secrets(), hint));
      }
      default: {
        const never: never = decision;
        throw new Error(`unhandled decision ${String(never)}`);
      }
    }
  }
}

/** The run's deadline and, once it has started, the call's own (epoch ms). */
interface Deadlines {
  run?: number | undefined;
  call?: number | undefined;
}

/**
 * One attempt under its whole-response deadline; a GET is hedged once it outlives the observed p99.
 * The twin ends when the first would: hedging never stretches an attempt past its deadline.
 */
async function attempt(
  ctx: CallContext,
  call: OutgoingCall,
  headers: Record<string, string>,
  bodyText: string | Uint8Array | undefined,
  deadlines: Deadlines,
): Promise<AttemptResult> {
  const kind: CallClass = call.method === 'GET' ? 'read' : 'write';
  const deadlineMs = Math.max(1, Math.min(ctx.latency.attemptDeadline(kind), untilDeadline(ctx, deadlines)));
  const attemptStart = performance.now();
  // A hedged attempt is stopped through its own cut (the hedge listens to the run's signal).
  const send = async (stop: { signal?: AbortSignal; cut?: AttemptCut }): Promise<AttemptResult> => {
    const startedAt = performance.now();
    const result = await sendAttempt({
      dispatcher: ctx.dispatcher,
      method: call.method,
      url: call.url,
      headers,
      ...(bodyText === undefined ? {} : { body: bodyText }),
      deadlineMs: Math.max(1, Math.round(deadlineMs - (startedAt - attemptStart))),
      maxBodyBytes: ctx.maxBodyBytes,
      ...stop,
    });
    const timedOut = result.kind === 'failure' && result.failure === 'timeout';
    if (timedOut) ctx.stats.timeouts++;
    if (result.kind === 'response' || timedOut) ctx.latency.record(kind, performance.now() - startedAt);
    return result;
  };
  if (call.method !== 'GET' || !ctx.hedging || !call.hedge)
    return send(ctx.signal ? { signal: ctx.signal } : {});
  const hedge = await hedgedAttempt({
    send: (cut) => send({ cut }),
    hedgeAfterMs: ctx.latency.slowAfter('read'),
    ...(ctx.signal ? { signal: ctx.signal } : {}),
    mayHedge: () => ctx.budget.trySpend('hedge'),
  });
  if (hedge.hedged) {
    ctx.stats.hedges++;
    countAttempt(ctx.stats, call);
  }
  return hedge.result;
}

function untilDeadline(ctx: CallContext, deadlines: Deadlines): number {
  const at = Math.min(deadlines.run ?? Number.POSITIVE_INFINITY, deadlines.call ?? Number.POSITIVE_INFINITY);
  return at === Number.POSITIVE_INFINITY ? at : Math.max(0, at - ctx.now());
}

const seconds = (ms: number | undefined): string => `${Math.round((ms ?? 0) / 100) / 10} s`;

function headersFor(
  ctx: CallContext,
  auth: Authorization,
  contentType: string | undefined,
): Record<string, string> {
  return {
    accept: 'application/json',
    authorization: auth.header,
    'user-agent': ctx.userAgent,
    ...(contentType ? { 'content-type': contentType } : {}),
  };
}

function countAttempt(stats: CallStats, call: OutgoingCall): void {
  stats.requests++;
  stats.byMethod[call.method] = (stats.byMethod[call.method] ?? 0) + 1;
  if (call.isWrite) stats.writes++;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
