// The client's failures: one base class, a discriminating `code`, messages that restate intent and hold no secret.

export type DpacApiErrorCode =
  | 'api'
  | 'indeterminate'
  | 'read-only'
  | 'transport'
  | 'config'
  | 'paging'
  | 'read-limit';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How an attempt failed below HTTP. `connect` is the only kind proven to happen before anything was
 * sent; `deadline` (the run-wide deadline had passed) is the only one where nothing was attempted;
 * `oversize` is a response whose body passed the size cap (the server did answer).
 */
export type TransportFailure =
  | 'connect'
  | 'reset'
  | 'timeout'
  | 'tls'
  | 'aborted'
  | 'oversize'
  | 'deadline'
  | 'other';

export abstract class DpacApiError extends Error {
  abstract readonly code: DpacApiErrorCode;
}

/** `Could not <intent>: ` or '' — every API message starts by restating what dpac was doing. */
function intentPrefix(intent: string | undefined): string {
  return intent ? `Could not ${intent}: ` : '';
}

export interface ApiErrorInit {
  status: number;
  method: HttpMethod;
  /** Host-relative path, e.g. `/v3/sources/66cd…` (no query). */
  path: string;
  iwCode?: string;
  /** Server `details` (already redacted), or its `message` when there are no details. */
  details?: string;
  intent?: string;
  /** What to try, said last (e.g. the base URL likely meant). */
  hint?: string;
}

/** The server answered with a non-2xx status that dpac does not recover from. */
export class ApiError extends DpacApiError {
  readonly code = 'api' as const;
  readonly status: number;
  readonly method: HttpMethod;
  readonly path: string;
  readonly iwCode: string | undefined;
  readonly details: string | undefined;
  readonly intent: string | undefined;

  constructor(init: ApiErrorInit) {
    const code = init.iwCode ? ` ${init.iwCode}` : '';
    const details = init.details ? `: ${init.details}` : '';
    const hint = init.hint ? `; ${init.hint}` : '';
    super(
      `${intentPrefix(init.intent)}${init.method} ${init.path} returned ${init.status}${code}${details}${hint}`,
    );
    this.name = 'ApiError';
    this.status = init.status;
    this.method = init.method;
    this.path = init.path;
    this.iwCode = init.iwCode;
    this.details = init.details;
    this.intent = init.intent;
  }
}

export interface IndeterminateWriteInit {
  method: HttpMethod;
  path: string;
  /** The request body with sensitive fields replaced. */
  body: unknown;
  intent?: string;
  /** What happened: the ApiError (5xx) or TransportError (reset, timeout) of the attempt. */
  cause: DpacApiError;
}

/** A write may or may not have been applied; it was not re-sent. The caller reads back and decides. */
export class IndeterminateWriteError extends DpacApiError {
  readonly code = 'indeterminate' as const;
  readonly method: HttpMethod;
  readonly path: string;
  readonly body: unknown;
  readonly intent: string | undefined;

  constructor(init: IndeterminateWriteInit) {
    const what = init.cause instanceof ApiError ? `returned ${init.cause.status}` : init.cause.message;
    super(
      `${intentPrefix(init.intent)}${init.method} ${init.path} may or may not have been applied (${what}); ` +
        'it was not re-sent, read the resource back to decide',
      { cause: init.cause },
    );
    this.name = 'IndeterminateWriteError';
    this.method = init.method;
    this.path = init.path;
    this.body = init.body;
    this.intent = init.intent;
  }
}

/** A write was attempted by a client made read-only (drift); nothing was sent. */
export class ReadOnlyViolation extends DpacApiError {
  readonly code = 'read-only' as const;
  readonly method: HttpMethod;
  readonly path: string;
  readonly intent: string | undefined;

  constructor(init: { method: HttpMethod; path: string; intent?: string }) {
    const what = init.intent ? `${init.intent} (${init.method} ${init.path})` : `${init.method} ${init.path}`;
    super(`Refused to ${what}: this client is read-only and sends no writes`);
    this.name = 'ReadOnlyViolation';
    this.method = init.method;
    this.path = init.path;
    this.intent = init.intent;
  }
}

export interface TransportErrorInit {
  method: HttpMethod;
  path: string;
  failure: TransportFailure;
  /** Low-level code such as ECONNREFUSED or UND_ERR_HEADERS_TIMEOUT. */
  errno?: string;
  attempts: number;
  intent?: string;
  /** `host:port` the attempt went to: named when the connection itself failed. */
  host?: string;
  /** Said after the cause, e.g. why it was not retried. */
  hint?: string;
}

/** What a connect errno means, in words a pipeline log reader can act on. */
const CONNECT_CAUSE: Record<string, string> = {
  ENOTFOUND: 'the host name does not resolve (DNS)',
  EAI_AGAIN: 'the DNS lookup failed for now',
  ECONNREFUSED: 'the connection was refused (nothing listens on that port)',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
};

const FAILURE_TEXT: Record<TransportFailure, string> = {
  connect: 'could not connect',
  reset: 'the connection was closed before a response',
  timeout: 'no response in time',
  tls: 'the TLS handshake failed',
  aborted: 'the request was cancelled',
  oversize: 'the response was larger than the size cap (DPAC_MAX_RESPONSE_MB)',
  deadline: 'the run-wide deadline (DPAC_TIMEOUT) has passed',
  other: 'the request failed',
};

/** `could not connect to host:443: the host name does not resolve (DNS)`, or the failure's text. */
function describeFailure(init: TransportErrorInit): string {
  if (init.failure !== 'connect') return FAILURE_TEXT[init.failure];
  const cause = init.errno ? CONNECT_CAUSE[init.errno] : undefined;
  return `${FAILURE_TEXT.connect}${init.host ? ` to ${init.host}` : ''}${cause ? `: ${cause}` : ''}`;
}

/** No HTTP response: connect failure, reset, timeout, TLS failure or cancellation. */
export class TransportError extends DpacApiError {
  readonly code = 'transport' as const;
  readonly method: HttpMethod;
  readonly path: string;
  readonly failure: TransportFailure;
  readonly errno: string | undefined;
  readonly attempts: number;
  readonly intent: string | undefined;

  constructor(init: TransportErrorInit) {
    const errno = init.errno ? ` (${init.errno})` : '';
    const attempts = init.attempts > 1 ? ` after ${init.attempts} attempts` : '';
    const hint = init.hint ? `; ${init.hint}` : init.failure === 'tls' ? '; check --ca-file' : '';
    super(
      `${intentPrefix(init.intent)}${init.method} ${init.path} failed: ${describeFailure(init)}${errno}${attempts}${hint}`,
    );
    this.name = 'TransportError';
    this.method = init.method;
    this.path = init.path;
    this.failure = init.failure;
    this.errno = init.errno;
    this.attempts = init.attempts;
    this.intent = init.intent;
  }
}

/** A list whose paging would not end (a loop of links, more items than announced, too many pages). */
export class EndlessListError extends DpacApiError {
  readonly code = 'paging' as const;
  readonly path: string;

  constructor(init: { path: string; why: string; pages: number; intent?: string }) {
    super(
      `${intentPrefix(init.intent)}GET ${init.path}: the list does not end: ${init.why}; stopped after ` +
        `${init.pages} page${init.pages === 1 ? '' : 's'}`,
    );
    this.name = 'EndlessListError';
    this.path = init.path;
  }
}

/** A read passed one of the run's read limits (items or bytes, per list or per run); it stopped there. */
export class ReadLimitError extends DpacApiError {
  readonly code = 'read-limit' as const;
  readonly path: string;

  constructor(init: { path: string; why: string; intent?: string }) {
    super(`${intentPrefix(init.intent)}GET ${init.path}: stopped reading: ${init.why}`);
    this.name = 'ReadLimitError';
    this.path = init.path;
  }
}

/** The connection settings cannot be used (bad URL, plain http to a remote host, unreadable CA file). */
export class ConnectionConfigError extends DpacApiError {
  readonly code = 'config' as const;

  constructor(message: string) {
    super(message);
    this.name = 'ConnectionConfigError';
  }
}
