// The errors a call ends in, as a user reads them: what was asked (method, path, intent), what came
// back, and never a secret (bodies redacted, server details scrubbed of every known secret, then cut).
import {
  ApiError,
  type DpacApiError,
  type HttpMethod,
  IndeterminateWriteError,
  TransportError,
  type TransportFailure,
} from './errors.js';
import { redact, redactText } from './redact.js';
import type { AttemptResult } from './transport.js';

/** What an error names of its call (an OutgoingCall is one). */
export interface CallSubject {
  method: HttpMethod;
  url: string;
  path: string;
  body?: unknown;
  intent?: string;
  sensitiveKeys?: readonly string[];
}

export function indeterminate(call: CallSubject, cause: DpacApiError): IndeterminateWriteError {
  return new IndeterminateWriteError({
    method: call.method,
    path: call.path,
    body: redactedBody(call),
    ...(call.intent ? { intent: call.intent } : {}),
    cause,
  });
}

/** Bytes are shown by their size, never walked (a driver jar is megabytes). */
function redactedBody(call: CallSubject): unknown {
  return call.body instanceof Uint8Array
    ? `(${call.body.length} bytes)`
    : redact(call.body, call.sensitiveKeys);
}

export function errnoSuffix(result: { errno?: string }): string {
  return result.errno ? ` ${result.errno}` : '';
}

export function transportError(
  call: CallSubject,
  failure: TransportFailure,
  errno: string | undefined,
  attempts: number,
  more: { hint?: string } = {},
): TransportError {
  return new TransportError({
    method: call.method,
    path: call.path,
    failure,
    attempts,
    ...more,
    ...(failure === 'connect' ? { host: new URL(call.url).host } : {}),
    ...(errno ? { errno } : {}),
    ...(call.intent ? { intent: call.intent } : {}),
  });
}

/** The error an attempt's result would surface as, with every known secret scrubbed. */
export function failureOf(
  call: CallSubject,
  result: AttemptResult,
  attempts: number,
  secrets: string[],
  hint?: string,
): DpacApiError {
  if (result.kind === 'failure')
    return transportError(call, result.failure, result.errno, attempts, hint ? { hint } : {});
  const body = (result.body ?? {}) as Record<string, unknown>;
  const iwCode = typeof body.iw_code === 'string' ? body.iw_code : undefined;
  const details = describeDetails(
    typeof result.body === 'string' ? result.body : (body.details ?? body.message),
    secrets,
  );
  return new ApiError({
    status: result.status,
    method: call.method,
    path: call.path,
    ...(iwCode ? { iwCode } : {}),
    ...(details ? { details } : {}),
    ...(call.intent ? { intent: call.intent } : {}),
    ...(hint ? { hint } : {}),
  });
}

const MAX_DETAILS = 500;

/** Redacted, then cut: cutting first could leave half a secret that no longer matches. */
function describeDetails(details: unknown, secrets: string[]): string | undefined {
  if (details === undefined || details === null || details === '') return undefined;
  const raw = typeof details === 'string' ? details : JSON.stringify(redact(details));
  const text = redactText(raw, secrets);
  return text.length > MAX_DETAILS ? `${text.slice(0, MAX_DETAILS)}…` : text;
}
