// The plan: resource-level changes for humans plus the literal calls. Its contract (types, JSON
// form, saved-plan parsing) is plan/plan-schema.ts; here, what is computed from it.
import type { Action, Change } from '../diff/change.js';
import type { Plan, PlanSummary } from './plan-schema.js';

export type { Plan, PlanChange, PlanSummary, RequiredVariable } from './plan-schema.js';

export const PLAN_FORMAT_VERSION = 1;

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
  return plan.calls.length > 0 || plan.changes.length > 0;
}
