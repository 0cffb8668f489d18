// The last step of planning calls: a body may hold values known only when the call is sent (the
// id of an object created earlier in the apply, a secret), put there by the kinds as IdRef and
// SecretRef objects. Each becomes its display text in the body plus a `fill` naming its JSON
// pointer, which is all apply ever substitutes: nothing is found by scanning text. Pure.
import { IdRef } from '../core/address.js';
import type { Call, Fill } from '../core/call.js';
import { escapeSegment } from '../core/json-pointer.js';
import { SecretRef } from '../core/secret.js';

export interface LoweredCalls {
  calls: Call[];
  /**
   * The values of secrets written literally in manifests, by `fillKey(call id, pointer)`: held by
   * this process only (a saved plan cannot carry them; apply --plan refuses such a fill).
   */
  literals: ReadonlyMap<string, string>;
}

export function fillKey(callId: string, pointer: string): string {
  return `${callId} ${pointer}`;
}

export function lowerCalls(calls: readonly Call[]): LoweredCalls {
  const literals = new Map<string, string>();
  const lowered = calls.map((call) => {
    if (call.body === undefined) return call;
    const fills: Fill[] = [];
    const body = lower(call.body, '', (pointer, ref) => {
      if (ref instanceof IdRef) fills.push({ path: pointer, id: ref.address });
      else if (ref.variable !== undefined) fills.push({ path: pointer, env: ref.variable });
      else {
        fills.push({ path: pointer, literal: true });
        literals.set(fillKey(call.id, pointer), ref.revealLiteral() ?? '');
      }
    });
    return fills.length ? { ...call, body, fills } : call;
  });
  return { calls: lowered, literals };
}

/** `value` with every IdRef and SecretRef replaced by its text; copies only what holds one. */
function lower(
  value: unknown,
  pointer: string,
  found: (pointer: string, ref: IdRef | SecretRef) => void,
): unknown {
  if (value instanceof IdRef || value instanceof SecretRef) {
    found(pointer, value);
    return value.toJSON();
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((item, i) => {
      const next = lower(item, `${pointer}/${i}`, found);
      if (next !== item) (out ??= value.slice())[i] = next;
    });
    return out ?? value;
  }
  let out: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const next = lower(item, `${pointer}/${escapeSegment(key)}`, found);
    if (next !== item) (out ??= { ...(value as Record<string, unknown>) })[key] = next;
  }
  return out ?? value;
}
