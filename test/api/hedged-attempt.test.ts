// The hedge's state machine with attempts the test settles by hand: who wins, who is cut, and that
// the call only ends once every attempt it started has.
import { describe, expect, it } from 'vitest';
import { hedgedAttempt } from '../../src/api/hedged-attempt.js';
import type { AttemptCut, AttemptResult } from '../../src/api/transport.js';

const answer = (status: number): AttemptResult => ({
  kind: 'response',
  status,
  headers: {},
  body: { status },
  json: true,
  bytes: 13,
});
const reset: AttemptResult = { kind: 'failure', failure: 'reset', errno: 'ECONNRESET' };

/** Attempts that stay open until the test settles them; a cut attempt ends as `aborted`. */
function attempts() {
  const started: { cut: AttemptCut; settle: (r: AttemptResult) => void; ended: boolean }[] = [];
  const send = (cut: AttemptCut) =>
    new Promise<AttemptResult>((resolve) => {
      const entry = {
        cut,
        ended: false,
        settle: (r: AttemptResult) => {
          entry.ended = true;
          resolve(r);
        },
      };
      cut.onAbort(() => entry.settle({ kind: 'failure', failure: 'aborted' }));
      started.push(entry);
    });
  return { started, send };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('hedgedAttempt', () => {
  it('returns the first answer that comes before the delay, with no twin', async () => {
    const { started, send } = attempts();
    const call = hedgedAttempt({ send, hedgeAfterMs: 50, mayHedge: () => true });
    started[0]?.settle(answer(200));
    expect(await call).toEqual({ result: answer(200), hedged: false });
    await pause(70);
    expect(started).toHaveLength(1);
  });

  it('waits for the first attempt when the budget refuses a twin', async () => {
    const { started, send } = attempts();
    const call = hedgedAttempt({ send, hedgeAfterMs: 5, mayHedge: () => false });
    await pause(20);
    expect(started).toHaveLength(1);
    started[0]?.settle(answer(200));
    expect(await call).toEqual({ result: answer(200), hedged: false });
  });

  it('takes the twin’s answer, cuts the first and ends only once the first has', async () => {
    const { started, send } = attempts();
    let done = false;
    const call = hedgedAttempt({ send, hedgeAfterMs: 5, mayHedge: () => true }).then((r) => {
      done = true;
      return r;
    });
    await pause(20);
    expect(started).toHaveLength(2);
    started[1]?.settle(answer(200));
    const outcome = await call;
    expect(outcome).toEqual({ result: answer(200), hedged: true });
    expect(started[0]?.cut.aborted).toBe(true);
    expect(started[0]?.ended && done).toBe(true);
  });

  it('takes the twin’s later answer when the first attempt fails', async () => {
    const { started, send } = attempts();
    const call = hedgedAttempt({ send, hedgeAfterMs: 5, mayHedge: () => true });
    await pause(20);
    started[0]?.settle(reset);
    await pause(5);
    expect(started[1]?.cut.aborted).toBe(false);
    started[1]?.settle(answer(200));
    expect(await call).toEqual({ result: answer(200), hedged: true });
  });

  it('gives the first failure when both attempts fail', async () => {
    const { started, send } = attempts();
    const call = hedgedAttempt({ send, hedgeAfterMs: 5, mayHedge: () => true });
    await pause(20);
    started[1]?.settle({ kind: 'failure', failure: 'timeout' });
    started[0]?.settle(reset);
    expect(await call).toEqual({ result: { kind: 'failure', failure: 'timeout' }, hedged: true });
  });

  it('cuts every attempt when the run is aborted', async () => {
    const { started, send } = attempts();
    const run = new AbortController();
    const call = hedgedAttempt({ send, hedgeAfterMs: 5, mayHedge: () => true, signal: run.signal });
    await pause(20);
    run.abort();
    const outcome = await call;
    expect(started.map((a) => a.cut.aborted)).toEqual([true, true]);
    expect(outcome.result).toEqual({ kind: 'failure', failure: 'aborted' });
  });
});
