// The plan: resource-level changes for humans plus the literal calls. Its JSON form is the
// `--json` output and the body of a saved plan (format_version; keys are extended, never renamed).
import type { Call } from '../core/call.js';
import type { Action, Change } from '../diff/change.js';
import type { FieldChange } from '../diff/compare-specs.js';
import type { UnmanagedObject } from '../diff/undeclared.js';
import type { KindName } from '../kinds/kind.js';
import type { PatchOperation } from './change-patch.js';

export const PLAN_FORMAT_VERSION = 1;

export interface PlanSummary {
  add: number;
  change: number;
  replace: number;
  destroy: number;
  adopt: number;
  unmanaged: number;
}

export interface PlanChange {
  address: string;
  kind: KindName;
  action: Action;
  reason: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  fields: FieldChange[];
  /** RFC 6902 operations from `before` to the declared fields (plan/change-patch.ts); no secret. */
  patch: PatchOperation[];
  /** metadata.ignore pointers of the manifest (verification after apply honours them too). */
  ignore?: string[];
  /** Addresses the desired spec refers to (verification reads them to map ids back to names). */
  refs?: string[];
  /** The live address it is renamed from (`metadata.renamed_from`): re-read under that name. */
  renamed_from?: string;
}

/** A delete + create of look-alikes: probably a rename (`metadata.renamed_from` would keep the object). */
interface PlanRenameHint {
  from: string;
  to: string;
}

/** A `${env.NAME}` the plan's calls send: apply needs it set. */
export interface RequiredVariable {
  name: string;
  /** Whether it was set when the plan was made (apply checks again). */
  set: boolean;
  addresses: string[];
  /** Where its value shows in the changes' `after` (JSON pointer per address). */
  uses: { address: string; path: string }[];
}

export interface Plan {
  format_version: number;
  tool_version: string;
  url: string;
  manifest_digest: string;
  created_at: string;
  /** The ownership tag in force when planned (apply stamps this one). */
  ownership_tag: string;
  summary: PlanSummary;
  changes: PlanChange[];
  calls: Call[];
  /** Hash of the normalized live GET of every object the plan touches (stale-plan check). */
  fingerprints: Record<string, string>;
  /** The sub-documents each fingerprint covers (only those read for the plan). */
  fingerprint_documents: Record<string, string[]>;
  /** Item fields a fingerprint leaves out: no manifest manages what they feed (absent: none). */
  fingerprint_omitted?: Record<string, string[]>;

  /** Addresses to be created: apply refuses if one exists by then. */
  creates: string[];
  /** Addresses of the live objects left alone (`unmanaged_objects` says why). */
  unmanaged: string[];
  /** Every live object left alone, with why it is not deleted and, when known, its owner's tag (absent in plans saved before it existed). */
  unmanaged_objects?: UnmanagedObject[];
  /** Live objects dpac could not express (kind, name, why). */
  problems: { address: string; why: string }[];
  /** Deletes + creates that look like renames (absent in plans saved before renames existed). */
  rename_hints?: PlanRenameHint[];
  /** Every secret variable the calls send (absent in plans saved before it existed). */
  required_variables?: RequiredVariable[];
}

const SUMMARY_FIELD: Record<Action, Exclude<keyof PlanSummary, 'unmanaged'> | undefined> = {
  create: 'add',
  update: 'change',
  replace: 'replace',
  delete: 'destroy',
  adopt: 'adopt',
  noop: undefined,
};

export function summarize(changes: readonly Change[], unmanaged: number): PlanSummary {
  const summary: PlanSummary = { add: 0, change: 0, replace: 0, destroy: 0, adopt: 0, unmanaged };
  for (const c of changes) {
    const field = SUMMARY_FIELD[c.action];
    if (field) summary[field]++;
  }
  return summary;
}

export function hasChanges(plan: Pick<Plan, 'calls' | 'changes'>): boolean {
  return plan.calls.length > 0 || plan.changes.some((c) => c.action !== 'noop');
}
