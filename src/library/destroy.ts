// planDestroy(): the plan `dpac destroy` shows, saves and applies — deleting what the manifests
// declare (in the selection) and live shows is provably this project's, children and referrers
// first. Every guard of plan() holds: protect, ownership (another project's objects and those
// dpac cannot prove are this project's are kept and listed), the cascade guard and the
// mass-delete guard, which a destroy passes only with allowMassDelete like any plan.
import type { LoadManifestsResult } from '../manifest/load-manifests.js';
import type { ComputedPlan } from '../pipeline.js';
import type { Connection } from './connect.js';
import { type PlanOptions, sealedPlan } from './plan.js';

export type DestroyOptions = Pick<PlanOptions, 'select' | 'exclude' | 'allowMassDelete' | 'cascade' | 'env'>;

/**
 * The destroy plan (only deletes), the live state it was computed from and its diagnostics; apply
 * it with apply(), or save it for applySavedPlan(). Throws a Refusal when the manifests have
 * errors or a guard refuses: a protected object, a kept object that lies below or refers to a
 * destroyed one, a cascade into objects this project does not own, or a mass delete.
 */
export function planDestroy(
  connection: Connection,
  project: LoadManifestsResult,
  options: DestroyOptions = {},
): Promise<ComputedPlan> {
  return sealedPlan(connection, project, options, true);
}
