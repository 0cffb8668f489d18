// The client's retry table as data: (method, outcome) → what the client does next. Pure.

import type { HttpMethod, TransportFailure } from './errors.js';

/** What one attempt ended in, seen from the retry table's rows. */
export type Outcome =
  | 'success'
  /** Connect error: the request was provably never sent. */
  | 'connect'
  /** 401 / 406 on an ordinary call: the bearer token expired or was revoked. */
  | 'auth'
  /** 429 / 503: the server asks us to come back later. */
  | 'throttle'
  /** Any other 5xx except 501. */
  | 'server'
  /** Reset or timeout after the request was (or may have been) sent. */
  | 'after-send'
  /** 4xx other than the above, 501, 3xx, TLS failures. */
  | 'fatal'
  /** A failure we cannot place (including cancellation mid-flight): the server may have seen it. */
  | 'unknown';

export type Decision = 'done' | 'retry' | 'remint' | 'indeterminate' | 'fail' | 'gone';

type Column = 'GET' | 'PUT/DELETE' | 'PATCH' | 'POST';

const TABLE: Record<Exclude<Outcome, 'success'>, Record<Column, Decision>> = {
  connect: { GET: 'retry', 'PUT/DELETE': 'retry', PATCH: 'retry', POST: 'retry' },
  auth: { GET: 'remint', 'PUT/DELETE': 'remint', PATCH: 'remint', POST: 'remint' },
  throttle: { GET: 'retry', 'PUT/DELETE': 'retry', PATCH: 'retry', POST: 'retry' },
  // PATCH: "re-read, re-send only if still needed"; POST: "no blind retry". Both are the caller's read-back.
  server: { GET: 'retry', 'PUT/DELETE': 'retry', PATCH: 'indeterminate', POST: 'indeterminate' },
  'after-send': { GET: 'retry', 'PUT/DELETE': 'retry', PATCH: 'indeterminate', POST: 'indeterminate' },
  fatal: { GET: 'fail', 'PUT/DELETE': 'fail', PATCH: 'fail', POST: 'fail' },
  unknown: { GET: 'fail', 'PUT/DELETE': 'fail', PATCH: 'indeterminate', POST: 'indeterminate' },
};

function column(method: HttpMethod): Column {
  switch (method) {
    case 'GET':
      return 'GET';
    case 'PUT':
    case 'DELETE':
      return 'PUT/DELETE';
    case 'PATCH':
      return 'PATCH';
    case 'POST':
      return 'POST';
    default: {
      const never: never = method;
      throw new Error(`unknown method ${String(never)}`);
    }
  }
}

export function outcomeOfStatus(status: number): Outcome {
  if (status >= 200 && status < 300) return 'success';
  if (status === 401 || status === 406) return 'auth';
  if (status === 429 || status === 503) return 'throttle';
  if (status >= 500 && status !== 501) return 'server';
  return 'fatal';
}

export function outcomeOfFailure(failure: TransportFailure): Outcome {
  switch (failure) {
    case 'connect':
      return 'connect';
    case 'reset':
    case 'timeout':
      return 'after-send';
    case 'tls':
      return 'fatal';
    case 'aborted':
    case 'oversize':
    case 'other':
      return 'unknown';
    case 'deadline':
      return 'fatal';
    default: {
      const never: never = failure;
      throw new Error(`unknown failure ${String(never)}`);
    }
  }
}

/** The table's answer; a DELETE answered 404 means the object is already gone, which is what we wanted. */
export function decide(method: HttpMethod, outcome: Outcome, status?: number): Decision {
  if (outcome === 'success') return 'done';
  if (method === 'DELETE' && status === 404) return 'gone';
  return TABLE[outcome][column(method)];
}

/** Attempts per call (first try included): 8 for reads (safe to repeat; see docs/decisions.md), 4 for writes. */
export function maxAttempts(method: HttpMethod): number {
  return method === 'GET' ? 8 : 4;
}

export interface BackoffOptions {
  /** 0 for the first retry. */
  retry: number;
  baseDelayMs: number;
  maxDelayMs: number;
  random: () => number;
}

/** Full jitter: random(0, min(max, base × 2^n)). */
export function backoffDelay(options: BackoffOptions): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** options.retry);
  return Math.floor(options.random() * ceiling);
}

const RETRY_AFTER_CAP_MS = 60_000;

/** `Retry-After` as delta-seconds or an HTTP date, in ms, capped at 60 s; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const trimmed = value.trim();
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(trimmed)) {
    ms = Number(trimmed) * 1000;
  } else {
    const at = Date.parse(trimmed);
    if (Number.isNaN(at)) return undefined;
    ms = at - now;
  }
  return Math.min(RETRY_AFTER_CAP_MS, Math.max(0, Math.round(ms)));
}
