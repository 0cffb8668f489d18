// Settles a write whose outcome is unknown (5xx after send, reset, timeout): the platform has no
// idempotency keys, so a create is never blindly re-sent. Its natural key is looked up at 0.5, 1,
// 2, 4, 8 s: one match → adopt that id; none → proven absent, re-send (at most twice for that key
// in a run, each re-send settled the same way); several → stop on that key and report, never
// auto-delete.
import { ApiError } from '../api/errors.js';
import type { Call } from '../core/call.js';
import type { ExecuteOptions } from './execute-plan.js';
import type { StepResult } from './step-result.js';
import { createdId, intentOf, isIndeterminate, messageOf } from './step-result.js';

/** When a write's outcome is unknown, the read-backs wait this long first (ms). */
export const DEFAULT_DELAYS = [500, 1000, 2000, 4000, 8000];
export const MAX_RESENDS_PER_KEY = 2;

/** A write whose outcome is unknown: the call, the request as sent, the ids known so far. */
export interface AmbiguousInput {
  call: Call;
  req: { method: Call['method']; path: string; body?: unknown; intent?: string };
  ids: ReadonlyMap<string, string>;
  options: ExecuteOptions;
}

export async function resolveAmbiguousCreate(input: AmbiguousInput): Promise<Omit<StepResult, 'ms'>> {
  const { call, options } = input;
  if (!call.creates) return resendIdempotent(input);
  for (let resends = 0; ; resends++) {
    const found = await lookUp(input);
    if (typeof found === 'string') return { call, status: 'failed', message: found };
    if (found.length === 1) {
      const resolution = resends === 0 ? 'adopted-after-read-back' : 'resent-after-read-back';
      return { call, status: 'applied', id: found[0], resolution };
    }
    if (found.length > 1) {
      return {
        call,
        status: 'failed',
        message: `Could not ${intentOf(call)}: after an ambiguous create, ${found.length} live objects carry this name (ids ${found.join(', ')}). dpac deletes nothing on its own: remove the extra one and run apply again.`,
      };
    }
    if (resends >= MAX_RESENDS_PER_KEY) {
      return {
        call,
        status: 'failed',
        message: `Could not ${intentOf(call)}: it was proven absent after ${resends} re-sends whose outcome was unknown. Run apply again; it looks the name up first.`,
      };
    }
    try {
      const res = await options.client.request(input.req);
      return { call, status: 'applied', id: createdId(call, res.body), resolution: 'resent-after-read-back' };
    } catch (error) {
      if (!isIndeterminate(error)) {
        return {
          call,
          status: 'failed',
          message: `Could not ${intentOf(call)} after re-sending it: ${messageOf(error)}`,
        };
      }
      // Unknown again: look the name up again before any further re-send.
    }
  }
}

/** The ids live under the call's natural key, after the back-off; or why they could not be read. */
async function lookUp({ call, ids, options }: AmbiguousInput): Promise<string[] | string> {
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  let found: string[] = [];
  for (const delay of options.readBackDelaysMs ?? DEFAULT_DELAYS) {
    await sleep(delay);
    try {
      found = await options.readBack(call.address, ids);
    } catch (error) {
      return `Could not ${intentOf(call)}: the outcome is unknown and reading it back failed: ${messageOf(error)}`;
    }
    if (found.length > 0) break;
  }
  return found;
}

/**
 * A write that creates nothing (PUT/PATCH of a whole document, a grant) sets absolute values, so
 * sending it again has the same effect as once. An "already exists" answer to the re-send means
 * the first attempt landed.
 */
async function resendIdempotent({ call, req, options }: AmbiguousInput): Promise<Omit<StepResult, 'ms'>> {
  try {
    await options.client.request(req);
    return { call, status: 'applied' };
  } catch (error) {
    if (error instanceof ApiError && error.iwCode === 'IW10003') return { call, status: 'applied' };
    return { call, status: 'failed', message: messageOf(error) };
  }
}
