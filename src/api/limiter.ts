// An adaptive concurrency limit. Throttling (429/503) halves it and it grows back by one slowly;
// given room above its starting limit, it also follows latency, so reads hide the round trips of a
// distant but healthy server and back off from one that starts to queue.

export interface LimiterOptions {
  /** The limit a run starts at, and the one it grows back to after throttling. */
  max: number;
  /**
   * How far latency may raise the limit (default `max`: no latency growth). Each round of `limit`
   * answers that found callers waiting, and whose median came within `growWithin` (1.5) × the
   * fastest answer of the run (the round trip without queueing), doubles the limit up to this; a
   * round slower than `shrinkPast` (3) × the fastest halves it, never below `max`. Not 2: the mix
   * of routes alone moves a round's median 2–3× (a source's 220 KB table list against a 1 KB
   * document) with the server at ease.
   */
  ceiling?: number;
  growWithin?: number;
  shrinkPast?: number;
  /** Throttled answers within `windowMs` that trigger a halving (3). */
  throttleThreshold?: number;
  /** Also how long after a throttle latency may not raise the limit (10 s). */
  windowMs?: number;
  /** Successes needed to raise the limit by one after throttling (20). */
  growEvery?: number;
  now?: () => number;
}

/**
 * Callers waiting for a slot, first in, first out. Not an array's shift(): an export queues every
 * table's reads at once (20,000 waiters), and shift() on an array that large moves all the rest.
 */
class WaitQueue {
  private items: ((() => void) | undefined)[] = [];
  private head = 0;
  size = 0;

  push(grant: () => void): void {
    this.items.push(grant);
    this.size++;
  }

  /** Takes an aborted caller out (nothing when it was granted already). */
  remove(grant: () => void): void {
    const at = this.items.indexOf(grant, this.head);
    if (at < 0) return;
    this.items[at] = undefined;
    this.size--;
  }

  shift(): (() => void) | undefined {
    while (this.head < this.items.length) {
      const grant = this.items[this.head];
      this.items[this.head++] = undefined;
      // The granted front is dropped once it is most of the list.
      if (this.head > 1024 && this.head * 2 > this.items.length) {
        this.items = this.items.slice(this.head);
        this.head = 0;
      }
      if (grant) {
        this.size--;
        return grant;
      }
    }
    return undefined;
  }
}

/** Attempts take a slot for their duration only; backoff sleeps hold no slot. */
export class AdaptiveLimiter {
  private limit: number;
  private peak: number;
  private active = 0;
  private readonly waiting = new WaitQueue();
  private throttles: number[] = [];
  private lastThrottleAt = Number.NEGATIVE_INFINITY;
  private successes = 0;
  private readonly max: number;
  private readonly ceiling: number;
  private readonly growWithin: number;
  private readonly shrinkPast: number;
  private readonly threshold: number;
  private readonly windowMs: number;
  private readonly growEvery: number;
  private readonly now: () => number;
  /** The answer times of the current latency round, and whether a caller waited during it. */
  private round: number[] = [];
  private roundWaited = false;
  private fastest = Number.POSITIVE_INFINITY;

  constructor(options: LimiterOptions) {
    this.max = Math.max(1, Math.floor(options.max));
    this.ceiling = Math.max(this.max, Math.floor(options.ceiling ?? this.max));
    this.limit = this.max;
    this.peak = this.max;
    this.growWithin = options.growWithin ?? 1.5;
    this.shrinkPast = options.shrinkPast ?? 3;
    this.threshold = options.throttleThreshold ?? 3;
    this.windowMs = options.windowMs ?? 10_000;
    this.growEvery = options.growEvery ?? 20;
    this.now = options.now ?? Date.now;
  }

  async acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.active < this.limit) {
      this.active++;
      return;
    }
    this.roundWaited = true;
    await new Promise<void>((resolve, reject) => {
      const grant = (): void => {
        signal?.removeEventListener('abort', onAbort);
        this.active++;
        resolve();
      };
      const onAbort = (): void => {
        this.waiting.remove(grant);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(grant);
    });
  }

  release(): void {
    this.active--;
    this.pump();
  }

  onThrottled(): void {
    const now = this.now();
    this.lastThrottleAt = now;
    this.throttles = this.throttles.filter((at) => now - at < this.windowMs);
    this.throttles.push(now);
    this.successes = 0;
    this.round = [];
    if (this.throttles.length >= this.threshold) {
      this.limit = Math.max(1, Math.floor(this.limit / 2));
      this.throttles = [];
    }
  }

  /** A successful answer, after `ms`. */
  onSuccess(ms: number): void {
    if (this.limit < this.max) {
      this.successes++;
      if (this.successes >= this.growEvery) {
        this.successes = 0;
        this.limit++;
        this.pump();
      }
      return;
    }
    if (this.ceiling === this.max) return;
    this.fastest = Math.min(this.fastest, ms);
    this.round.push(ms);
    if (this.round.length >= this.limit) this.endRound();
  }

  currentLimit(): number {
    return this.limit;
  }

  /** The highest limit of the run. */
  peakLimit(): number {
    return this.peak;
  }

  private endRound(): void {
    const median = medianOf(this.round);
    const waited = this.roundWaited || this.waiting.size > 0;
    this.round = [];
    this.roundWaited = false;
    if (median > this.shrinkPast * this.fastest) {
      this.limit = Math.max(this.max, Math.floor(this.limit / 2));
    } else if (
      waited &&
      median <= this.growWithin * this.fastest &&
      this.now() - this.lastThrottleAt >= this.windowMs
    ) {
      this.limit = Math.min(this.ceiling, this.limit * 2);
      this.peak = Math.max(this.peak, this.limit);
      this.pump();
    }
  }

  private pump(): void {
    while (this.active < this.limit && this.waiting.size > 0) {
      this.waiting.shift()?.();
    }
  }
}

function medianOf(values: number[]): number {
  values.sort((a, b) => a - b);
  return values[(values.length - 1) >> 1] as number;
}

/**
 * The limiter slot of an attempt, given back when the attempt ends — or once it has outlived the
 * observed p99: a hung request loads no server, and holding its slot for the whole deadline let a
 * few hangs stall every other call while throttling had shrunk the limit to one or two.
 */
export function holdSlot(limiter: AdaptiveLimiter | undefined, slowAfterMs: number): { release(): void } {
  // No slot, no timer: one left running kept a finished run's process alive for its whole delay.
  if (!limiter) return { release: () => {} };
  let held = true;
  const release = (): void => {
    if (!held) return;
    held = false;
    clearTimeout(timer);
    limiter.release();
  };
  const timer = setTimeout(release, slowAfterMs);
  // Nor does a slot still held keep the process alive: the attempt holding it does, while it runs.
  timer.unref();
  return { release };
}
