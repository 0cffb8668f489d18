// The outcome of every call in an apply: results, not throws.
import type { Call } from '../core/call.js';

export type StepStatus = 'applied' | 'failed' | 'skipped' | 'not_started';

export interface StepResult {
  call: Call;
  status: StepStatus;
  /** Failure or skip reason, restating intent; never holds a secret. */
  message?: string;
  /** Id learnt from a creating call (or by read-back after an ambiguous create). */
  id?: string;
  ms: number;
  /** The path sent, placeholders replaced by ids (absent when they could not be). */
  path?: string;
  /** How an ambiguous create was settled, when it was. */
  resolution?: 'adopted-after-read-back' | 'resent-after-read-back';
}

export type ApplyEvent =
  | { type: 'start'; call: Call; running: number }
  | { type: 'end'; result: StepResult; done: number; total: number };

export function countStatuses(results: readonly StepResult[]): Record<StepStatus, number> {
  const out: Record<StepStatus, number> = { applied: 0, failed: 0, skipped: 0, not_started: 0 };
  for (const r of results) out[r.status]++;
  return out;
}
