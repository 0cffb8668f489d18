// plan(): manifests loaded and validated, against live state read through a connection — the
// plan a review shows and apply executes, with every guard that can refuse one (manifest errors,
// externals, ownership, protect, the mass-delete guard; a project loaded from files naming only
// part of it deletes nothing they do not declare). Secret values never enter it; with
// DPAC_PLAN_KEY set it is signed, so an edited copy of the saved file is refused.
import { hasErrors } from '../core/diagnostic.js';
import type { LoadManifestsResult } from '../manifest/load-manifests.js';
import { type ComputedPlan, computePlan } from '../pipeline.js';
import { concealPlan } from '../plan/conceal-plan.js';
import { planSchema } from '../plan/plan-schema.js';
import { PLAN_KEY_VARIABLE, signPlan } from '../plan/sign-plan.js';
import type { Connection } from './connect.js';
import { Refusal } from './refusal.js';

type Env = Readonly<Record<string, string | undefined>>;

export interface PlanOptions {
  /** `KIND[/NAME...]` selectors, like `--select`. */
  select?: readonly string[];
  /** `KIND[/NAME...]` globs, like `--exclude`: wins over select. */
  exclude?: readonly string[];
  /** Allow deleting more than max(5, 25%) of the managed objects of a kind. */
  allowMassDelete?: boolean;
  /** Deleting an owned parent may take children this project does not own along (`--cascade`). */
  cascade?: boolean;
  /** Write every document holding a secret even when nothing else changed (`--resend-secrets`). */
  resendSecrets?: boolean;
  /** Which secret variables are set (`required_variables`), and DPAC_PLAN_KEY. Default: process.env. */
  env?: Env;
}

/**
 * The plan, the live state it was computed from, and its diagnostics. Throws a Refusal, before
 * any call, when the manifests have errors (a manifest that failed to load would read as
 * undeclared, its object as one to delete) or, after reading, when a guard refuses the plan.
 */
export function plan(
  connection: Connection,
  project: LoadManifestsResult,
  options: PlanOptions = {},
): Promise<ComputedPlan> {
  return sealedPlan(connection, project, options, false);
}

/** plan(), or with `destroy` the plan of planDestroy(): the same guards, reads and contract. */
export async function sealedPlan(
  connection: Connection,
  project: LoadManifestsResult,
  options: PlanOptions,
  destroy: boolean,
): Promise<ComputedPlan> {
  if (hasErrors(project.diagnostics))
    throw new Refusal('The manifests have errors; nothing was planned.', project.diagnostics);
  const env = options.env ?? process.env;
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
    exclude: options.exclude,
    resendSecrets: options.resendSecrets,
    env,
    allowImpact: project.project.allow_impact,
    policies: project.project.policies,
    manifestPolicyResults: project.policyResults,
    // Files named on the command line are part of the project: what they omit is not deleted.
    partial: !project.wholeProject,
    ...(project.changes ? { changes: project.changes } : {}),
    destroy,
  });
  if (hasErrors(computed.diagnostics))
    throw new Refusal('The plan was refused; nothing was written.', computed.diagnostics);
  // Through its own contract: the plan printed, saved and applied is exactly what a saved file
  // reads back as (the schema's keys, in its order).
  const target = connection.target === undefined ? {} : { target: connection.target };
  const shown = planSchema.parse(concealPlan({ ...computed.plan, ...target }, project.secrets));
  return { ...computed, plan: signPlan(shown, env[PLAN_KEY_VARIABLE]) };
}
