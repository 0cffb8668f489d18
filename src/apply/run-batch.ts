// Runs a batched create (one call whose body list creates several objects, e.g. the tables of a
// source) and gives every item its own outcome. The answer's id list is taken item by item when
// it has one id per item; otherwise each item is found again by its natural key (the kind's
// `batchKey`). An ambiguous answer (5xx after send, reset, timeout) is settled like a single
// create: read back at 0.5, 1, 2, 4, 8 s; items found once are adopted, items found several times
// stop with a report, and only the items proven absent are sent again (at most twice), never a
// duplicate.
import { isPlatformId, quoteServerValue, scrubOf } from '../api/platform-id.js';
import type { Call } from '../core/call.js';
import { getPointer, setPointer } from '../core/json-pointer.js';
import type { WriteClient } from './execute-plan.js';
import { type AmbiguousInput, DEFAULT_DELAYS, MAX_RESENDS_PER_KEY } from './resolve-ambiguous-create.js';
import type { ItemResult, StepResult } from './step-result.js';
import { intentOf, isIndeterminate, messageOf } from './step-result.js';

type Outcomes = Map<number, ItemResult>;

export async function runBatch(input: AmbiguousInput): Promise<Omit<StepResult, 'ms'>> {
  const { call, req } = input;
  const addresses = call.items ?? [];
  const list = call.batch?.list ?? '';
  const bodies = getPointer(req.body, list);
  if (!Array.isArray(bodies) || bodies.length !== addresses.length) {
    const message = `Could not ${intentOf(call)}: the call's ${list} does not hold one item per object`;
    return { call, status: 'failed', message };
  }
  const batch = { ...input, addresses, bodies: bodies as Record<string, unknown>[], list };
  const outcomes: Outcomes = new Map();
  const all = addresses.map((_, i) => i);
  try {
    const res = await input.options.client.request(req);
    await fromAnswer(batch, all, res.body, outcomes, undefined);
  } catch (error) {
    if (isIndeterminate(error)) await settle(batch, all, outcomes);
    else failAll(batch, all, outcomes, messageOf(error));
  }
  return summarize(
    call,
    addresses.map((_, i) => outcomes.get(i) as ItemResult),
  );
}

interface Batch extends AmbiguousInput {
  addresses: readonly string[];
  bodies: readonly Record<string, unknown>[];
  list: string;
}

/** Outcomes of the items `pending` from a 2xx answer to a call that sent exactly those items. */
async function fromAnswer(
  batch: Batch,
  pending: readonly number[],
  answer: unknown,
  outcomes: Outcomes,
  resolution: ItemResult['resolution'],
): Promise<void> {
  // Where the answer lists the new ids (the kind says, through `creates`); without it, every item
  // is found by reading back.
  const pointer = batch.call.creates;
  const raw = typeof pointer === 'string' ? getPointer(answer, pointer) : undefined;
  const added = Array.isArray(raw) ? raw.map(String) : [];
  if (added.length === pending.length && added.every(isPlatformId)) {
    pending.forEach((at, k) => {
      outcomes.set(at, {
        address: batch.addresses[at] as string,
        status: 'applied',
        id: added[k],
        resolution,
      });
    });
    return;
  }
  // Fewer ids than items (some were refused) or ids in another shape: find each item by its key.
  const found = await readBack(batch, pending, outcomes);
  if (!found) return;
  const addedSet = new Set(added);
  pending.forEach((at, k) => {
    const ids = found[k] ?? [];
    const address = batch.addresses[at] as string;
    if (ids.length === 1 && (addedSet.has(ids[0] as string) || !Array.isArray(raw))) {
      outcomes.set(at, { address, status: 'applied', id: ids[0], resolution });
    } else if (ids.length === 1) {
      const message = `Could not create ${address}: it already existed when the batch was sent (id ${quoteServerValue(ids[0], scrubOf(batch.options.client))}, made outside this apply). Run dpac plan again.`;
      outcomes.set(at, { address, status: 'failed', message });
    } else if (ids.length > 1) outcomes.set(at, duplicates(address, ids));
    else {
      const message = `Could not create ${address}: the platform answered without adding it${serverMessage(answer, batch.options.client)}`;
      outcomes.set(at, { address, status: 'failed', message });
    }
  });
}

/** Unknown outcome of the items `pending`: look them up, adopt what landed, re-send only the rest. */
async function settle(batch: Batch, pending: readonly number[], outcomes: Outcomes): Promise<void> {
  let missing = [...pending];
  for (let resends = 0; ; resends++) {
    const found = await lookUp(batch, missing, outcomes);
    if (!found) return;
    const absent: number[] = [];
    missing.forEach((at, k) => {
      const ids = found[k] ?? [];
      const address = batch.addresses[at] as string;
      const resolution = resends === 0 ? 'adopted-after-read-back' : 'resent-after-read-back';
      if (ids.length === 1) outcomes.set(at, { address, status: 'applied', id: ids[0], resolution });
      else if (ids.length > 1) outcomes.set(at, duplicates(address, ids));
      else absent.push(at);
    });
    missing = absent;
    if (missing.length === 0) return;
    if (resends >= MAX_RESENDS_PER_KEY) {
      const message = (address: string) =>
        `Could not create ${address}: it was proven absent after ${resends} re-sends whose outcome was unknown. Run apply again; it looks the name up first.`;
      for (const at of missing) {
        const address = batch.addresses[at] as string;
        outcomes.set(at, { address, status: 'failed', message: message(address) });
      }
      return;
    }
    const body = setPointer(
      batch.req.body,
      batch.list,
      missing.map((at) => batch.bodies[at]),
    );
    try {
      const res = await batch.options.client.request({ ...batch.req, body });
      await fromAnswer(batch, missing, res.body, outcomes, 'resent-after-read-back');
      return;
    } catch (error) {
      if (!isIndeterminate(error)) {
        failAll(batch, missing, outcomes, `after re-sending it: ${messageOf(error)}`);
        return;
      }
      // Unknown again: look the missing items up again before any further re-send.
    }
  }
}

/** The live ids under each pending item's key after the back-off (stops early once all are found). */
async function lookUp(batch: Batch, pending: readonly number[], outcomes: Outcomes) {
  const sleep = batch.options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  let found: string[][] | undefined;
  for (const delay of batch.options.readBackDelaysMs ?? DEFAULT_DELAYS) {
    await sleep(delay);
    found = await readBack(batch, pending, outcomes);
    if (!found || found.every((ids) => ids.length > 0)) break;
  }
  return found;
}

/** One read of the items' collection; a failed read fails the pending items (unknown outcome). */
async function readBack(batch: Batch, pending: readonly number[], outcomes: Outcomes) {
  const items = pending.map((at) => ({
    address: batch.addresses[at] as string,
    body: batch.bodies[at] as Record<string, unknown>,
  }));
  try {
    if (!batch.options.readBackBatch) throw new Error('no read-back for batched creates');
    return await batch.options.readBackBatch(items, batch.ids);
  } catch (error) {
    failAll(
      batch,
      pending,
      outcomes,
      `the outcome is unknown and reading it back failed: ${messageOf(error)}`,
    );
    return undefined;
  }
}

function failAll(batch: Batch, pending: readonly number[], outcomes: Outcomes, why: string): void {
  for (const at of pending) {
    const address = batch.addresses[at] as string;
    outcomes.set(at, { address, status: 'failed', message: `Could not create ${address}: ${why}` });
  }
}

function duplicates(address: string, ids: readonly string[]): ItemResult {
  const message = `Could not create ${address}: after an ambiguous create, ${ids.length} live objects carry its key (ids ${ids.join(', ')}). dpac deletes nothing on its own: remove the extra one and run apply again.`;
  return { address, status: 'failed', message };
}

/** What the server said, quoted. */
function serverMessage(answer: unknown, client: WriteClient): string {
  const text = getPointer(answer, '/message');
  return typeof text === 'string' && text !== ''
    ? ` (it said ${quoteServerValue(text, scrubOf(client))})`
    : '';
}

/** The call applied when every item did; otherwise it failed, naming how many items did not. */
function summarize(call: Call, items: readonly ItemResult[]): Omit<StepResult, 'ms'> {
  const failed = items.filter((i) => i.status !== 'applied');
  const settled = items.find((i) => i.resolution)?.resolution;
  const base = { call, items: [...items], ...(settled ? { resolution: settled } : {}) };
  if (failed.length === 0) return { ...base, status: 'applied' };
  const first = failed[0]?.message ?? '';
  const message =
    failed.length === items.length && items.length === 1
      ? first
      : `Could not ${intentOf(call)}: ${failed.length} of ${items.length} not created (first: ${first})`;
  return { ...base, status: 'failed', message };
}
