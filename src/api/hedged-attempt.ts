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
    let twin = false;
    /** Once a twin runs: the result of whichever attempt ended first. */
    let first: AttemptResult | undefined;
    const end = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancelAll);
    };
    const finish = (result: AttemptResult, hedged: boolean): void => {
      end();
      resolve({ result, hedged });
    };
    const settled = (which: 0 | 1, result: AttemptResult): void => {
      if (!twin) finish(result, false);
      else if (first === undefined) {
        first = result;
        // An answer wins: the other is cut, and awaited so nothing of it outlives the call.
        if (result.kind === 'response') cuts[1 - which]?.abort();
      }
      // The first to end failed (reset, timeout): the twin may still have answered.
      else finish(first.kind === 'response' || result.kind !== 'response' ? first : result, true);
    };
    const start = (which: 0 | 1, cut: AttemptCut): void => {
      options.send(cut).then(
        (result) => settled(which, result),
        (error: unknown) => {
          end();
          reject(error);
        },
      );
    };
    const timer = setTimeout(() => {
      if (signal?.aborted || !options.mayHedge()) return;
      twin = true;
      const cut = new AttemptCut();
      cuts.push(cut);
      start(1, cut);
    }, options.hedgeAfterMs);
    start(0, cuts[0] as AttemptCut);
  });
}
