// apply(): a plan made by plan() in this process, or applySavedPlan(): one read back from a file
// with readPlanFile(). Every guard runs here, before the first write: a refused plan, a broken
// error-severity policy and `failOn` impacts unacknowledged (planGates), a secret variable the
// calls send that is not set, and for a saved plan its signature, its integrity, today's protect
// patterns and the mass-delete guard, and whether anything it touches changed.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ApplyOutcome, applyPlan, sentSecretValues } from '../apply/apply-plan.js';
import { checkSavedPlan } from '../apply/check-saved-plan.js';
import type { ApplyEvent } from '../apply/step-result.js';
import { type Diagnostic, hasErrors } from '../core/diagnostic.js';
import type { Impact } from '../core/field-policy.js';
import type { LiveState } from '../live/live-object.js';
import { defaultProject, type ProjectConfig } from '../manifest/project-config.js';
import type { ComputedPlan } from '../pipeline.js';
import { planGates } from '../plan/impact/gate.js';
import type { Plan } from '../plan/plan.js';
import { readSavedPlan } from '../plan/read-saved-plan.js';
import { missingVariables } from '../plan/required-variables.js';
import { PLAN_KEY_VARIABLE } from '../plan/sign-plan.js';
import type { Connection } from './connect.js';
import { Refusal } from './refusal.js';

type Env = Readonly<Record<string, string | undefined>>;

export interface ApplyOptions {
  /** The values of the secret variables the calls send. Default: process.env. */
  env?: Env;
  /** Calls in flight at once; default: the connection's. */
  parallelism?: number;
  /** The folder a plan's local file paths are relative to (uploads). Default: the process's. */
  cwd?: string;
  /** Progress: each call as it starts and ends. */
  onEvent?(event: ApplyEvent): void;
  /** True once the caller wants no new call started (an interrupt). */
  stopRequested?(): boolean;
  /** Delays of the read-back after an ambiguous create (ms); for tests. */
  readBackDelaysMs?: readonly number[];
  /** Refuse a plan with one of these data impacts unacknowledged (`--fail-on`; docs/data-impact.md). */
  failOn?: readonly Impact[];
}

/**
 * Why a plan made in this process cannot be applied now (its guards refused it, a policy or a
 * `failOn` impact stops it, or a secret variable it sends is unset); empty when it can. apply()
 * checks the same before any write.
 */
export function applyRefusals(
  planned: Pick<ComputedPlan, 'plan' | 'diagnostics'>,
  env: Env = process.env,
  failOn?: readonly Impact[],
): Diagnostic[] {
  if (hasErrors(planned.diagnostics)) return planned.diagnostics.filter((d) => d.severity === 'error');
  return [...planGates(planned.plan, { failOn }), ...missingSecrets(planned.plan, env)];
}

/** Applies a plan made by plan() in this process, then reads back and verifies what it wrote. */
export async function apply(
  connection: Connection,
  planned: ComputedPlan,
  options: ApplyOptions = {},
): Promise<ApplyOutcome> {
  const env = options.env ?? process.env;
  const refusals = applyRefusals(planned, env, options.failOn);
  if (refusals.length > 0) throw new Refusal('The plan cannot be applied; nothing was written.', refusals);
  return run(connection, planned.plan, planned.live, options, planned.secretLiterals);
}

export interface SavedPlanOptions extends ApplyOptions {
  /** dpac.yaml as it is now: its protect patterns apply to a plan made before they changed. */
  project?: ProjectConfig;
  /** Allow the saved plan to delete more than max(5, 25%) of a kind's managed objects. */
  allowMassDelete?: boolean;
}

/**
 * A plan file (`dpac plan --out`), parsed through the plan contract, its signature checked when
 * DPAC_PLAN_KEY is set (`verify: false` only reads it, for showing). Never throws for a bad file:
 * its problems come back as diagnostics at file:line:col.
 */
export async function readPlanFile(
  file: string,
  options: { cwd?: string; env?: Env; verify?: boolean } = {},
): Promise<{ plan?: Plan; diagnostics: Diagnostic[] }> {
  let text: string;
  try {
    text = await readFile(path.resolve(options.cwd ?? process.cwd(), file), 'utf8');
  } catch (error) {
    const why =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    return { diagnostics: [{ severity: 'error', summary: `Cannot read the saved plan ${file}: ${why}` }] };
  }
  const env = options.env ?? process.env;
  return readSavedPlan(text, file, { key: env[PLAN_KEY_VARIABLE], verify: options.verify !== false });
}

/**
 * Applies a saved plan exactly as it was reviewed, refusing (a Refusal, nothing written) when it
 * does not check out: made for another URL or format, not what its own changes produce, against
 * today's protect patterns or the mass-delete guard, stale (an object it touches changed, or one
 * it creates now exists), or needing a secret that is unset or that a saved plan cannot carry.
 */
export async function applySavedPlan(
  connection: Connection,
  plan: Plan,
  options: SavedPlanOptions = {},
): Promise<ApplyOutcome> {
  const env = options.env ?? process.env;
  // What the plan itself says stops it is known before reading anything.
  const gates = planGates(plan, { failOn: options.failOn });
  if (gates.length > 0) throw new Refusal('The saved plan was refused; nothing was written.', gates);
  const status = await checkSavedPlan({
    plan,
    url: connection.url,
    client: connection.client,
    protect: (options.project ?? defaultProject()).protect,
    allowMassDelete: options.allowMassDelete ?? false,
  });
  const refusals = [...status.diagnostics, ...(status.live ? missingSecrets(plan, env) : [])];
  if (refusals.length > 0 || !status.live)
    throw new Refusal('The saved plan was refused; nothing was written.', refusals);
  return run(connection, plan, status.live, options);
}

function run(
  connection: Connection,
  plan: Plan,
  live: LiveState,
  options: ApplyOptions,
  secretLiterals?: ReadonlyMap<string, string>,
): Promise<ApplyOutcome> {
  return applyPlan({
    plan,
    live,
    client: connection.client,
    env: { ...(options.env ?? process.env) },
    ...(secretLiterals ? { secretLiterals } : {}),
    parallelism: options.parallelism ?? connection.parallelism,
    ownershipTag: plan.ownership_tag,
    ...(options.stopRequested ? { stopRequested: options.stopRequested } : {}),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    ...(options.readBackDelaysMs ? { readBackDelaysMs: options.readBackDelaysMs } : {}),
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
}

/**
 * The values of the secret variables a plan sends, for the connection to scrub from every trace
 * and error (`connect({ secrets })`): open the connection that applies a saved plan with them.
 */
export function secretValuesOf(plan: Plan, env: Env = process.env): string[] {
  return [...sentSecretValues(plan.calls, env).keys()];
}

/** Every secret variable the calls send that is unset, in one diagnostic (one fix-and-rerun). */
function missingSecrets(plan: Plan, env: Env): Diagnostic[] {
  const missing = missingVariables(plan.calls, env);
  if (missing.length === 0) return [];
  const n = missing.length;
  return [
    {
      severity: 'error',
      summary: `The plan sends ${n} secret variable${n === 1 ? '' : 's'} that ${n === 1 ? 'is' : 'are'} not set; nothing was written.`,
      detail: [
        ...missing.map((v) => `${v.name} (for ${v.addresses.join(', ')})`),
        'Set them in the environment (plan, drift, show and graph do not need them) and run apply again.',
      ].join('\n'),
    },
  ];
}
