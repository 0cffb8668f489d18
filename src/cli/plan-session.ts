// What plan, apply and drift share: load manifests, resolve the settings, connect, compute the
// plan, and print any problems on the way. Returns the plan, or the exit code to stop with.

import type { Command } from 'commander';
import type { ApiClient } from '../api/index.js';
import { DpacApiError } from '../api/index.js';
import { hasErrors } from '../core/diagnostic.js';
import { loadManifests } from '../manifest/load-manifests.js';
import type { Manifest } from '../manifest/manifest.js';
import type { ProjectConfig } from '../manifest/project-config.js';
import { concealSecrets } from '../manifest/sensitive.js';
import { type ComputedPlan, computePlan } from '../pipeline.js';
import type { Plan } from '../plan/plan.js';
import { renderDiagnostics } from '../render/render-diagnostics.js';
import type { Style } from '../render/style.js';
import { addConnectOptions, type ConnectFlags, connect } from './connect.js';
import { EXIT } from './exit-codes.js';
import type { CliIo } from './io.js';
import {
  addManifestOptions,
  addSelectOption,
  loadOptionsFrom,
  type ManifestFlags,
  type Selector,
} from './options.js';
import { addColorOption } from './output.js';
import { resolveSettings, type SettingFlags, type Settings, type SettingsInput } from './settings.js';

export interface PlanFlags extends ManifestFlags, ConnectFlags, SettingFlags {
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
  settings: Settings;
}

export async function loadProject(
  io: CliIo,
  paths: readonly string[],
  flags: ManifestFlags,
  options: { style: Style; checkSecretEnv?: boolean },
) {
  const loaded = await loadManifests({
    ...loadOptionsFrom(paths, flags, io),
    checkSecretEnv: options.checkSecretEnv ?? true,
  });
  if (loaded.diagnostics.length) io.err(renderDiagnostics(loaded.diagnostics, options.style));
  return hasErrors(loaded.diagnostics) ? undefined : loaded;
}

/** The settings, or undefined after printing why they cannot be resolved (an unknown target). */
export function settingsFor(io: CliIo, input: SettingsInput, style: Style): Settings | undefined {
  const { settings, diagnostics } = resolveSettings(input);
  if (diagnostics.length) io.err(renderDiagnostics(diagnostics, style));
  return hasErrors(diagnostics) ? undefined : settings;
}

export async function planSession(
  io: CliIo,
  paths: readonly string[],
  flags: PlanFlags,
  options: { readOnly?: boolean; style: Style; resendSecrets?: boolean },
): Promise<PlanSession | number> {
  const loaded = await loadProject(io, paths, flags, { style: options.style });
  if (!loaded) return EXIT.error;
  const settings = settingsFor(io, { flags, project: loaded.project, env: io.env }, options.style);
  if (!settings) return EXIT.error;
  const opened = connect(io, flags, settings, {
    readOnly: options.readOnly,
    secrets: [...loaded.secrets.keys()],
  });
  if (!opened) return EXIT.error;
  try {
    const computed = await computePlan({
      client: opened.client,
      url: opened.url,
      manifests: loaded.manifests,
      ownershipTag: settings.ownershipTag,
      prune: loaded.project.prune,
      protect: loaded.project.protect,
      allowMassDelete: flags.allowMassDelete,
      select: flags.select?.map((s) => [s.kind, ...s.names].join('/')),
      resendSecrets: options.resendSecrets,
    });
    if (computed.diagnostics.length) io.err(renderDiagnostics(computed.diagnostics, options.style));
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
      settings,
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
      ...concealSecrets({ before: c.before, after: c.after, fields: c.fields, patch: c.patch }, secrets),
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
