// The last step of planning calls: a body may hold values known only when the call is sent (the
// id of an object created earlier in the apply, a secret), put there by the kinds as IdRef and
// SecretRef objects. Each becomes its display text in the body plus a `fill` naming its JSON
// pointer, which is all apply ever substitutes: nothing is found by scanning text. Pure.
import { IdRef } from '../core/address.js';
import type { Call, Fill } from '../core/call.js';
import { replaceNodes } from '../core/json-pointer.js';
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
    const body = replaceNodes(call.body, (node, pointer) => {
      if (node instanceof IdRef) fills.push({ path: pointer, id: node.address });
      else if (!(node instanceof SecretRef)) return undefined;
      else if (node.variable !== undefined) fills.push({ path: pointer, env: node.variable });
      else {
        fills.push({ path: pointer, literal: true });
        literals.set(fillKey(call.id, pointer), node.revealLiteral() ?? '');
      }
      return node.toJSON();
    });
    return fills.length ? { ...call, body, fills } : call;
  });
  return { calls: lowered, literals };
}
