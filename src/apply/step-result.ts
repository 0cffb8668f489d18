// The outcome of every call in an apply: results, not throws; and how a call's intent, created id
// and failure read, for the executor, the batch runner and the read-back of ambiguous creates.
import { IndeterminateWriteError } from '../api/errors.js';
import type { Call } from '../core/call.js';
import { getPointer } from '../core/json-pointer.js';

export type StepStatus = 'applied' | 'failed' | 'skipped' | 'not_started';

export interface StepResult {
  call: Call;
  status: StepStatus;
  /** Failure or skip reason, restating intent; never holds a secret. */
  message?: string;
  /** Id learnt from a creating call (or by read-back after an ambiguous create). */
  id?: string;
  ms: number;
  /** The path sent, placeholders replaced by ids (absent when they could not be). */
  path?: string;
  /** How an ambiguous create was settled, when it was. */
  resolution?: 'adopted-after-read-back' | 'resent-after-read-back';
  /** A batched create: the outcome of each object it creates, in item order. */
  items?: ItemResult[];
}

/** One object of a batched create: it is created (with its id) or not, on its own. */
export interface ItemResult {
  address: string;
  status: 'applied' | 'failed';
  id?: string;
  message?: string;
  resolution?: StepResult['resolution'];
}

/** The addresses a step leaves undone: its failed items for a batch, else its own when it did not apply. */
export function undoneAddresses(result: StepResult): string[] {
  if (result.items && result.status !== 'skipped' && result.status !== 'not_started') {
    return result.items.filter((i) => i.status !== 'applied').map((i) => i.address);
  }
  if (result.status === 'applied') return [];
  return result.call.items ? [...result.call.items] : [result.call.address];
}

export type ApplyEvent =
  | { type: 'start'; call: Call; running: number }
  | { type: 'end'; result: StepResult; done: number; total: number };

export function countStatuses(results: readonly StepResult[]): Record<StepStatus, number> {
  const out: Record<StepStatus, number> = { applied: 0, failed: 0, skipped: 0, not_started: 0 };
  for (const r of results) out[r.status]++;
  return out;
}

/** The id a creating call's answer holds, at the pointer the call names (default `/result/id`). */
export function createdId(call: Call, body: unknown): string | undefined {
  if (!call.creates) return undefined;
  const pointer = typeof call.creates === 'string' ? call.creates : '/result/id';
  const id = getPointer(body, pointer);
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** What a call does, for messages: `create Source/x`, `write the connection of Source/x`. */
export function intentOf(call: Call): string {
  if (call.items)
    return `create ${call.items.length} object(s) under ${call.address} (${call.note ?? 'batch'})`;
  if (call.creates) return `create ${call.address}`;
  if (call.method === 'DELETE' && !call.note) return `delete ${call.address}`;
  return `write ${call.note ? `the ${call.note} of ` : ''}${call.address}`;
}

/** A write whose outcome is unknown (sent, then cut): settled by read-back, never re-sent blindly. */
export function isIndeterminate(error: unknown): boolean {
  return error instanceof IndeterminateWriteError;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
