// Where a plan writes, as people read it: the dpac.yaml target, if one was in force, and the v3
// URL without anything but its origin and path (never a query, a fragment or credentials). Shown
// at the head of the text and markdown plans and in apply's confirmation question. Pure.
import type { Plan } from '../plan/plan.js';

/** `prod (https://platform.example.com/v3)`, or the URL alone when no target was in force. */
export function planTarget(plan: Pick<Plan, 'url' | 'target'>): string {
  const url = shownUrl(plan.url);
  return plan.target === undefined ? url : `${plan.target} (${url})`;
}

function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
  } catch {
    return '(an unreadable URL)';
  }
}
