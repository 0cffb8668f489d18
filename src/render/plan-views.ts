// The views of a plan, for `dpac plan` and `dpac show`: text (with the calls on request), JSON
// (the saved-plan body, byte for byte) and Markdown for pull-request comments. Pure.
import type { Plan } from '../plan/plan.js';
import { renderCalls } from './render-calls.js';
import { renderPlanMarkdown } from './render-plan-markdown.js';
import { renderPlanText } from './render-plan-text.js';
import { renderJson, type Views } from './view.js';

export interface PlanView {
  plan: Plan;
  /** `--show-calls`: the literal calls after the plan (text only). */
  showCalls?: boolean;
  /** `--full`: no group of changes summarised (text only). */
  full?: boolean;
  /** `show`: say when, for which URL and by which version the plan was made. */
  provenance?: boolean;
  /** `plan --out FILE`: where the plan was saved, with the command that applies it. */
  savedTo?: string;
}

export const PLAN_VIEWS: Views<PlanView, 'text' | 'json' | 'markdown'> = {
  text: ({ plan, showCalls, full, provenance, savedTo }, style) =>
    [
      ...(provenance
        ? [`Plan made ${plan.created_at} for ${plan.url} by dpac ${plan.tool_version}.`, '']
        : []),
      renderPlanText(plan, style, { full }),
      ...(showCalls ? ['', renderCalls(plan.calls, style)] : []),
      ...(savedTo
        ? ['', `Saved the plan to ${savedTo}. Apply exactly this plan with: dpac apply --plan ${savedTo}`]
        : []),
    ].join('\n'),
  json: ({ plan }) => renderJson(plan),
  markdown: ({ plan }) => renderPlanMarkdown(plan),
};
