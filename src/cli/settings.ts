// The settings a run reads, each resolved here and nowhere else, in one order: the flag, then
// dpac.yaml (the chosen target for the URL), then the environment, then the default.
import { InvalidArgumentError } from 'commander';
import type { Diagnostic } from '../core/diagnostic.js';
import {
  DEFAULT_PARALLELISM,
  findTarget,
  MAX_PARALLELISM,
  type ProjectConfig,
  parallelismSchema,
} from '../manifest/project-config.js';
import type { Plan } from '../plan/plan.js';

export interface SettingFlags {
  url?: string;
  target?: string;
  parallelism?: number;
}

export interface Settings {
  /** `--url`, else the target's `url`, else DPAC_URL; undefined when none is given. */
  url?: string;
  /** The target in force: `--target`, else dpac.yaml's `default_target`. */
  target?: string;
  /** Calls in flight during apply, and the client's write limit. */
  parallelism: number;
  /** A saved plan keeps the tag it was planned with; otherwise dpac.yaml's (or the default). */
  ownershipTag: string;
}

export interface SettingsInput {
  flags: SettingFlags;
  project: ProjectConfig;
  env: Record<string, string | undefined>;
  /** `apply --plan`: the plan being applied. */
  saved?: Pick<Plan, 'ownership_tag'>;
}

export function resolveSettings({ flags, project, env, saved }: SettingsInput): {
  settings: Settings;
  diagnostics: Diagnostic[];
} {
  const target = flags.target ?? project.default_target;
  const found = target === undefined ? undefined : findTarget(project, target);
  const url = nonEmpty(flags.url) ?? found?.target?.url ?? nonEmpty(env.DPAC_URL);
  return {
    settings: {
      ...(url ? { url } : {}),
      ...(target === undefined ? {} : { target }),
      parallelism: flags.parallelism ?? project.parallelism ?? DEFAULT_PARALLELISM,
      ownershipTag: saved?.ownership_tag ?? project.ownership_tag,
    },
    diagnostics: found?.diagnostic ? [found.diagnostic] : [],
  };
}

const CREDENTIALS = ['REFRESH_TOKEN', 'USERNAME', 'PASSWORD'] as const;

/** `prod-eu` → `DPAC_PROD_EU_`: the prefix of a target's own credential variables. */
function targetCredentialPrefix(target: string): string {
  return `DPAC_${target.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_`;
}

/**
 * The environment the client reads its credentials from. A target's own credentials
 * (`DPAC_<TARGET>_REFRESH_TOKEN`, or `_USERNAME` and `_PASSWORD`) replace the generic
 * `DPAC_REFRESH_TOKEN`/`DPAC_USERNAME`/`DPAC_PASSWORD` as a set when any of them is set, so a
 * generic token never mixes with a target's login; otherwise the generic ones are used.
 */
export function credentialEnv(
  env: Readonly<Record<string, string | undefined>>,
  target: string | undefined,
): Record<string, string | undefined> {
  if (target === undefined) return { ...env };
  const prefix = targetCredentialPrefix(target);
  if (!CREDENTIALS.some((name) => env[`${prefix}${name}`])) return { ...env };
  const own = Object.fromEntries(CREDENTIALS.map((name) => [`DPAC_${name}`, env[`${prefix}${name}`]]));
  return { ...env, ...own };
}

/** `--parallelism N`, checked by the same schema as dpac.yaml's `parallelism`. */
export function parseParallelism(value: string): number {
  const parsed = parallelismSchema.safeParse(/^\d+$/.test(value.trim()) ? Number(value) : Number.NaN);
  if (!parsed.success)
    throw new InvalidArgumentError(`expected a whole number from 1 to ${MAX_PARALLELISM}.`);
  return parsed.data;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
