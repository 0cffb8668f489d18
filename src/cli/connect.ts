// Connection flags shared by the commands that talk to the API, and opening the library's
// connection from them: a bad URL, missing or unbound credentials, a bad CA file are printed and
// end the command (exit 1).
import type { Command } from 'commander';
import { ConnectionConfigError } from '../api/index.js';
import { type Connection, connect as openConnection } from '../library.js';
import type { ProjectConfig } from '../manifest/project-config.js';
import type { CliIo } from './io.js';

export interface ConnectFlags {
  url?: string;
  target?: string;
  parallelism?: number;
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

/** The connection, or undefined after printing why there is none. */
export function connect(
  io: CliIo,
  flags: ConnectFlags,
  project: ProjectConfig,
  options: { readOnly?: boolean; secrets?: readonly string[] } = {},
): Connection | undefined {
  try {
    const connection = openConnection({
      url: flags.url,
      target: flags.target,
      project,
      env: io.env,
      readOnly: options.readOnly,
      parallelism: flags.parallelism,
      caFile: flags.caFile,
      insecureSkipTlsVerify: flags.insecureSkipTlsVerify,
      allowHttp: flags.allowHttp,
      ...(options.secrets?.length ? { secrets: options.secrets } : {}),
      ...(flags.verbose ? { log: (line: string) => io.err(line) } : {}),
    });
    for (const warning of connection.client.connectionWarnings()) io.err(`Warning: ${warning}`);
    return connection;
  } catch (error) {
    if (!(error instanceof ConnectionConfigError)) throw error;
    io.err(`Error: ${error.message}`);
    return undefined;
  }
}
