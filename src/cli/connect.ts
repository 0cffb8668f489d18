// Connection flags shared by commands that talk to the API, and opening a client from them.
import type { Command } from 'commander';
import { type ApiClient, ConnectionConfigError, createClient, resolveConnection } from '../api/index.js';
import type { CliIo } from './io.js';
import { credentialEnv, type Settings } from './settings.js';

export interface ConnectFlags {
  url?: string;
  caFile?: string;
  insecureSkipTlsVerify?: boolean;
  allowHttp?: boolean;
  verbose?: boolean;
}

export function addConnectOptions(command: Command): Command {
  return command
    .option('--url <url>', 'v3 API base URL (default: the --target url, else $DPAC_URL)')
    .option('--ca-file <file>', 'extra CA certificate(s) to trust, PEM')
    .option('--insecure-skip-tls-verify', 'turn TLS verification off (loud; never in production)')
    .option('--allow-http', 'allow plain http to a non-loopback host')
    .option('-v, --verbose', 'trace every API call (method, path, status, ms, retries; redacted)');
}

export interface OpenedClient {
  client: ApiClient;
  url: string;
}

/**
 * A client for the resolved settings, or undefined after printing why not (credentials come only
 * from the environment). `parallelism` is the client's write limit, so `--parallelism 16` really
 * sends up to 16 writes at once; read-only clients never write.
 */
export function connect(
  io: CliIo,
  flags: ConnectFlags,
  settings: Settings,
  options: { readOnly?: boolean; secrets?: readonly string[] } = {},
): OpenedClient | undefined {
  const resolved = resolveConnection({
    url: settings.url,
    env: credentialEnv(io.env, settings.target),
    caFile: flags.caFile,
    insecureSkipTlsVerify: flags.insecureSkipTlsVerify,
    allowHttp: flags.allowHttp,
  });
  if (!resolved.value) {
    io.err(`Error: ${resolved.error ?? 'cannot connect'}`);
    return undefined;
  }
  let client: ApiClient;
  try {
    client = createClient({
      ...resolved.value,
      ...(options.readOnly ? { readOnly: true } : { concurrency: { writes: settings.parallelism } }),
      ...(options.secrets?.length ? { secrets: options.secrets } : {}),
      ...(flags.verbose ? { log: (line: string) => io.err(line) } : {}),
    });
  } catch (error) {
    // A CA file that cannot be read or holds no certificate is the user's to fix, not a bug.
    if (!(error instanceof ConnectionConfigError)) throw error;
    io.err(`Error: ${error.message}`);
    return undefined;
  }
  for (const warning of client.connectionWarnings()) io.err(`Warning: ${warning}`);
  return { client, url: resolved.value.baseUrl };
}
