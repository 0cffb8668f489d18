// Apply progress, counted in resources (what a reader of the plan knows), not calls. On a terminal
// a live status line: resources done, elapsed time, an estimate of the time left and the addresses
// in flight. Otherwise (CI logs) one line per finished resource: its outcome, address, the calls
// with their resolved paths, and how long it took.
import type { ApplyEvent, StepResult } from '../apply/step-result.js';
import type { Call } from '../core/call.js';
import { printable } from '../render/printable.js';
import type { CliIo } from './io.js';

interface ResourceProgress {
  left: number;
  results: StepResult[];
  started?: number;
}

export function progressReporter(
  io: CliIo,
  calls: readonly Call[],
  now: () => number = Date.now,
): (event: ApplyEvent) => void {
  const started = now();
  // Every event's call is one of `calls`: each has its resource here.
  const resources = new Map<string, ResourceProgress>();
  for (const c of calls) {
    const r = resources.get(c.address) ?? { left: 0, results: [] };
    r.left++;
    resources.set(c.address, r);
  }
  const running = new Set<string>();
  let finished = 0;
  let callsDone = 0;

  return (event) => {
    if (event.type === 'start') {
      const r = resources.get(event.call.address) as ResourceProgress;
      r.started ??= now();
      running.add(event.call.address);
      if (io.isTty) status();
      return;
    }
    const { result } = event;
    callsDone = event.done;
    const address = result.call.address;
    const r = resources.get(address) as ResourceProgress;
    r.results.push(result);
    r.left--;
    if (r.left > 0) return;
    running.delete(address);
    finished++;
    const line = resourceLine(address, r, now());
    if (io.isTty) {
      // The live line is cleared before a failure is printed, so the two never share a line.
      if (r.results.some((x) => x.status === 'failed')) {
        io.status?.('');
        io.out(`  ${line}`);
      }
      if (finished === resources.size) io.status?.('');
      else status();
      return;
    }
    io.out(`  [${finished}/${resources.size}] ${line}`);
  };

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

/** `applied Table/sales_db/orders: POST /sources/66cd…/tables, PUT …/ingestion (120 ms)`. */
function resourceLine(address: string, r: ResourceProgress, at: number): string {
  const outcome = r.results.some((x) => x.status === 'failed')
    ? 'failed'
    : r.results.every((x) => x.status === 'applied')
      ? 'applied'
      : r.results.some((x) => x.status === 'applied')
        ? 'partly applied'
        : (r.results[0]?.status ?? 'skipped').replace('_', ' ');
  const sent = r.results
    .filter((x) => x.status === 'applied' || x.status === 'failed')
    .map((x) => `${x.call.method} ${printable(x.path ?? x.call.path)}`);
  const problem = r.results.find((x) => x.status !== 'applied' && x.message)?.message;
  const ms = r.started === undefined ? '' : ` (${at - r.started} ms)`;
  return `${outcome} ${printable(address)}${sent.length ? `: ${sent.join(', ')}` : ''}${ms}${problem ? ` — ${printable(problem)}` : ''}`;
}

function seconds(s: number): string {
  return s < 60
    ? `${s.toFixed(1)}s`
    : `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s`;
}
