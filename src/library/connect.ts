// Opening a connection: which URL (the `url` option — the command line's --url —, else the
// target's in dpac.yaml, else DPAC_URL), which credentials, and the client. Credentials are bound
// to an origin: DPAC_REFRESH_TOKEN (or DPAC_USERNAME/DPAC_PASSWORD) goes only to DPAC_URL's origin,
// and a dpac.yaml target gets only its own (DPAC_<TARGET>_REFRESH_TOKEN…), so a pull request that
// points a target, or the default target, at its own server receives no credential.
import { type ApiClient, ConnectionConfigError, createClient, resolveConnection } from '../api/index.js';
import { DEFAULT_PARALLELISM, defaultProject, type ProjectConfig } from '../manifest/project-config.js';
import { findTarget, targetCredentialPrefix } from '../manifest/targets.js';

type Env = Readonly<Record<string, string | undefined>>;

export interface ConnectOptions {
  /** Base URL of the v3 API (`https://host/v3`), as --url gives it: beats a target's and DPAC_URL. */
  url?: string;
  /** A target of dpac.yaml (its url and its own credentials); default: the project's default_target. */
  target?: string;
  /** dpac.yaml's settings (targets, parallelism, ownership tag); default: none. */
  project?: ProjectConfig;
  /** Where credentials, DPAC_URL and the DPAC_* limits are read. Default: process.env. */
  env?: Env;
  /** Refuse every write (what drift and export use). */
  readOnly?: boolean;
  /** Writes sent at once (apply's parallelism); default: dpac.yaml's, else 4. */
  parallelism?: number;
  /** Extra CA certificates to trust (PEM file). */
  caFile?: string;
  insecureSkipTlsVerify?: boolean;
  /** Allow plain http to a host that is not loopback. */
  allowHttp?: boolean;
  /** Receives a redacted trace line per API call (`-v`). */
  log?: (line: string) => void;
  /** Values scrubbed from every trace and error besides the credentials (the secrets a run sends). */
  secrets?: readonly string[];
}

/** An open client and what it was opened with. Call `client.close()` when done (it revokes its token). */
export interface Connection {
  client: ApiClient;
  url: string;
  /** The dpac.yaml target in force, if any. */
  target?: string;
  /** Calls in flight during apply. */
  parallelism: number;
  /** The tag marking what this project owns (dpac.yaml's, else the default). */
  ownershipTag: string;
}

/** Opens a client, or throws ConnectionConfigError saying what to set (nothing was sent). */
export function connect(options: ConnectOptions = {}): Connection {
  const env = options.env ?? process.env;
  const project = options.project ?? defaultProject();
  const target = options.target ?? project.default_target;
  const found = target === undefined ? undefined : findTarget(project, target);
  if (found?.diagnostic)
    throw new ConnectionConfigError(`${found.diagnostic.summary} ${found.diagnostic.detail ?? ''}`.trim());
  const chosen = chooseUrl(options.url, found?.target?.url, env);
  const credentials = credentialsFor(chosen, target, env);
  const resolved = resolveConnection({
    url: chosen?.url,
    env: credentials,
    caFile: options.caFile,
    insecureSkipTlsVerify: options.insecureSkipTlsVerify,
    allowHttp: options.allowHttp,
  });
  if (!resolved.value) throw new ConnectionConfigError(resolved.error ?? 'cannot connect');
  const parallelism = options.parallelism ?? project.parallelism ?? DEFAULT_PARALLELISM;
  const client = createClient({
    ...resolved.value,
    ...(options.readOnly ? { readOnly: true } : { concurrency: { writes: parallelism } }),
    ...(options.secrets?.length ? { secrets: options.secrets } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  return {
    client,
    url: resolved.value.baseUrl,
    ...(target === undefined ? {} : { target }),
    parallelism,
    ownershipTag: project.ownership_tag,
  };
}

interface ChosenUrl {
  url: string;
  from: 'option' | 'target' | 'env';
}

function chooseUrl(
  option: string | undefined,
  targetUrl: string | undefined,
  env: Env,
): ChosenUrl | undefined {
  if (nonEmpty(option)) return { url: nonEmpty(option) as string, from: 'option' };
  if (nonEmpty(targetUrl)) return { url: nonEmpty(targetUrl) as string, from: 'target' };
  const fromEnv = nonEmpty(env.DPAC_URL);
  return fromEnv ? { url: fromEnv, from: 'env' } : undefined;
}

const CREDENTIALS = ['REFRESH_TOKEN', 'USERNAME', 'PASSWORD'] as const;

/**
 * The environment the client takes its credentials from (DPAC_REFRESH_TOKEN, or DPAC_USERNAME and
 * DPAC_PASSWORD). A target's own credentials are used as a set when any is set, for its URL. The
 * generic ones only for DPAC_URL's origin (or for a URL given as an option when DPAC_URL is unset);
 * a URL from dpac.yaml elsewhere gets none, and the error says which variable to set.
 */
function credentialsFor(chosen: ChosenUrl | undefined, target: string | undefined, env: Env): Env {
  if (target !== undefined) {
    const prefix = targetCredentialPrefix(target);
    if (CREDENTIALS.some((name) => env[`${prefix}${name}`])) {
      const own = Object.fromEntries(CREDENTIALS.map((name) => [`DPAC_${name}`, env[`${prefix}${name}`]]));
      return { ...env, ...own };
    }
  }
  if (!chosen || chosen.from === 'env') return env;
  const home = nonEmpty(env.DPAC_URL);
  const hasGeneric = CREDENTIALS.some((name) => env[`DPAC_${name}`]);
  if (!hasGeneric) return env;
  if (home ? originOf(home) === originOf(chosen.url) : chosen.from === 'option') return env;
  const own =
    target === undefined
      ? ''
      : ` set ${targetCredentialPrefix(target)}REFRESH_TOKEN (or ${targetCredentialPrefix(target)}USERNAME and ${targetCredentialPrefix(target)}PASSWORD) for target ${target}, or`;
  const where = chosen.from === 'target' ? `the URL of target ${target} in dpac.yaml` : 'the URL given';
  throw new ConnectionConfigError(
    `Not sending DPAC_REFRESH_TOKEN/DPAC_PASSWORD to ${originOf(chosen.url) ?? chosen.url} (${where}): they are bound to ${home ? `DPAC_URL's origin, ${originOf(home)}` : 'DPAC_URL, which is not set'}. To connect there,${own} set DPAC_URL to that URL.`,
  );
}

/** `https://host:443` of a URL (the origin credentials are bound to), or undefined when unreadable. */
function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
