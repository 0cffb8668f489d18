// Connection settings from the environment (secrets) and flags (URL, TLS): a client config or an error to print.

import type { CreateClientOptions } from './client.js';
import { ConnectionConfigError } from './errors.js';
import { parseBaseUrl } from './transport.js';

export interface ConnectionInput {
  /** `--url`; wins over DPAC_URL. */
  url?: string;
  env: Record<string, string | undefined>;
  caFile?: string;
  insecureSkipTlsVerify?: boolean;
  allowHttp?: boolean;
}

export interface ConnectionResult {
  value?: CreateClientOptions;
  error?: string;
}

/** Secrets come only from the environment: nothing secret is accepted as a command-line flag. */
export function resolveConnection(input: ConnectionInput): ConnectionResult {
  const env = input.env;
  const url = nonEmpty(input.url) ?? nonEmpty(env.DPAC_URL);
  if (!url) {
    return { error: 'No API URL: set DPAC_URL (e.g. https://platform.example.com/v3) or pass --url' };
  }
  try {
    parseBaseUrl(url, input.allowHttp);
  } catch (error) {
    if (error instanceof ConnectionConfigError) return { error: error.message };
    throw error;
  }
  // Secrets are taken verbatim (a password may begin or end with a space); only emptiness is checked.
  const refreshToken = present(env.DPAC_REFRESH_TOKEN);
  const username = nonEmpty(env.DPAC_USERNAME);
  const password = present(env.DPAC_PASSWORD);
  let auth: CreateClientOptions['auth'];
  if (refreshToken) {
    auth = { refreshToken };
  } else if (username && password) {
    auth = { username, password };
  } else if (username || password) {
    const missing = username ? 'DPAC_PASSWORD' : 'DPAC_USERNAME';
    return { error: `Incomplete credentials: ${missing} is not set (or set DPAC_REFRESH_TOKEN instead)` };
  } else {
    return {
      error:
        'No credentials: set DPAC_REFRESH_TOKEN (preferred; works with SSO) or DPAC_USERNAME and DPAC_PASSWORD',
    };
  }
  const limits = readLimits(env);
  if (typeof limits === 'string') return { error: limits };
  const tls = {
    ...(input.caFile ? { caFile: input.caFile } : {}),
    ...(input.insecureSkipTlsVerify ? { insecureSkipTlsVerify: true } : {}),
  };
  return {
    value: {
      baseUrl: url,
      auth,
      ...(Object.keys(tls).length > 0 ? { tls } : {}),
      ...(input.allowHttp ? { allowHttp: true } : {}),
      ...limits,
    },
  };
}

type Limits = Pick<CreateClientOptions, 'runTimeoutMs' | 'requestTimeoutMs' | 'limits'>;

/**
 * DPAC_TIMEOUT (run-wide deadline), DPAC_REQUEST_TIMEOUT (one call across its retries) and the
 * caps DPAC_MAX_RESPONSE_MB, DPAC_MAX_PAGES, DPAC_MAX_LIST_ITEMS and DPAC_MAX_READ_MB, or what is
 * wrong with one.
 */
function readLimits(env: Record<string, string | undefined>): Limits | string {
  const out: Limits = {};
  for (const [name, key, fallback] of [
    ['DPAC_TIMEOUT', 'runTimeoutMs', 'none'],
    ['DPAC_REQUEST_TIMEOUT', 'requestTimeoutMs', '90s'],
  ] as const) {
    const text = nonEmpty(env[name]);
    if (text === undefined) continue;
    const ms = parseDuration(text);
    if (ms === undefined) {
      return `${name}="${text}" is not a duration; write e.g. 90s, 30m or 2h (a bare number is seconds; default ${fallback})`;
    }
    out[key] = ms;
  }
  const limits: NonNullable<Limits['limits']> = {};
  for (const cap of CAPS) {
    const text = nonEmpty(env[cap.name]);
    if (text === undefined) continue;
    const value = Number(text);
    if (!Number.isFinite(value) || value <= 0 || (cap.whole && !Number.isInteger(value))) {
      return `${cap.name}="${text}" is not ${cap.whole ? 'a whole number of at least 1' : `a positive number of ${cap.unit}`} (default ${cap.fallback})`;
    }
    limits[cap.key] = Math.round(value * cap.scale);
  }
  if (Object.keys(limits).length > 0) out.limits = limits;
  return out;
}

const MIB = 1024 * 1024;
const CAPS = [
  {
    name: 'DPAC_MAX_RESPONSE_MB',
    key: 'maxResponseBytes',
    scale: MIB,
    whole: false,
    unit: 'mebibytes',
    fallback: '64',
  },
  { name: 'DPAC_MAX_PAGES', key: 'maxPagesPerList', scale: 1, whole: true, unit: 'pages', fallback: '2000' },
  {
    name: 'DPAC_MAX_LIST_ITEMS',
    key: 'maxListItems',
    scale: 1,
    whole: true,
    unit: 'items',
    fallback: '100000',
  },
  {
    name: 'DPAC_MAX_READ_MB',
    key: 'maxReadBytes',
    scale: MIB,
    whole: false,
    unit: 'mebibytes',
    fallback: '1024',
  },
] as const;

const UNIT_MS: Record<string, number> = { '': 1000, s: 1000, m: 60_000, h: 3_600_000 };

/** `90`, `90s`, `30m`, `1.5h` → ms; undefined when unreadable or not positive. */
function parseDuration(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*([smh]?)$/i.exec(text.trim());
  if (!match) return undefined;
  const ms = Number(match[1]) * (UNIT_MS[(match[2] ?? '').toLowerCase()] ?? 1000);
  return ms > 0 ? Math.round(ms) : undefined;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function present(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
