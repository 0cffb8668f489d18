// Running an apply from a command (apply, destroy): the progress and interrupt handling, then the
// summary and the exit code (0 all applied and verified, 3 partial, 1 nothing applied).
import type { ApplyOutcome } from '../apply/apply-plan.js';
import type { Plan } from '../plan/plan.js';
import { planTarget } from '../render/plan-target.js';
import { renderApplySummary } from '../render/render-apply-summary.js';
import type { Style } from '../render/style.js';
import { EXIT } from './exit-codes.js';
import type { CliIo } from './io.js';
import { progressReporter } from './progress.js';
import { reportDiagnostics } from './report-diagnostics.js';

export function runOptions(io: CliIo, plan: Plan) {
  return {
    env: io.env,
    cwd: io.cwd,
    stopRequested: () => io.interrupts.requested(),
    onEvent: progressReporter(io, plan.calls),
  };
}

/** Runs the apply with interrupts handled, then reports: exit 0, 1 or 3 (partial). */
export async function runApply(
  io: CliIo,
  style: Style,
  plan: Plan,
  start: () => Promise<ApplyOutcome>,
): Promise<number> {
  const stopNotice = io.interrupts.onFirst(() =>
    io.err(
      '\nInterrupt: finishing the calls in flight and starting nothing new. Press Ctrl-C again to exit at once.',
    ),
  );
  io.out(
    `\nApplying ${plan.calls.length} call${plan.calls.length === 1 ? '' : 's'} to ${planTarget(plan)}...`,
  );
  try {
    return report(io, await start(), style);
  } finally {
    stopNotice();
  }
}

function report(io: CliIo, outcome: ApplyOutcome, style: Style): number {
  reportDiagnostics(io, outcome.diagnostics, style);
  io.out(`\n${renderApplySummary(outcome)}`);
  const applied = outcome.results.some((r) => r.status === 'applied');
  const stepsOk = outcome.results.every((r) => r.status === 'applied');
  if (stepsOk) return outcome.diagnostics.length ? EXIT.error : EXIT.ok;
  return applied || io.interrupts.requested() ? EXIT.partial : EXIT.error;
}
