// What plan, apply and drift share: load manifests, connect, compute the plan, and print any
// problems on the way. Returns the plan, or the exit code to stop with.

import type { Command } from 'commander';
import type { ApiClient } from '../api/index.js';
import { DpacApiError } from '../api/index.js';
import { hasErrors } from '../core/diagnostic.js';
import { formatDiagnostics } from '../manifest/format-diagnostics.js';
import { loadManifests } from '../manifest/load-manifests.js';
import type { Manifest } from '../manifest/manifest.js';
import type { ProjectConfig } from '../manifest/project-config.js';
import { concealSecrets } from '../manifest/sensitive.js';
import { type ComputedPlan, computePlan } from '../pipeline.js';
import type { Plan } from '../plan/plan.js';
import { addConnectOptions, type ConnectFlags, openClient } from './connect.js';
import { EXIT } from './exit-codes.js';
import type { CliIo } from './io.js';
import {
  addColorOption,
  addManifestOptions,
  addSelectOption,
  loadOptionsFrom,
  type ManifestFlags,
  type Selector,
} from './options.js';

export interface PlanFlags extends ManifestFlags, ConnectFlags {
  select?: Selector[];
  allowMassDelete?: boolean;
  color?: boolean;
}

/** The flags plan, apply and drift share: manifests, --select, connection and colour. */
export function addPlanningOptions(command: Command): Command {
  return addColorOption(addConnectOptions(addSelectOption(addManifestOptions(command))));
}

export interface PlanSession extends ComputedPlan {
  client: ApiClient;
  url: string;
  manifests: Manifest[];
  project: ProjectConfig;
}

export async function loadProject(
  io: CliIo,
  paths: readonly string[],
  flags: PlanFlags,
  color: boolean,
  checkSecretEnv = true,
) {
  const loaded = await loadManifests({ ...loadOptionsFrom(paths, flags, io), checkSecretEnv });
  if (loaded.diagnostics.length) io.err(formatDiagnostics(loaded.diagnostics, color));
  return hasErrors(loaded.diagnostics) ? undefined : loaded;
}

/** Connects with --url, else the target's url, else DPAC_URL. */
export function connect(
  io: CliIo,
  flags: PlanFlags,
  project: ProjectConfig | undefined,
  readOnly = false,
  secrets: readonly string[] = [],
) {
  const targetUrl = flags.target ? project?.targets[flags.target]?.url : undefined;
  const opened = openClient(io, { ...flags, url: flags.url ?? targetUrl }, { readOnly, secrets });
  if ('error' in opened) io.err(`Error: ${opened.error}`);
  return 'error' in opened ? undefined : opened;
}

export async function planSession(
  io: CliIo,
  paths: readonly string[],
  flags: PlanFlags,
  options: { readOnly?: boolean; color: boolean; resendSecrets?: boolean },
): Promise<PlanSession | number> {
  const loaded = await loadProject(io, paths, flags, options.color);
  if (!loaded) return EXIT.error;
  const opened = connect(io, flags, loaded.project, options.readOnly, [...loaded.secrets.keys()]);
  if (!opened) return EXIT.error;
  try {
    const computed = await computePlan({
      client: opened.client,
      url: opened.url,
      manifests: loaded.manifests,
      ownershipTag: loaded.project.ownership_tag,
      prune: loaded.project.prune,
      protect: loaded.project.protect,
      allowMassDelete: flags.allowMassDelete,
      select: flags.select?.map((s) => [s.kind, ...s.names].join('/')),
      resendSecrets: options.resendSecrets,
    });
    if (computed.diagnostics.length) io.err(formatDiagnostics(computed.diagnostics, options.color));
    if (hasErrors(computed.diagnostics)) {
      io.err('The plan was refused; nothing was written.');
      await opened.client.close();
      return EXIT.error;
    }
    return {
      ...computed,
      plan: concealPlan(computed.plan, loaded.secrets),
      client: opened.client,
      url: opened.url,
      manifests: loaded.manifests,
      project: loaded.project,
    };
  } catch (error) {
    await opened.client.close();
    return reportApiFailure(io, error);
  }
}

/** What the plan shows and sends holds `${env.NAME}` where a secret variable's value would be. */
function concealPlan(plan: Plan, secrets: ReadonlyMap<string, string>): Plan {
  if (secrets.size === 0) return plan;
  return {
    ...plan,
    changes: plan.changes.map((c) => ({
      ...c,
      ...concealSecrets({ before: c.before, after: c.after, fields: c.fields }, secrets),
    })),
    calls: plan.calls.map((c) => ({ ...c, body: concealSecrets(c.body, secrets) })),
  };
}

/** Expected API failures end in one clear line and exit 1; anything else is a bug. */
export function reportApiFailure(io: CliIo, error: unknown): number {
  if (error instanceof DpacApiError) {
    io.err(`Error: ${error.message}`);
    return EXIT.error;
  }
  throw error;
}
