// A call's limiter slot never keeps the process alive: without a limiter there is no timer, and the
// timer that frees a slot an attempt outlives is not one the event loop waits for (a finished run
// used to exit only when it ran out, up to the observed p99 later).
import { describe, expect, it } from 'vitest';
import { AdaptiveLimiter, holdSlot } from '../../src/api/limiter.js';

const waitedFor = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('a limiter slot', () => {
  it('leaves nothing the event loop waits for', async () => {
    const before = waitedFor();
    const none = holdSlot(undefined, 60_000);
    expect(waitedFor()).toBe(before);
    none.release();

    const limiter = new AdaptiveLimiter({ max: 1 });
    await limiter.acquire();
    const held = holdSlot(limiter, 60_000);
    expect(waitedFor()).toBe(before);
    // Still a slot: the next caller waits for it until it is released.
    let next = false;
    const waiting = limiter.acquire().then(() => {
      next = true;
    });
    await Promise.resolve();
    expect(next).toBe(false);
    held.release();
    await waiting;
    expect(next).toBe(true);
    limiter.release();
  });

  it('is freed by its timer once the attempt outlives it', async () => {
    const limiter = new AdaptiveLimiter({ max: 1 });
    await limiter.acquire();
    holdSlot(limiter, 5);
    // The slot comes back without release(): the next caller gets it.
    await limiter.acquire();
    limiter.release();
  });
});
