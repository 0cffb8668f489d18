// The secret variables a plan needs: every environment variable its calls' fills read (plan and
// drift run without them; apply refuses before any write while one is unset), with where each one
// shows in the changes, so the text plan can say which value apply will need. Pure.
import type { Address } from '../core/address.js';
import type { Call } from '../core/call.js';
import { escapeSegment } from '../core/json-pointer.js';
import { SecretRef } from '../core/secret.js';
import type { Change } from '../diff/change.js';
import type { RequiredVariable } from './plan.js';

type Env = Readonly<Record<string, string | undefined>>;

/** Variable name → the addresses whose calls send it (a batch's item, for a secret inside one). */
function variablesSent(calls: readonly Call[]): Map<string, Set<Address>> {
  const sent = new Map<string, Set<Address>>();
  for (const call of calls) {
    for (const fill of call.fills ?? []) {
      if (!('env' in fill)) continue;
      const addresses = sent.get(fill.env) ?? new Set<Address>();
      addresses.add(fillAddress(call, fill.path));
      sent.set(fill.env, addresses);
    }
  }
  return sent;
}

/** The object a fill belongs to: the call's, or, inside a batch's item list, that item's. */
function fillAddress(call: Pick<Call, 'address' | 'batch' | 'items'>, pointer: string): Address {
  if (!call.batch || !call.items || !pointer.startsWith(`${call.batch.list}/`)) return call.address;
  const index = Number(pointer.slice(call.batch.list.length + 1).split('/')[0]);
  return call.items[index] ?? call.address;
}

export function requiredVariables(
  calls: readonly Call[],
  changes: readonly Change[],
  env: Env,
): RequiredVariable[] {
  const sent = variablesSent(calls);
  if (sent.size === 0) return [];
  const sending = new Set([...sent.values()].flatMap((addresses) => [...addresses]));
  const uses = new Map<string, { address: Address; path: string }[]>();
  for (const c of changes) {
    if (!c.after || !sending.has(c.address)) continue;
    for (const [path, name] of referencesIn(c.after, '')) {
      if (!sent.has(name)) continue;
      const use = { address: c.address, path };
      const list = uses.get(name);
      if (list) list.push(use);
      else uses.set(name, [use]);
    }
  }
  return [...sent]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, addresses]) => ({
      name,
      set: isSet(env, name),
      addresses: [...addresses].sort(),
      uses: uses.get(name) ?? [],
    }));
}

/** The variables the calls send that are not set, each with the addresses that need it. */
export function missingVariables(calls: readonly Call[], env: Env): { name: string; addresses: string[] }[] {
  return [...variablesSent(calls)]
    .filter(([name]) => !isSet(env, name))
    .map(([name, addresses]) => ({ name, addresses: [...addresses].sort() }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

function isSet(env: Env, name: string): boolean {
  return Object.hasOwn(env, name) && typeof env[name] === 'string';
}

/** `[pointer, NAME]` of every secret in a declared spec that names a variable. */
function referencesIn(value: unknown, pointer: string): [string, string][] {
  if (value instanceof SecretRef) return value.variable === undefined ? [] : [[pointer, value.variable]];
  if (value === null || typeof value !== 'object') return [];
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  return entries.flatMap(([k, v]) => referencesIn(v, `${pointer}/${escapeSegment(k)}`));
}
