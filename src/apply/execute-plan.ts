// Runs a plan's call DAG: up to `parallelism` calls at once, ids from creates flow into dependent
// calls, fills (ids, secrets) are written at their pointers at send time, a failed step skips its
// dependents while independent branches go on, and an interrupt starts nothing new. Every step
// ends as a result, never a throw.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '../api/errors.js';
import { isPlatformId, PLATFORM_ID_FORMS, quoteServerValue, scrubOf } from '../api/platform-id.js';
import type { FormFile } from '../api/request-body.js';
import type { Call, LocalFile } from '../core/call.js';
import { MinHeap } from '../core/min-heap.js';
import { fillBody, referencedIds, substitutePath } from './fill-call.js';
import { resolveAmbiguousCreate } from './resolve-ambiguous-create.js';
import { runBatch } from './run-batch.js';
import {
  type ApplyEvent,
  createdId,
  intentOf,
  isIndeterminate,
  messageOf,
  type StepResult,
} from './step-result.js';

export interface WriteClient {
  request(req: {
    method: Call['method'];
    path: string;
    body?: unknown;
    intent?: string;
    contentType?: Call['content_type'];
    /** Files sent as the form's `files` parts. */
    files?: FormFile[];
    undocumented?: boolean;
  }): Promise<{ status: number; body: unknown }>;
  /** Scrubs the secrets the client knows from server text quoted in a message. */
  scrub?(text: string): string;
}

export interface ExecuteOptions {
  calls: readonly Call[];
  client: WriteClient;
  env: Record<string, string | undefined>;
  /** Secrets the manifests wrote literally (only an apply in the planning process has them). */
  secretLiterals?: ReadonlyMap<string, string>;
  parallelism: number;
  /** Ids of the natural keys found live by read-back (ambiguous creates). */
  readBack(address: string, ids: ReadonlyMap<string, string>): Promise<string[]>;
  /** For a batched create: the ids live under each item's key (see apply/read-back.ts). */
  readBackBatch?(
    items: readonly { address: string; body: Record<string, unknown> }[],
    ids: ReadonlyMap<string, string>,
  ): Promise<string[][]>;
  /** Ids of objects that exist before the run (address → id), for read-backs under them. */
  knownIds?: ReadonlyMap<string, string>;
  /** True once an interrupt asked to start nothing new. */
  stopRequested?(): boolean;
  onEvent?(event: ApplyEvent): void;
  /** Delays of the read-back after an ambiguous create (ms). Default 0.5, 1, 2, 4, 8 s. */
  readBackDelaysMs?: readonly number[];
  sleep?(ms: number): Promise<void>;
  /** The folder the plan's local file paths are relative to. Default: the process's. */
  cwd?: string;
}

export async function executePlan(options: ExecuteOptions): Promise<StepResult[]> {
  const { calls } = options;
  const results = new Map<string, StepResult>();
  const ids = new Map<string, string>(options.knownIds ?? []);
  const running = new Map<string, Promise<void>>();

  // Indexed so a step's end touches only its dependents: rescanning every call per step made a
  // 10k-table apply quadratic. Ready calls start in plan order (a min-heap of plan indexes).
  const index = new Map(calls.map((c, i) => [c.id, i]));
  const dependents = calls.map((): number[] => []);
  const waiting = calls.map((c) => c.depends_on.length);
  calls.forEach((c, i) => {
    for (const d of c.depends_on) {
      const at = index.get(d);
      if (at !== undefined) dependents[at]?.push(i);
    }
  });
  const ready = new MinHeap();
  waiting.forEach((n, i) => {
    if (n === 0) ready.push(i);
  });

  while (results.size < calls.length) {
    const stopping = options.stopRequested?.() ?? false;
    while (!stopping && running.size < options.parallelism && ready.size() > 0) {
      const c = calls[ready.pop()] as Call;
      options.onEvent?.({ type: 'start', call: c, running: running.size + 1 });
      running.set(c.id, runStep(c).then(finish));
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
    for (const item of result.items ?? [])
      if (item.status === 'applied' && item.id) ids.set(item.address, item.id);
    options.onEvent?.({ type: 'end', result, done: results.size, total: calls.length });
    const at = index.get(result.call.id);
    if (at === undefined) return;
    const failedItems = new Set(result.items?.filter((i) => i.status !== 'applied').map((i) => i.address));
    const someApplied = result.items?.some((i) => i.status === 'applied') ?? false;
    if (result.status === 'applied' || someApplied) {
      // A batch that created some of its objects lets through the calls that need none of the others.
      const blocked: number[] = [];
      for (const i of dependents[at] ?? []) {
        if (failedItems.size > 0 && needsAny(calls[i] as Call, failedItems)) {
          blocked.push(i);
          continue;
        }
        waiting[i] = (waiting[i] ?? 0) - 1;
        if (waiting[i] === 0) ready.push(i);
      }
      skipFrom(blocked);
    } else if (result.status !== 'not_started') {
      skipFrom(dependents[at] ?? []);
    }
  }

  /** Skips, in plan order, these calls and every call that depends on them (transitively). */
  function skipFrom(starts: readonly number[]): void {
    const doomed = new Set<number>();
    const visit = (d: number): void => {
      const c = calls[d] as Call;
      if (doomed.has(d) || results.has(c.id)) return;
      doomed.add(d);
      for (const next of dependents[d] ?? []) visit(next);
    };
    for (const d of starts) visit(d);
    for (const d of [...doomed].sort((a, b) => a - b)) {
      const c = calls[d] as Call;
      if (results.has(c.id)) continue; // skipped already, as a dependent of an earlier one
      const failed = c.depends_on.filter((dep) => results.get(dep)?.status !== 'applied');
      finish({
        call: c,
        status: 'skipped',
        message: `skipped: depends on ${failed.join(', ')}, which did not apply`,
        ms: 0,
      });
    }
  }

  async function runStep(call: Call): Promise<StepResult> {
    const path = substitutePath(call.path, ids);
    const result = await sendStep(call, path);
    return path.value === undefined ? result : { ...result, path: path.value };
  }

  async function sendStep(call: Call, path: ReturnType<typeof substitutePath>): Promise<StepResult> {
    const started = Date.now();
    const ms = () => Date.now() - started;
    const filled = fillBody(call, { ids, env: options.env, literals: options.secretLiterals });
    if (path.value === undefined || filled.error !== undefined) {
      const why = [path.error, filled.error].filter(Boolean).join(' and ');
      return { call, status: 'failed', message: `Could not ${intentOf(call)}: ${why}`, ms: ms() };
    }
    let body = filled.value;
    let files: FormFile[] | undefined;
    try {
      const cwd = options.cwd ?? process.cwd();
      if (call.upload) body = await readUpload(call.upload, cwd);
      if (call.form_files) {
        files = await Promise.all(
          call.form_files.map(async (f) => ({ name: fileName(f), bytes: await readUpload(f, cwd) })),
        );
      }
    } catch (error) {
      return {
        call,
        status: 'failed',
        message: `Could not ${intentOf(call)}: ${messageOf(error)}`,
        ms: ms(),
      };
    }
    const req = {
      method: call.method,
      path: path.value,
      body,
      intent: intentOf(call),
      ...(call.content_type ? { contentType: call.content_type } : {}),
      ...(files ? { files } : {}),
      ...(call.undocumented ? { undocumented: true } : {}),
    };
    if (call.items) return { ...(await runBatch({ call, req, ids, options })), ms: ms() };
    try {
      const res = await options.client.request(req);
      const id = createdId(call, res.body);
      if (id !== undefined && !isPlatformId(id)) {
        // Created, but under an id no later call may use: its dependents are skipped.
        const quoted = quoteServerValue(id, scrubOf(options.client));
        const message = `Could not ${intentOf(call)}: the platform answered the id ${quoted}, which is not a platform id (${PLATFORM_ID_FORMS}); dpac refuses to use it`;
        return { call, status: 'failed', message, ms: ms() };
      }
      return { call, status: 'applied', id, ms: ms() };
    } catch (error) {
      if (call.undocumented && refusedAsUnknown(error)) {
        return { call, status: 'failed', message: byHand(call, error), ms: ms() };
      }
      if (!isIndeterminate(error)) return { call, status: 'failed', message: messageOf(error), ms: ms() };
      const settled = await resolveAmbiguousCreate({ call, req, ids, options });
      return { ...settled, ms: ms() };
    }
  }
}

/** A 404 or 405: the platform does not have the operation (or the object), so retrying cannot help. */
function refusedAsUnknown(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 404 || error.status === 405);
}

/** What to do about an operation the platform refused because it is not in its published API. */
function byHand(call: Call, error: ApiError): string {
  const what = `${call.method === 'DELETE' ? 'Delete' : 'Change'} ${call.address}`;
  return `Could not ${intentOf(call)}: the platform answered ${error.status} to ${error.method} ${error.path}, an operation that is not in its published API. ${what} by hand (in the platform's UI), then run dpac plan again.`;
}

/** The name a planned file goes by on the platform: its own. */
function fileName(file: LocalFile): string {
  return path.basename(file.path);
}

/** The bytes of a planned upload, if the file still has the size and hash the plan saw. */
async function readUpload(file: LocalFile, cwd: string): Promise<Uint8Array> {
  const bytes = await readFile(path.resolve(cwd, file.path));
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (bytes.length !== file.size || sha256 !== file.sha256) {
    throw new Error(`${file.path} changed since the plan was made (its size or SHA-256 differs); plan again`);
  }
  return bytes;
}

/** Whether a call is about, or names the id of, one of these addresses. */
function needsAny(call: Call, addresses: ReadonlySet<string>): boolean {
  if (addresses.has(call.address) || call.items?.some((a) => addresses.has(a))) return true;
  return referencedIds(call).some((a) => addresses.has(a));
}
