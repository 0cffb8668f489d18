// computePlan(): where IO meets the pure steps. Read live state for the scope in play, then diff,
// order the calls and assemble the plan without further IO.
import { type ChangeSet, withinAny } from './changes/change-set.js';
import type { Diagnostic } from './core/diagnostic.js';
import { diffResources } from './diff/diff-resources.js';
import { runUser } from './diff/last-change.js';
import { markRenames, renameConflicts, renameHints, renameRules } from './diff/renames.js';
import { isKindName } from './kinds/index.js';
import type { LiveState, ReadClient } from './live/live-object.js';
import { readLive } from './live/read-live.js';
import { everythingScope, manifestScope } from './live/read-scope.js';
import type { ImpactAllowance } from './manifest/allow-impact.js';
import type { ExternalDeclaration } from './manifest/external.js';
import type { Manifest } from './manifest/manifest.js';
import type { ScopePattern } from './manifest/project-config.js';
import { assemblePlan } from './plan/assemble-plan.js';
import { describeImpact } from './plan/impact/describe-impact.js';
import { lowerCalls } from './plan/lower-calls.js';
import type { Plan } from './plan/plan.js';
import { planCalls } from './plan/plan-calls.js';
import type { PolicyResult } from './plan/plan-schema.js';
import { scopeOf, unmatchedSelectors, withoutExcluded } from './plan/select.js';
import { changeSubject, runPolicies } from './policy/policy-results.js';
import type { PolicyDeclaration } from './policy/policy-schema.js';

export interface ComputePlanInput {
  client: ReadClient;
  url: string;
  manifests: readonly Manifest[];
  ownershipTag: string;
  prune?: readonly ScopePattern[];
  protect?: readonly ScopePattern[];
  allowMassDelete?: boolean;
  /** `--cascade`: deleting an owned parent may take children this project does not own along. */
  cascade?: boolean;
  /** Objects referred to and never managed (manifests with metadata.external, dpac.yaml `external:`). */
  externals?: readonly ExternalDeclaration[];
  select?: readonly string[];
  /** `--exclude` patterns: wins over select; changes that need an excluded one are left out too. */
  exclude?: readonly string[];
  /** Read every kind and every parent (full drift reports). */
  readEverything?: boolean;
  /** Write every document holding a secret even when nothing else changed (`apply --resend-secrets`). */
  resendSecrets?: boolean;
  /** The environment: which secret variables are set (the plan lists those apply needs). */
  env?: Readonly<Record<string, string | undefined>>;
  /** dpac.yaml `allow_impact:` (standing acknowledgements of data impacts). */
  allowImpact?: readonly ImpactAllowance[];
  /** dpac.yaml `policies:`: the change rules run over the planned changes. */
  policies?: readonly PolicyDeclaration[];
  /** Results of the manifest rules (validate's), shown with the plan's own. */
  manifestPolicyResults?: readonly PolicyResult[];
  /** The manifests are only part of the project (files named): nothing undeclared is deleted. */
  partial?: boolean;
  /**
   * `--changed-since`: the manifests are the part of the project that changed (loadManifests'
   * `changes`). Only their trees are read, and nothing is deleted but what `changes.deleted` names.
   */
  changes?: ChangeSet;
  /** `dpac destroy`: plan deleting the declared objects in scope (select/exclude), nothing else. */
  destroy?: boolean;
}

export interface ComputedPlan {
  plan: Plan;
  live: LiveState;
  diagnostics: Diagnostic[];
  /**
   * Secrets the manifests wrote literally, by call and pointer (plan/lower-calls.ts): only an apply
   * in this process can send them; they are never part of the plan itself.
   */
  secretLiterals: ReadonlyMap<string, string>;
}

export async function computePlan(input: ComputePlanInput): Promise<ComputedPlan> {
  const { inScope, excluded } = scopeOf(input.select, input.exclude);
  const narrowed = Boolean(input.select?.length || input.exclude?.length);
  const manifests = input.manifests.filter(inScope);
  const changes = input.changes;
  // A scoped plan prunes nothing: an undeclared object may be declared by a file it did not load.
  const pruneKinds = changes ? [] : (input.prune ?? []).map((p) => p.kind).filter(isKindName);
  const scope = input.readEverything
    ? everythingScope()
    : manifestScope({
        manifests: input.manifests,
        externals: input.externals,
        pruneKinds,
        pruneParent: () => pruneKinds.length > 0,
        ...(changes ? { deleted: changes.deleted } : {}),
      });
  const live = await readLive({
    client: input.client,
    scope,
    ownershipTag: input.ownershipTag,
    renames: renameRules(input.manifests),
  });

  const diff = diffResources({
    manifests: input.manifests,
    live,
    ownershipTag: input.ownershipTag,
    externals: input.externals,
    url: input.url,
    cascade: input.cascade,
    selected: narrowed && !input.destroy ? inScope : undefined,
    destroy: input.destroy ? inScope : undefined,
    prune: input.prune,
    protect: input.protect,
    allowMassDelete: input.allowMassDelete,
    resendSecrets: input.resendSecrets,
    me: runUser(input.client.identity?.(), live),
    partial: input.partial,
    ...(changes
      ? {
          scoped: {
            covers: withinAny(changes.deleted),
            projectEmpty: changes.projectFiles === 0,
            ref: changes.ref,
          },
        }
      : {}),
  });
  const declared = diff.declaredSpec;
  // A destroy settles its scope itself: what it leaves out must not lie below what it deletes.
  const kept = input.destroy
    ? { changes: diff.changes, diagnostics: [] }
    : withoutExcluded(diff.changes, excluded, declared);
  markRenames(kept.changes, live);

  const { calls, literals } = lowerCalls(
    planCalls({
      changes: kept.changes,
      ownershipTag: input.ownershipTag,
      declared,
      live: (address) => live.objects.get(address)?.spec,
    }),
  );
  const plan = assemblePlan({
    url: input.url,
    manifests,
    changes: kept.changes,
    calls,
    live,
    unmanaged: diff.unmanaged,
    ownershipTag: input.ownershipTag,
    declared,
    env: input.env,
  });
  plan.rename_hints = renameHints(kept.changes);
  const impact = describeImpact(plan.changes, { manifests, allowances: input.allowImpact });
  plan.changes = impact.changes;
  plan.impact = impact.impact;
  const changeRules = input.policies?.length
    ? await runPolicies(
        input.policies,
        'change',
        plan.changes.map((c) => changeSubject(c, live.objects.get(c.renamed_from ?? c.address)?.raw.item)),
      )
    : [];
  const policyResults = [...(input.manifestPolicyResults ?? []), ...changeRules];
  if (policyResults.length > 0) plan.policy_results = policyResults;
  if (changes) {
    const { projectFiles: _, ...changedSince } = changes;
    plan.changed_since = changedSince;
  }
  const candidates = narrowed ? [...input.manifests, ...live.objects.values()] : [];
  const diagnostics = [
    ...unmatchedSelectors('--select', input.select, candidates),
    ...unmatchedSelectors('--exclude', input.exclude, candidates),
    ...renameConflicts(input.manifests, live),
    ...diff.diagnostics,
    ...kept.diagnostics,
    ...impact.diagnostics,
  ];
  return { plan, live, diagnostics, secretLiterals: literals };
}
