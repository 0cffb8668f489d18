// What plan, apply, drift and destroy share: load the manifests, connect and plan through the library,
// printing every problem on the way. Returns the plan and its connection, or the exit code.
import type { Command } from 'commander';
import { DpacApiError } from '../api/index.js';
import { hasErrors } from '../core/diagnostic.js';
import {
  type Connection,
  type LoadManifestsResult,
  loadManifests,
  plan,
  planDestroy,
  Refusal,
} from '../library.js';
import type { ComputedPlan } from '../pipeline.js';
import type { Style } from '../render/style.js';
import { addConnectOptions, type ConnectFlags, connect } from './connect.js';
import { EXIT } from './exit-codes.js';
import type { CliIo } from './io.js';
import {
  addManifestOptions,
  addSelectOption,
  loadOptionsFrom,
  type ManifestFlags,
  type SelectFlags,
  selectorTexts,
} from './options.js';
import { addColorOption } from './output.js';
import { reportDiagnostics } from './report-diagnostics.js';

export interface PlanFlags extends ManifestFlags, ConnectFlags, SelectFlags {
  allowMassDelete?: boolean;
  cascade?: boolean;
  color?: boolean;
}

/** The flags plan, apply and drift share: manifests, --select, connection and colour. */
export function addPlanningOptions(command: Command): Command {
  return addColorOption(addConnectOptions(addSelectOption(addManifestOptions(command))));
}

export interface PlanSession extends ComputedPlan {
  connection: Connection;
  project: LoadManifestsResult;
}

/**
 * The manifests, or undefined after printing their problems (warnings are printed either way).
 * Notes (a file skipped as another tool's, a name only plan can check) are validate's report: the
 * commands that go on to plan or draw leave them out, as they have nothing to fix.
 */
export async function loadProject(
  io: CliIo,
  paths: readonly string[],
  flags: ManifestFlags,
  style: Style,
): Promise<LoadManifestsResult | undefined> {
  const loaded = await loadManifests(loadOptionsFrom(paths, flags, io));
  const problems = loaded.diagnostics.filter((d) => d.severity !== 'note');
  reportDiagnostics(io, problems, style, loaded.root);
  return hasErrors(loaded.diagnostics) ? undefined : loaded;
}

export async function planSession(
  io: CliIo,
  paths: readonly string[],
  flags: PlanFlags,
  options: { readOnly?: boolean; style: Style; resendSecrets?: boolean; destroy?: boolean },
): Promise<PlanSession | number> {
  const project = await loadProject(io, paths, flags, options.style);
  if (!project) return EXIT.error;
  const connection = connect(io, flags, project.project, {
    readOnly: options.readOnly,
    secrets: [...project.secrets.keys()],
  });
  if (!connection) return EXIT.error;
  try {
    const common = {
      select: selectorTexts(flags.select),
      exclude: selectorTexts(flags.exclude),
      allowMassDelete: flags.allowMassDelete,
      cascade: flags.cascade,
      env: io.env,
    };
    const planned = options.destroy
      ? await planDestroy(connection, project, common)
      : await plan(connection, project, { ...common, resendSecrets: options.resendSecrets });
    reportDiagnostics(io, planned.diagnostics, options.style, project.root);
    return { ...planned, connection, project };
  } catch (error) {
    await connection.client.close();
    return reportFailure(io, error, options.style, project.root);
  }
}

/** A refusal or an expected API failure ends in its reasons and exit 1; anything else is a bug. */
export function reportFailure(io: CliIo, error: unknown, style: Style, root = io.cwd): number {
  if (error instanceof Refusal) {
    reportDiagnostics(io, error.diagnostics, style, root);
    io.err(error.message);
    return EXIT.error;
  }
  if (error instanceof DpacApiError) {
    io.err(`Error: ${error.message}`);
    return EXIT.error;
  }
  throw error;
}
