// The adaptive concurrency limit and the run-wide retry budget.

import { describe, expect, it } from 'vitest';
import { AdaptiveLimiter } from '../../src/api/limiter.js';
import { RetryBudget } from '../../src/api/retry-budget.js';
import { backoffDelay, parseRetryAfter } from '../../src/api/retry-policy.js';

describe('AdaptiveLimiter', () => {
  it('never lets more than the limit run at once', async () => {
    const limiter = new AdaptiveLimiter({ max: 3 });
    let running = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 12 }, async () => {
        await limiter.acquire();
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 2));
        running--;
        limiter.release();
      }),
    );
    expect(peak).toBe(3);
  });

  it('halves after three throttles within the window and grows back by one per 20 successes', () => {
    let now = 0;
    const limiter = new AdaptiveLimiter({ max: 8, now: () => now });
    limiter.onThrottled();
    limiter.onThrottled();
    expect(limiter.currentLimit()).toBe(8);
    limiter.onThrottled();
    expect(limiter.currentLimit()).toBe(4);
    for (let i = 0; i < 19; i++) limiter.onSuccess(10);
    expect(limiter.currentLimit()).toBe(4);
    limiter.onSuccess(10);
    expect(limiter.currentLimit()).toBe(5);
    now += 60_000;
    limiter.onThrottled();
    now += 60_000;
    limiter.onThrottled();
    now += 60_000;
    limiter.onThrottled();
    expect(limiter.currentLimit()).toBe(5);
  });

  it('never drops below one', () => {
    const limiter = new AdaptiveLimiter({ max: 2 });
    for (let i = 0; i < 30; i++) limiter.onThrottled();
    expect(limiter.currentLimit()).toBe(1);
  });

  it('rejects a waiting acquire when its signal aborts', async () => {
    const limiter = new AdaptiveLimiter({ max: 1 });
    await limiter.acquire();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    limiter.release();
    await limiter.acquire();
  });

  it('grants thousands of waiters in arrival order, skipping the ones that gave up', async () => {
    const limiter = new AdaptiveLimiter({ max: 1 });
    await limiter.acquire();
    const granted: number[] = [];
    const controllers = Array.from({ length: 5000 }, () => new AbortController());
    const waiters = controllers.map((c, i) =>
      limiter.acquire(c.signal).then(
        () => {
          granted.push(i);
          limiter.release();
        },
        () => undefined,
      ),
    );
    // Every third waiter gives up before its turn, some of them far along the queue.
    for (let i = 0; i < 5000; i += 3) controllers[i]?.abort(new Error('gave up'));
    limiter.release();
    await Promise.all(waiters);
    const expected = Array.from({ length: 5000 }, (_, i) => i).filter((i) => i % 3 !== 0);
    expect(granted).toEqual(expected);
  });
});

describe('AdaptiveLimiter latency rounds', () => {
  /** A round: `count` answers of `ms` each (the limit's worth by default). */
  const round = (limiter: AdaptiveLimiter, ms: number, count = limiter.currentLimit()) => {
    for (let i = 0; i < count; i++) limiter.onSuccess(ms);
  };
  /** Rounds during which callers hold every slot and one more waits: the demand exceeds the limit. */
  function crowdedRounds(limiter: AdaptiveLimiter) {
    let held = 0;
    return async (ms: number, count?: number): Promise<void> => {
      while (held < limiter.currentLimit()) {
        await limiter.acquire();
        held++;
      }
      void limiter.acquire().then(() => held++);
      round(limiter, ms, count);
    };
  }

  it('doubles the limit up to its ceiling while crowded rounds stay within 1.5× the fastest answer', async () => {
    const limiter = new AdaptiveLimiter({ max: 4, ceiling: 16 });
    const crowded = crowdedRounds(limiter);
    await crowded(20);
    expect(limiter.currentLimit()).toBe(8);
    await crowded(29);
    expect(limiter.currentLimit()).toBe(16);
    await crowded(25);
    expect(limiter.currentLimit()).toBe(16);
    expect(limiter.peakLimit()).toBe(16);
  });

  it('does not grow when no caller waits: the limit already covers the demand', async () => {
    const limiter = new AdaptiveLimiter({ max: 4, ceiling: 16 });
    round(limiter, 20);
    expect(limiter.currentLimit()).toBe(4);
    await crowdedRounds(limiter)(20);
    expect(limiter.currentLimit()).toBe(8);
    round(limiter, 20); // the waiting caller got in: nobody waits now
    expect(limiter.currentLimit()).toBe(8);
  });

  it('holds between 1.5× and 3× the fastest answer, and halves past 3×, never below its start', async () => {
    const limiter = new AdaptiveLimiter({ max: 4, ceiling: 32 });
    const crowded = crowdedRounds(limiter);
    limiter.onSuccess(10); // the fastest answer of the run
    await crowded(10, 3);
    await crowded(10);
    expect(limiter.currentLimit()).toBe(16);
    await crowded(16);
    expect(limiter.currentLimit()).toBe(16);
    for (const expected of [8, 4, 4]) {
      round(limiter, 31);
      expect(limiter.currentLimit()).toBe(expected);
    }
  });

  it('does not grow within the throttle window, and throttling still halves a grown limit', async () => {
    let now = 0;
    const limiter = new AdaptiveLimiter({ max: 4, ceiling: 16, now: () => now });
    const crowded = crowdedRounds(limiter);
    await crowded(20);
    expect(limiter.currentLimit()).toBe(8);
    for (let i = 0; i < 3; i++) limiter.onThrottled();
    expect(limiter.currentLimit()).toBe(4);
    await crowded(20);
    expect(limiter.currentLimit()).toBe(4);
    now += 10_000;
    await crowded(20);
    expect(limiter.currentLimit()).toBe(8);
  });

  it('keeps a limit without a ceiling fixed, whatever the latency', async () => {
    const limiter = new AdaptiveLimiter({ max: 4 });
    const crowded = crowdedRounds(limiter);
    await crowded(20);
    await crowded(20);
    expect(limiter.currentLimit()).toBe(4);
    expect(limiter.peakLimit()).toBe(4);
  });
});

describe('RetryBudget', () => {
  it('spends 2 per retry and 5 per timeout and refuses what it cannot pay', () => {
    const budget = new RetryBudget({ start: 8 });
    expect(budget.trySpend('timeout')).toBe(true);
    expect(budget.trySpend('retry')).toBe(true);
    expect(budget.trySpend('retry')).toBe(false);
    expect(budget.remaining()).toBe(1);
  });

  it('earns back one per first-try success, capped at the start', () => {
    const budget = new RetryBudget({ start: 500 });
    budget.trySpend('retry');
    for (let i = 0; i < 10; i++) budget.creditFirstTrySuccess();
    expect(budget.remaining()).toBe(500);
  });
});

describe('backoff', () => {
  it('caps the full-jitter ceiling at the maximum delay', () => {
    expect(backoffDelay({ retry: 10, baseDelayMs: 500, maxDelayMs: 20_000, random: () => 0.999999 })).toBe(
      19_999,
    );
    expect(backoffDelay({ retry: 0, baseDelayMs: 500, maxDelayMs: 20_000, random: () => 0 })).toBe(0);
  });

  it('reads Retry-After as seconds or a date, capped at 60 s', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter('600')).toBe(60_000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 5_000)).toBe(5000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});
