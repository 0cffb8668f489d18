// Executes a plan, then verifies what was written; returns per-step results and counts. The
// confirmation, progress display, summary (render/render-apply-summary.ts) and exit codes belong
// to the CLI.
import type { Diagnostic } from '../core/diagnostic.js';
import type { LiveState, ReadClient } from '../live/live-object.js';
import type { Plan } from '../plan/plan.js';
import { executePlan, type WriteClient } from './execute-plan.js';
import { readBackBatchFor, readBackFor } from './read-back.js';
import { type ApplyEvent, countStatuses, type StepResult, undoneAddresses } from './step-result.js';
import { verifyApply } from './verify-apply.js';

export interface ApplyInput {
  plan: Plan;
  client: ReadClient & WriteClient;
  env: Record<string, string | undefined>;
  /** Secrets the manifests wrote literally (ComputedPlan.secretLiterals; none for a saved plan). */
  secretLiterals?: ReadonlyMap<string, string>;
  parallelism: number;
  ownershipTag: string;
  /** What was read before the run (by the plan, or by the saved-plan check): ids of existing objects. */
  live: LiveState;
  stopRequested?(): boolean;
  onEvent?(event: ApplyEvent): void;
  readBackDelaysMs?: readonly number[];
  /** The folder local file paths are relative to (uploads). */
  cwd?: string;
}

export interface ApplyOutcome {
  results: StepResult[];
  /** Addresses whose every call applied. */
  completed: Set<string>;
  diagnostics: Diagnostic[];
  counts: { added: number; changed: number; replaced: number; destroyed: number; adopted: number };
  complete: boolean;
}

export async function applyPlan(input: ApplyInput): Promise<ApplyOutcome> {
  const results = await executePlan({
    calls: input.plan.calls,
    client: input.client,
    env: input.env,
    secretLiterals: input.secretLiterals,
    parallelism: input.parallelism,
    readBack: readBackFor(input.client),
    readBackBatch: readBackBatchFor(input.client),
    knownIds: new Map([...input.live.objects.values()].map((o) => [o.address, o.id])),
    stopRequested: input.stopRequested,
    onEvent: input.onEvent,
    readBackDelaysMs: input.readBackDelaysMs,
    cwd: input.cwd,
  });
  const failedAddresses = new Set<string>(results.flatMap(undoneAddresses));
  const completed = new Set(input.plan.changes.map((c) => c.address).filter((a) => !failedAddresses.has(a)));
  const diagnostics = await verifyApply({
    changes: input.plan.changes,
    appliedAddresses: completed,
    client: input.client,
    ownershipTag: input.ownershipTag,
    secretValues: sentSecretValues(input.plan.calls, input.env),
  }).catch((error: unknown) => [unverified(error)]);
  const done = (action: string) =>
    input.plan.changes.filter((c) => c.action === action && completed.has(c.address)).length;
  const counts = {
    added: done('create'),
    changed: done('update'),
    replaced: done('replace'),
    destroyed: done('delete'),
    adopted: done('adopt'),
  };
  const tally = countStatuses(results);
  return {
    results,
    completed,
    diagnostics,
    counts,
    complete: tally.applied === results.length && diagnostics.length === 0,
  };
}

/** The values of the secret variables the calls send (value → NAME), to keep out of what is printed. */
export function sentSecretValues(
  calls: Plan['calls'],
  env: Readonly<Record<string, string | undefined>>,
): Map<string, string> {
  const values = new Map<string, string>();
  for (const call of calls) {
    for (const fill of call.fills ?? []) {
      const value = 'env' in fill ? env[fill.env] : undefined;
      if ('env' in fill && value !== undefined && value.length >= 3) values.set(value, fill.env);
    }
  }
  return values;
}

/** The writes are done; failing to read them back must not lose the report of what was done. */
function unverified(error: unknown): Diagnostic {
  return {
    severity: 'error',
    summary: `Could not verify the apply: ${error instanceof Error ? error.message : String(error)}`,
    detail: 'The calls below ran; run dpac plan to check that live state matches the manifests.',
  };
}
