// Before any write of a saved plan: it must be for this URL and tool format, hold no redacted
// secret, pass the safety guards of today's dpac.yaml (protect patterns, mass delete), and nothing
// it touches may have changed since it was made (re-reads only those objects).
import { addressFrom, parseAddress } from '../core/address.js';
import type { Diagnostic } from '../core/diagnostic.js';
import type { Change } from '../diff/change.js';
import { checkSafety } from '../diff/check-safety.js';
import { savedPlanRenames } from '../diff/renames.js';
import type { LiveState, ReadClient } from '../live/live-object.js';
import { readLive, withoutKeys } from '../live/read-live.js';
import { addressScope } from '../live/read-scope.js';
import type { ScopePattern } from '../manifest/project-config.js';
import { fingerprint } from '../plan/fingerprint.js';
import { PLAN_FORMAT_VERSION, type Plan, type PlanChange } from '../plan/plan.js';
import { checkPlanIntegrity } from './saved-plan-integrity.js';

export interface SavedPlanCheck {
  plan: Plan;
  url: string;
  client: ReadClient;
  /** Protect patterns of dpac.yaml as it is now: it may have changed since the plan was made. */
  protect: readonly ScopePattern[];
  allowMassDelete: boolean;
}

export interface SavedPlanStatus {
  diagnostics: Diagnostic[];
  /** What was read: the touched objects and their ancestors (ids for the run). */
  live?: LiveState;
}

export async function checkSavedPlan({
  plan,
  url,
  client,
  protect,
  allowMassDelete,
}: SavedPlanCheck): Promise<SavedPlanStatus> {
  const refuse = (summary: string, detail: string): SavedPlanStatus => ({
    diagnostics: [{ severity: 'error', summary, detail }],
  });
  if (plan.format_version !== PLAN_FORMAT_VERSION) {
    return refuse(
      `The saved plan has format ${plan.format_version}; this dpac reads format ${PLAN_FORMAT_VERSION}.`,
      'Run dpac plan again with this version.',
    );
  }
  if (stripSlash(plan.url) !== stripSlash(url)) {
    return refuse(
      `The saved plan was made for ${plan.url}, not ${url}.`,
      'Apply it against the URL it was planned for, or plan again.',
    );
  }
  const integrity = checkPlanIntegrity(plan);
  if (integrity.length > 0) return { diagnostics: integrity };
  if (plan.calls.some((c) => c.fills?.some((f) => 'literal' in f))) {
    return refuse(
      'The saved plan holds a literal secret that was redacted when it was saved.',
      'Give secrets as ${env.NAME} in the manifests, then plan again.',
    );
  }
  const guarded = checkSafety({
    changes: plan.changes.map(toChange),
    manifests: [],
    protect,
    allowMassDelete,
  });
  if (guarded.length > 0) return { diagnostics: guarded };
  const touched = Object.keys(plan.fingerprints);
  const addresses = [...new Set([...touched, ...plan.creates, ...plan.calls.map((c) => c.address)])];
  const live = await readLive({
    client,
    scope: addressScope(addresses),
    ownershipTag: plan.ownership_tag,
    renames: savedPlanRenames(plan.changes),
  });
  const changed = touched.filter((a) => {
    const obj = live.objects.get(a);
    if (!obj) return true;
    // Hash the same sub-documents and item fields the plan did (it keeps only those its manifests manage).
    const names = plan.fingerprint_documents?.[a] ?? Object.keys(obj.raw.docs);
    const docs = Object.fromEntries(names.map((n) => [n, obj.raw.docs[n]]));
    const item = withoutKeys(obj.raw.item, plan.fingerprint_omitted?.[a] ?? []);
    return fingerprint({ id: obj.raw.id, item, docs }) !== plan.fingerprints[a];
  });
  const appeared = plan.creates.filter((a) => live.objects.has(a));
  if (changed.length === 0 && appeared.length === 0) return { diagnostics: [], live };
  const parts = [
    ...changed.map((a) => `${a} changed since the plan was made`),
    ...appeared.map((a) => `${a} now exists but the plan would create it`),
  ];
  return {
    ...refuse(
      `The saved plan is stale; nothing was written. ${parts.join('; ')}.`,
      'Run dpac plan again and review the new plan.',
    ),
    live,
  };
}

/** The resource-level view of a saved plan's change, for the safety guards. */
function toChange(c: PlanChange): Change {
  const { name, ancestors } = parseAddress(c.address);
  return {
    ...c,
    address: addressFrom(c.address),
    name,
    ancestors,
    before: c.before ?? undefined,
    after: c.after ?? undefined,
  };
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
