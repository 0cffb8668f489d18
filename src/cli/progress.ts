// Apply progress, counted in resources (what a reader of the plan knows, and what apply's summary
// counts), not calls: a call belongs to the resource it writes, and a batched create to each
// object it creates (never to their parent). On a terminal a live status line: resources done,
// elapsed time, an estimate of the time left and the addresses in flight. Otherwise (CI logs) one
// line per finished resource: its outcome, address, the calls with their resolved paths, and how
// long it took.
import type { ApplyEvent, StepResult, StepStatus } from '../apply/step-result.js';
import type { Call } from '../core/call.js';
import { printable } from '../render/printable.js';
import type { CliIo } from './io.js';

/** What one call did for one resource (for a batch: for one of its items). */
interface Outcome {
  status: StepStatus;
  sent: string;
  message?: string;
}

interface ResourceProgress {
  left: number;
  outcomes: Outcome[];
  started?: number;
}

/** The resources a call writes: each object a batch creates, else its own address. */
function ownersOf(call: Pick<Call, 'address' | 'items'>): readonly string[] {
  return call.items ?? [call.address];
}

export function progressReporter(
  io: CliIo,
  calls: readonly Call[],
  now: () => number = Date.now,
): (event: ApplyEvent) => void {
  const started = now();
  // Every event's call is one of `calls`: each of its owners has its resource here.
  const resources = new Map<string, ResourceProgress>();
  for (const c of calls) {
    for (const owner of ownersOf(c)) {
      const r = resources.get(owner) ?? { left: 0, outcomes: [] };
      r.left++;
      resources.set(owner, r);
    }
  }
  const running = new Set<string>();
  let finished = 0;
  let callsDone = 0;

  return (event) => {
    if (event.type === 'start') {
      for (const owner of ownersOf(event.call)) {
        (resources.get(owner) as ResourceProgress).started ??= now();
        running.add(owner);
      }
      if (io.isTty) status();
      return;
    }
    callsDone = event.done;
    for (const [owner, outcome] of outcomesOf(event.result)) finish(owner, outcome);
  };

  function finish(address: string, outcome: Outcome): void {
    const r = resources.get(address) as ResourceProgress;
    r.outcomes.push(outcome);
    r.left--;
    if (r.left > 0) return;
    running.delete(address);
    finished++;
    const line = resourceLine(address, r, now());
    if (io.isTty) {
      // The live line is cleared before a failure is printed, so the two never share a line.
      if (r.outcomes.some((x) => x.status === 'failed')) {
        io.status?.('');
        io.out(`  ${line}`);
      }
      if (finished === resources.size) io.status?.('');
      else status();
      return;
    }
    io.out(`  [${finished}/${resources.size}] ${line}`);
  }

  function status(): void {
    const elapsed = (now() - started) / 1000;
    const total = calls.length;
    const eta =
      callsDone > 0 && callsDone < total
        ? ` ETA ${seconds((elapsed / callsDone) * (total - callsDone))}`
        : '';
    const flying = [...running].slice(0, 3).map(printable).join(', ');
    const more = running.size > 3 ? ` +${running.size - 3}` : '';
    io.status?.(
      `[${finished}/${resources.size} resources] ${seconds(elapsed)}${eta}${flying ? `  ${flying}${more}` : ''}`,
    );
  }
}

/** A call's result for each resource it writes: a batch's per-item outcome, else its own. */
function outcomesOf(result: StepResult): [string, Outcome][] {
  const sent = `${result.call.method} ${printable(result.path ?? result.call.path)}`;
  const own = { status: result.status, sent, ...(result.message ? { message: result.message } : {}) };
  return ownersOf(result.call).map((owner) => {
    const item = result.items?.find((i) => i.address === owner);
    if (!item) return [owner, own];
    return [owner, { status: item.status, sent, ...(item.message ? { message: item.message } : {}) }];
  });
}

/** `applied Table/sales_db/orders: POST /sources/66cd…/tables, PUT …/ingestion (120 ms)`. */
function resourceLine(address: string, r: ResourceProgress, at: number): string {
  const outcome = r.outcomes.some((x) => x.status === 'failed')
    ? 'failed'
    : r.outcomes.every((x) => x.status === 'applied')
      ? 'applied'
      : r.outcomes.some((x) => x.status === 'applied')
        ? 'partly applied'
        : (r.outcomes[0]?.status ?? 'skipped').replace('_', ' ');
  const sent = r.outcomes.filter((x) => x.status === 'applied' || x.status === 'failed').map((x) => x.sent);
  const problem = r.outcomes.find((x) => x.status !== 'applied' && x.message)?.message;
  const ms = r.started === undefined ? '' : ` (${at - r.started} ms)`;
  return `${outcome} ${printable(address)}${sent.length ? `: ${sent.join(', ')}` : ''}${ms}${problem ? ` — ${printable(problem)}` : ''}`;
}

function seconds(s: number): string {
  return s < 60
    ? `${s.toFixed(1)}s`
    : `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s`;
}
