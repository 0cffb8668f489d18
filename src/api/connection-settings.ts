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
    },
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function present(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
