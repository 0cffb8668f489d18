// A GET that has not answered by the hedge delay gets a twin; the first answer wins and the
// other is cut. Only for GETs: a write is never sent twice by this layer. Driven by one timer and
// the attempts' own settling (no race of promises): most GETs answer before the delay.
import { AttemptCut, type AttemptResult } from './transport.js';

export interface HedgeOptions {
  /** Sends one attempt; cutting it must end it. */
  send: (cut: AttemptCut) => Promise<AttemptResult>;
  hedgeAfterMs: number;
  signal?: AbortSignal;
  /** Asked when the delay passes: may a twin be sent (the retry budget pays for it)? */
  mayHedge: () => boolean;
}

export interface HedgeOutcome {
  result: AttemptResult;
  hedged: boolean;
}

export function hedgedAttempt(options: HedgeOptions): Promise<HedgeOutcome> {
  const { signal } = options;
  const cuts = [new AttemptCut()];
  const cancelAll = (): void => {
    for (const cut of cuts) cut.abort();
  };
  if (signal?.aborted) cancelAll();
  signal?.addEventListener('abort', cancelAll, { once: true });
  return new Promise((resolve, reject) => {
    const results: (AttemptResult | undefined)[] = [];
    let twin = false;
    /** Which attempt ended first once a twin runs. */
    let firstDone: 0 | 1 | undefined;
    const finish = (result: AttemptResult, hedged: boolean): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancelAll);
      resolve({ result, hedged });
    };
    const settled = (which: 0 | 1, result: AttemptResult): void => {
      results[which] = result;
      if (!twin) {
        finish(result, false);
        return;
      }
      if (firstDone === undefined) {
        firstDone = which;
        // An answer wins: the other is cut, and awaited so nothing of it outlives the call.
        if (result.kind === 'response') cuts[which === 0 ? 1 : 0]?.abort();
        return;
      }
      const first = results[firstDone] as AttemptResult;
      // The first to end failed (reset, timeout): the twin may still have answered.
      finish(first.kind === 'response' || result.kind !== 'response' ? first : result, true);
    };
    const start = (which: 0 | 1): void => {
      const cut = cuts[which] ?? new AttemptCut();
      cuts[which] = cut;
      if (signal?.aborted) cut.abort();
      options.send(cut).then((result) => settled(which, result), reject);
    };
    const timer = setTimeout(() => {
      if (results[0] !== undefined || !options.mayHedge()) return;
      twin = true;
      start(1);
    }, options.hedgeAfterMs);
    start(0);
  });
}
