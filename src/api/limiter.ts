// An adaptive concurrency limit: halves after repeated throttling (429/503), grows back by one slowly.

export interface LimiterOptions {
  max: number;
  /** Throttled answers within `windowMs` that trigger a halving (3). */
  throttleThreshold?: number;
  windowMs?: number;
  /** Successes needed to raise the limit by one (20). */
  growEvery?: number;
  now?: () => number;
}

/** Attempts take a slot for their duration only; backoff sleeps hold no slot. */
export class AdaptiveLimiter {
  private limit: number;
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private throttles: number[] = [];
  private successes = 0;
  private readonly max: number;
  private readonly threshold: number;
  private readonly windowMs: number;
  private readonly growEvery: number;
  private readonly now: () => number;

  constructor(options: LimiterOptions) {
    this.max = Math.max(1, Math.floor(options.max));
    this.limit = this.max;
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
    await new Promise<void>((resolve, reject) => {
      const grant = (): void => {
        signal?.removeEventListener('abort', onAbort);
        this.active++;
        resolve();
      };
      const onAbort = (): void => {
        const at = this.waiting.indexOf(grant);
        if (at >= 0) this.waiting.splice(at, 1);
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
    this.throttles = this.throttles.filter((at) => now - at < this.windowMs);
    this.throttles.push(now);
    this.successes = 0;
    if (this.throttles.length >= this.threshold) {
      this.limit = Math.max(1, Math.floor(this.limit / 2));
      this.throttles = [];
    }
  }

  onSuccess(): void {
    if (this.limit >= this.max) return;
    this.successes++;
    if (this.successes >= this.growEvery) {
      this.successes = 0;
      this.limit++;
      this.pump();
    }
  }

  currentLimit(): number {
    return this.limit;
  }

  private pump(): void {
    while (this.active < this.limit && this.waiting.length > 0) {
      this.waiting.shift()?.();
    }
  }
}

/**
 * The limiter slot of an attempt, given back when the attempt ends — or once it has outlived the
 * observed p99: a hung request loads no server, and holding its slot for the whole deadline let a
 * few hangs stall every other call while throttling had shrunk the limit to one or two.
 */
export function holdSlot(limiter: AdaptiveLimiter | undefined, slowAfterMs: number): { release(): void } {
  let held = limiter !== undefined;
  const release = (): void => {
    if (!held) return;
    held = false;
    clearTimeout(timer);
    limiter?.release();
  };
  const timer = setTimeout(release, slowAfterMs);
  return { release };
}
