// The library's entry points that do what a CLI command does between loading the manifests and
// printing, without printing or exiting: connect, plan, apply, export (docs/library.md). Like the
// CLI, credentials and secret values come only from an environment map, never from arguments.
import { type ApiClient, ConnectionConfigError, createClient, resolveConnection } from './api/index.js';
import { type ApplyOutcome, applyPlan } from './apply/apply-plan.js';
import { hasErrors } from './core/diagnostic.js';
import { type ExportResult, exportManifests } from './export/export-manifests.js';
import { readForExport } from './export/read-for-export.js';
import type { LoadManifestsResult } from './manifest/load-manifests.js';
import { DEFAULT_PARALLELISM, defaultProject } from './manifest/project-config.js';
import { type ComputedPlan, computePlan } from './pipeline.js';
import { concealPlan } from './plan/conceal-plan.js';

type Env = Readonly<Record<string, string | undefined>>;

export interface ConnectOptions {
  /** Base URL of the v3 API (`https://host/v3`); default: `env.DPAC_URL`. */
  url?: string;
  /** Where DPAC_REFRESH_TOKEN (or DPAC_USERNAME + DPAC_PASSWORD) and the DPAC_* limits are read. Default: process.env. */
  env?: Env;
  /** Refuse every write (what `dpac drift` and `dpac export` use). */
  readOnly?: boolean;
  /** Writes sent at once (apply's parallelism); default 4. */
  parallelism?: number;
  /** Extra CA certificates to trust (PEM file). */
  caFile?: string;
}

/** An open client and the URL it talks to. Call `client.close()` when done (it revokes its token). */
export interface Connection {
  client: ApiClient;
  url: string;
}

/** Opens a client, or throws ConnectionConfigError (no URL, no credentials, bad CA file). */
export function connect(options: ConnectOptions = {}): Connection {
  const resolved = resolveConnection({
    url: options.url,
    env: { ...(options.env ?? process.env) },
    caFile: options.caFile,
  });
  if (!resolved.value) throw new ConnectionConfigError(resolved.error ?? 'cannot connect');
  const client = createClient({
    ...resolved.value,
    ...(options.readOnly
      ? { readOnly: true }
      : { concurrency: { writes: options.parallelism ?? DEFAULT_PARALLELISM } }),
  });
  return { client, url: resolved.value.baseUrl };
}

export interface PlanOptions {
  /** `KIND[/NAME...]` selectors, like `--select`. */
  select?: readonly string[];
  /** Allow deleting more than max(5, 25%) of the managed objects of a kind. */
  allowMassDelete?: boolean;
  /** Deleting an owned parent may take children this project does not own along (`--cascade`). */
  cascade?: boolean;
  /** Tells which secret variables are set (the plan's `required_variables`). Default: process.env. */
  env?: Env;
}

/**
 * Diffs loaded manifests against live state: the plan, the live state it was computed from, and
 * diagnostics (errors mean a safety guard refused the plan). Secret values in the plan are
 * `${env.NAME}` placeholders, as in `dpac plan`. Throws, before any call, when the manifests have
 * errors: a manifest that failed to load would read as undeclared, and its object as one to delete.
 */
export async function plan(
  connection: Connection,
  project: LoadManifestsResult,
  options: PlanOptions = {},
): Promise<ComputedPlan> {
  if (hasErrors(project.diagnostics))
    throw new Error('The manifests have errors (see their diagnostics); nothing was planned.');
  const computed = await computePlan({
    client: connection.client,
    url: connection.url,
    manifests: project.manifests,
    ownershipTag: project.project.ownership_tag,
    prune: project.project.prune,
    protect: project.project.protect,
    allowMassDelete: options.allowMassDelete,
    cascade: options.cascade,
    externals: project.externals,
    select: options.select,
    env: options.env ?? process.env,
  });
  return { ...computed, plan: concealPlan(computed.plan, project.secrets) };
}

/**
 * Applies a plan made by `plan()` in this process, then reads back and verifies what it wrote.
 * `env` supplies the secret values behind the plan's placeholders (default: process.env). Throws,
 * before any call, for a plan a safety guard refused (errors in its diagnostics).
 */
export async function apply(
  connection: Connection,
  planned: ComputedPlan,
  options: { env?: Env; parallelism?: number } = {},
): Promise<ApplyOutcome> {
  if (hasErrors(planned.diagnostics))
    throw new Error('The plan was refused (see its diagnostics); nothing was written.');
  return applyPlan({
    plan: planned.plan,
    live: planned.live,
    client: connection.client,
    env: { ...(options.env ?? process.env) },
    parallelism: options.parallelism ?? DEFAULT_PARALLELISM,
    ownershipTag: planned.plan.ownership_tag,
  });
}

/** Reads live state (read-only) and returns the manifest files `dpac export` would write. */
export async function exportPlatform(
  connection: Connection,
  options: {
    select?: readonly string[];
    /** dpac.yaml's ownership_tag, if it sets one (default managed-by:dpac). */
    ownershipTag?: string;
  } = {},
): Promise<ExportResult> {
  const live = await readForExport({
    client: connection.client,
    ownershipTag: options.ownershipTag ?? defaultProject().ownership_tag,
    select: options.select,
  });
  return exportManifests(live, { select: options.select });
}
