// Runs a plan's call DAG: up to `parallelism` calls at once, ids from creates flow into dependent
// calls, secrets are resolved at send time, a failed step skips its dependents while independent
// branches go on, and an interrupt starts nothing new. Every step ends as a result, never a throw.
import { IndeterminateWriteError } from '../api/errors.js';
import type { Call } from '../core/call.js';
import { getPointer } from '../core/json-pointer.js';
import { resolveAmbiguousCreate } from './resolve-ambiguous-create.js';
import type { ApplyEvent, StepResult } from './step-result.js';
import { substitute } from './substitute.js';

export interface WriteClient {
  request(req: {
    method: Call['method'];
    path: string;
    body?: unknown;
    intent?: string;
  }): Promise<{ status: number; body: unknown }>;
}

export interface ExecuteOptions {
  calls: readonly Call[];
  client: WriteClient;
  env: Record<string, string | undefined>;
  parallelism: number;
  /** Ids of the natural keys found live by read-back (ambiguous creates). */
  readBack(address: string, ids: ReadonlyMap<string, string>): Promise<string[]>;
  /** Ids of objects that exist before the run (address → id), for read-backs under them. */
  knownIds?: ReadonlyMap<string, string>;
  /** True once an interrupt asked to start nothing new. */
  stopRequested?(): boolean;
  onEvent?(event: ApplyEvent): void;
  /** Delays of the read-back after an ambiguous create (ms). Default 0.5, 1, 2, 4, 8 s. */
  readBackDelaysMs?: readonly number[];
  sleep?(ms: number): Promise<void>;
}

const MAX_RESENDS_PER_RUN = 2;

export async function executePlan(options: ExecuteOptions): Promise<StepResult[]> {
  const { calls } = options;
  const results = new Map<string, StepResult>();
  const ids = new Map<string, string>(options.knownIds ?? []);
  const running = new Map<string, Promise<void>>();
  const budget = { resends: MAX_RESENDS_PER_RUN };

  const blocked = (c: Call) =>
    c.depends_on.some((d) => {
      const r = results.get(d);
      return r !== undefined && r.status !== 'applied';
    });
  const ready = (c: Call) => c.depends_on.every((d) => results.get(d)?.status === 'applied');

  while (results.size < calls.length) {
    for (const c of calls) {
      if (results.has(c.id) || running.has(c.id)) continue;
      if (blocked(c)) {
        const failed = c.depends_on.filter((d) => results.get(d)?.status !== 'applied');
        finish({
          call: c,
          status: 'skipped',
          message: `skipped: depends on ${failed.join(', ')}, which did not apply`,
          ms: 0,
        });
      }
    }
    if (results.size >= calls.length) break;
    const stopping = options.stopRequested?.() ?? false;
    if (!stopping) {
      for (const c of calls) {
        if (running.size >= options.parallelism) break;
        if (results.has(c.id) || running.has(c.id) || !ready(c)) continue;
        options.onEvent?.({ type: 'start', call: c, running: running.size + 1 });
        running.set(c.id, runStep(c).then(finish));
      }
    }
    if (running.size === 0) {
      // Nothing in flight and nothing startable: an interrupt, or calls whose deps never ran.
      for (const c of calls) {
        if (!results.has(c.id))
          finish({
            call: c,
            status: 'not_started',
            message: stopping ? 'not started: interrupted' : 'not started',
            ms: 0,
          });
      }
      break;
    }
    await Promise.race(running.values());
  }
  return calls.map((c) => results.get(c.id) as StepResult);

  function finish(result: StepResult): void {
    running.delete(result.call.id);
    results.set(result.call.id, result);
    if (result.status === 'applied' && result.id) ids.set(result.call.address, result.id);
    options.onEvent?.({ type: 'end', result, done: results.size, total: calls.length });
  }

  async function runStep(call: Call): Promise<StepResult> {
    const started = Date.now();
    const ms = () => Date.now() - started;
    const filled = substitute({ path: call.path, body: call.body }, ids, options.env);
    if (!filled.value)
      return { call, status: 'failed', message: `Could not ${intentOf(call)}: ${filled.error}`, ms: ms() };
    const req = {
      method: call.method,
      path: filled.value.path,
      body: filled.value.body,
      intent: intentOf(call),
    };
    try {
      const res = await options.client.request(req);
      return { call, status: 'applied', id: createdId(call, res.body), ms: ms() };
    } catch (error) {
      if (!isIndeterminate(error)) return { call, status: 'failed', message: messageOf(error), ms: ms() };
      const settled = await resolveAmbiguousCreate({ call, req, ids, options, budget });
      return { ...settled, ms: ms() };
    }
  }
}

export function createdId(call: Call, body: unknown): string | undefined {
  if (!call.creates) return undefined;
  const pointer = typeof call.creates === 'string' ? call.creates : '/result/id';
  const id = getPointer(body, pointer);
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

export function intentOf(call: Call): string {
  if (call.creates) return `create ${call.address}`;
  if (call.method === 'DELETE' && !call.note) return `delete ${call.address}`;
  return `write ${call.note ? `the ${call.note} of ` : ''}${call.address}`;
}

export function isIndeterminate(error: unknown): boolean {
  return error instanceof IndeterminateWriteError;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
