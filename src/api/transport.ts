// The wire: base-URL rules (https, or http to loopback), the TLS-aware dispatcher, and one HTTP attempt.

import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { Agent, type Dispatcher } from 'undici';
import { ConnectionConfigError, type HttpMethod, type TransportFailure } from './errors.js';

export interface Endpoint {
  /** `https://host:port` */
  origin: string;
  /** Path prefix of the API without a trailing slash, e.g. `/v3`. */
  basePath: string;
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Parses and checks the base URL: https anywhere, http only to loopback unless `allowHttp`. */
export function parseBaseUrl(baseUrl: string, allowHttp = false): Endpoint {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ConnectionConfigError(
      `The API URL "${baseUrl}" is not a valid URL; set DPAC_URL or --url to e.g. https://host:443/v3`,
    );
  }
  if (url.username || url.password) {
    throw new ConnectionConfigError(
      'The API URL must not contain credentials; use DPAC_REFRESH_TOKEN or DPAC_USERNAME/DPAC_PASSWORD',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConnectionConfigError(`The API URL must start with https:// (got ${url.protocol}//)`);
  }
  if (url.protocol === 'http:' && !allowHttp && !isLoopbackHost(url.hostname)) {
    throw new ConnectionConfigError(
      `Refusing plain http to ${url.hostname}: credentials would cross the network unencrypted. ` +
        'Use https://, or pass --allow-http if you really mean it',
    );
  }
  return { origin: url.origin, basePath: url.pathname.replace(/\/+$/, '') };
}

export interface TlsSettings {
  caFile?: string;
  insecureSkipTlsVerify?: boolean;
}

export const INSECURE_TLS_WARNING =
  'WARNING: TLS certificate verification is OFF (--insecure-skip-tls-verify). Anyone on the network path ' +
  'can impersonate the platform and read the credentials dpac sends. Use --ca-file instead.';

/** Our own Agent: verification on, an extra CA added to (not replacing) the default roots. */
export function createAgent(options: { tls?: TlsSettings; connectMs: number }): Agent {
  const tls = options.tls ?? {};
  let ca: string[] | undefined;
  if (tls.caFile) {
    let pem: string;
    try {
      pem = readFileSync(tls.caFile, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new ConnectionConfigError(`--ca-file ${tls.caFile}: the file cannot be read (${code})`);
    }
    if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
      throw new ConnectionConfigError(
        `--ca-file ${tls.caFile}: the file holds no PEM certificate (a "-----BEGIN CERTIFICATE-----" block)`,
      );
    }
    ca = [...rootCertificates, pem];
  }
  return new Agent({
    connect: {
      timeout: options.connectMs,
      rejectUnauthorized: !tls.insecureSkipTlsVerify,
      ...(ca ? { ca } : {}),
    },
  });
}

export interface AttemptRequest {
  dispatcher: Dispatcher;
  method: HttpMethod;
  /** Absolute URL. */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** Whole-response deadline: headers and the last byte of the body, from the start of the attempt. */
  deadlineMs: number;
  /** Largest body read; past it the attempt fails as `oversize` instead of filling memory. */
  maxBodyBytes: number;
  /** The run's signal: aborting it cuts the attempt. */
  signal?: AbortSignal;
  /** A cut that belongs to this attempt alone (a hedge's): used instead of a new one. */
  cut?: AttemptCut;
}

/**
 * Cuts one attempt (the deadline, a hedge's loser, the run's end). An AbortController per GET was
 * a visible share of a 20,000-GET export; this holds one flag and one listener.
 */
export class AttemptCut {
  aborted = false;
  private listener: (() => void) | undefined;

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    const listener = this.listener;
    this.listener = undefined;
    listener?.();
  }

  /** Runs `listener` once the attempt is cut (at once if it already is); replaces any earlier one. */
  onAbort(listener: (() => void) | undefined): void {
    if (this.aborted) listener?.();
    else this.listener = listener;
  }
}

export type AttemptResult =
  | {
      kind: 'response';
      status: number;
      headers: Record<string, string | string[] | undefined>;
      /** The parsed JSON, or the text as it came when it is not JSON (`json` false). */
      body: unknown;
      json: boolean;
      /** Bytes of the body as received. */
      bytes: number;
    }
  | { kind: 'failure'; failure: TransportFailure; errno?: string };

/** The errno given to an attempt cut by its whole-response deadline. */
const RESPONSE_DEADLINE = 'DPAC_RESPONSE_DEADLINE';

/**
 * One HTTP exchange. Never throws: a missing response is a classified failure. A server that
 * sends headers and then trickles its body is cut at the deadline like one that never answers.
 *
 * Built on the dispatcher's handler API rather than `request()`: no body stream per response,
 * which was about half of the client's CPU per GET (an export makes 20,000 of them).
 */
export function sendAttempt(req: AttemptRequest): Promise<AttemptResult> {
  const cut = req.cut ?? new AttemptCut();
  const { origin, path } = splitUrl(req.url);
  return new Promise((resolve) => {
    let timedOut = false;
    let settled = false;
    let wire: Dispatcher.DispatchController | undefined;
    let status = 0;
    let headers: Record<string, string | string[] | undefined> = {};
    const chunks: Buffer[] = [];
    let size = 0;
    const cancel = (): void => cut.abort();
    const timer = setTimeout(() => {
      // A deadline passing after a cut (a hedge's loser still connecting) is not a timeout.
      timedOut = !cut.aborted;
      cut.abort();
    }, req.deadlineMs);
    const settle = (result: AttemptResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      cut.onAbort(undefined);
      req.signal?.removeEventListener('abort', cancel);
      resolve(result);
    };
    const oversize = (): void => {
      settle({ kind: 'failure', failure: 'oversize' });
      wire?.abort(new Error('the response passed the size limit'));
    };
    // Cutting aborts the exchange on the wire; one not started yet is cut as it starts.
    cut.onAbort(() => wire?.abort(abortError()));
    // A listener removed at the end, not AbortSignal.any: the caller's signal lives for the whole run.
    if (req.signal?.aborted) cut.abort();
    req.signal?.addEventListener('abort', cancel, { once: true });
    req.dispatcher.dispatch(
      {
        origin,
        path,
        method: req.method,
        headers: req.headers,
        body: req.body ?? null,
        headersTimeout: req.deadlineMs,
        bodyTimeout: req.deadlineMs,
      },
      {
        onRequestStart(controller) {
          wire = controller;
          if (cut.aborted) controller.abort(abortError());
        },
        onResponseStart(_controller, statusCode, responseHeaders) {
          status = statusCode;
          headers = responseHeaders;
          const declared = Number(first(responseHeaders['content-length']));
          if (Number.isFinite(declared) && declared > req.maxBodyBytes) oversize();
        },
        onResponseData(_controller, chunk) {
          if (settled) return;
          size += chunk.length;
          if (size <= req.maxBodyBytes) chunks.push(chunk);
          else oversize();
        },
        onResponseEnd() {
          const text =
            chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
          settle({ kind: 'response', status, headers, ...parseBody(text), bytes: size });
        },
        onResponseError(_controller, error) {
          if (timedOut && !req.signal?.aborted)
            settle({ kind: 'failure', failure: 'timeout', errno: RESPONSE_DEADLINE });
          else settle({ kind: 'failure', ...classifyTransportError(error, cut.aborted) });
        },
      },
    );
  });
}

const abortError = (): Error => new DOMException('This operation was aborted', 'AbortError');

/** Characters a URL may hold as they are (RFC 3986, `%` escapes included; no fragment). */
const PLAIN_URL = /^[A-Za-z0-9\-._~:/?[\]@!$&'()*+,;=%]*$/;

/**
 * `http://host:port/v3/x?y` → origin and path, as the dispatcher takes them. A URL with other
 * characters (a server's raw `links.next`, say `filter={"name":"a b"}`) is encoded by the WHATWG
 * parser first, as `request()` did: the dispatcher refuses a path with a space in it.
 */
function splitUrl(url: string): { origin: string; path: string } {
  if (!PLAIN_URL.test(url)) {
    const parsed = new URL(url);
    return { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
  }
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  return slash === -1 ? { origin: url, path: '/' } : { origin: url.slice(0, slash), path: url.slice(slash) };
}

const first = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

function parseBody(text: string): { body: unknown; json: boolean } {
  if (text === '') return { body: undefined, json: false };
  try {
    return { body: JSON.parse(text), json: true };
  } catch {
    return { body: text, json: false };
  }
}

const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const RESET_CODES = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'UND_ERR_CLOSED', 'ECONNABORTED']);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);
const TLS_CODE = /^(CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_TLS_|ERR_SSL_|HOSTNAME_MISMATCH)/;

function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const inner = (e as { errors?: unknown[] }).errors?.[0];
    e = inner ?? (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function classifyTransportError(
  error: unknown,
  aborted: boolean,
): { failure: TransportFailure; errno?: string } {
  const errno = errorCode(error);
  if (aborted || (error as { name?: string } | null)?.name === 'AbortError') {
    return { failure: 'aborted' };
  }
  if (errno === undefined) return { failure: 'other' };
  if (CONNECT_CODES.has(errno)) return { failure: 'connect', errno };
  if (RESET_CODES.has(errno)) return { failure: 'reset', errno };
  if (TIMEOUT_CODES.has(errno)) return { failure: 'timeout', errno };
  if (TLS_CODE.test(errno)) return { failure: 'tls', errno };
  return { failure: 'other', errno };
}
