// Settles a write whose outcome is unknown (5xx after send, reset, timeout): the platform has no
// idempotency keys, so a create is never blindly re-sent. Its natural key is looked up at 0.5, 1,
// 2, 4, 8 s: one match → adopt that id; none → proven absent, re-send (at most twice a run);
// several → stop on that key and report, never auto-delete (reliability.md).
import { ApiError } from '../api/errors.js';
import type { Call } from '../core/call.js';
import { createdId, type ExecuteOptions, intentOf, isIndeterminate, messageOf } from './execute-plan.js';
import type { StepResult } from './step-result.js';

const DEFAULT_DELAYS = [500, 1000, 2000, 4000, 8000];

interface Input {
  call: Call;
  req: { method: Call['method']; path: string; body?: unknown; intent?: string };
  ids: ReadonlyMap<string, string>;
  options: ExecuteOptions;
  budget: { resends: number };
}

export async function resolveAmbiguousCreate(input: Input): Promise<Omit<StepResult, 'ms'>> {
  const { call, options } = input;
  if (!call.creates) return resendIdempotent(input);
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  let found: string[] = [];
  for (const delay of options.readBackDelaysMs ?? DEFAULT_DELAYS) {
    await sleep(delay);
    try {
      found = await options.readBack(call.address, input.ids);
    } catch (error) {
      return {
        call,
        status: 'failed',
        message: `Could not ${intentOf(call)}: the outcome is unknown and reading it back failed: ${messageOf(error)}`,
      };
    }
    if (found.length > 0) break;
  }
  if (found.length === 1)
    return { call, status: 'applied', id: found[0], resolution: 'adopted-after-read-back' };
  if (found.length > 1) {
    return {
      call,
      status: 'failed',
      message: `Could not ${intentOf(call)}: after an ambiguous create, ${found.length} live objects carry this name (ids ${found.join(', ')}). dpac deletes nothing on its own: remove the extra one and run apply again.`,
    };
  }
  if (input.budget.resends <= 0) {
    return {
      call,
      status: 'failed',
      message: `Could not ${intentOf(call)}: its outcome was unknown, it is proven absent, and the run's re-send budget is spent. Run apply again.`,
    };
  }
  input.budget.resends--;
  try {
    const res = await options.client.request(input.req);
    return { call, status: 'applied', id: createdId(call, res.body), resolution: 'resent-after-read-back' };
  } catch (error) {
    const why = isIndeterminate(error) ? 'its outcome is unknown again' : messageOf(error);
    return {
      call,
      status: 'failed',
      message: `Could not ${intentOf(call)} after re-sending it: ${why}. Run apply again; it will look the name up first.`,
    };
  }
}

/**
 * A write that creates nothing (PUT/PATCH of a whole document, a grant) sets absolute values, so
 * sending it again has the same effect as once. An "already exists" answer to the re-send means
 * the first attempt landed.
 */
async function resendIdempotent({ call, req, options }: Input): Promise<Omit<StepResult, 'ms'>> {
  try {
    await options.client.request(req);
    return { call, status: 'applied' };
  } catch (error) {
    if (error instanceof ApiError && error.iwCode === 'IW10003') return { call, status: 'applied' };
    return { call, status: 'failed', message: messageOf(error) };
  }
}
