// A GET that has not answered by the hedge delay gets a twin; the first answer wins and the
// other is aborted. Only for GETs: a write is never sent twice by this layer.
import type { AttemptResult } from './transport.js';

export interface HedgeOptions {
  /** Sends one attempt; aborting the controller must cut it. */
  send: (controller: AbortController) => Promise<AttemptResult>;
  hedgeAfterMs: number;
  signal?: AbortSignal;
  /** Asked when the delay passes: may a twin be sent (the retry budget pays for it)? */
  mayHedge: () => boolean;
}

export interface HedgeOutcome {
  result: AttemptResult;
  hedged: boolean;
}

type Settled = { result: AttemptResult; which: 0 | 1 };

export async function hedgedAttempt(options: HedgeOptions): Promise<HedgeOutcome> {
  // The twin's controller is made only when a twin is sent: most GETs never need it.
  const controllers: AbortController[] = [new AbortController()];
  const cancelAll = (): void => {
    for (const c of controllers) c.abort();
  };
  if (options.signal?.aborted) cancelAll();
  options.signal?.addEventListener('abort', cancelAll, { once: true });
  try {
    return await race(options, controllers);
  } finally {
    options.signal?.removeEventListener('abort', cancelAll);
  }
}

async function race(options: HedgeOptions, controllers: AbortController[]): Promise<HedgeOutcome> {
  const start = (which: 0 | 1): Promise<Settled> => {
    const controller = controllers[which] ?? new AbortController();
    controllers[which] = controller;
    if (options.signal?.aborted) controller.abort();
    return options.send(controller).then((result) => ({ result, which }));
  };
  const first = start(0);
  let timer: NodeJS.Timeout | undefined;
  const delay = new Promise<'hedge'>((resolve) => {
    timer = setTimeout(() => resolve('hedge'), options.hedgeAfterMs);
  });
  const early = await Promise.race([first, delay]);
  clearTimeout(timer);
  if (early !== 'hedge') return { result: early.result, hedged: false };
  if (!options.mayHedge()) return { result: (await first).result, hedged: false };
  const second = start(1);
  const done = await Promise.race([first, second]);
  const other = done.which === 0 ? second : first;
  if (done.result.kind === 'response') {
    controllers[done.which === 0 ? 1 : 0]?.abort();
    await other;
    return { result: done.result, hedged: true };
  }
  // The first to end failed (reset, timeout): the twin may still answer.
  const late = await other;
  return { result: late.result.kind === 'response' ? late.result : done.result, hedged: true };
}
