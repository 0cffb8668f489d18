// Observed latency → per-attempt deadlines and the hedge delay: short against a fast server, long
// against a slow one, never below a floor nor above the configured ceiling.

export type CallClass = 'read' | 'write';

export interface LatencyPolicy {
  /** No attempt deadline below this (5 s): a fast server's rare slow answer is not cut off. */
  floorMs: number;
  /** Nor above this: the configured per-attempt timeout (30 s reads, 60 s writes). */
  ceilingMs: Record<CallClass, number>;
  /** Deadline = multiplier × observed p95 (10). */
  multiplier: number;
  /** No hedge before this (500 ms), whatever the p99. */
  hedgeFloorMs: number;
  /** Samples needed before the observations are trusted (20). */
  minSamples: number;
}

export const DEFAULT_LATENCY_POLICY: Omit<LatencyPolicy, 'ceilingMs'> = {
  floorMs: 5_000,
  multiplier: 10,
  hedgeFloorMs: 500,
  minSamples: 20,
};

/** Hedge delay while too few GETs were seen to know their p99. */
const WARMUP_HEDGE_MS = 2_000;
const WINDOW = 512;
/** Percentiles are re-sorted after this many new samples, not on every call. */
const RESORT_EVERY = 16;

class Window {
  private readonly samples: number[] = [];
  private next = 0;
  private sorted: number[] = [];
  private added = 0;

  add(ms: number): void {
    if (this.samples.length < WINDOW) this.samples.push(ms);
    else this.samples[this.next] = ms;
    this.next = (this.next + 1) % WINDOW;
    this.added++;
  }

  size(): number {
    return this.samples.length;
  }

  percentile(p: number): number {
    if (this.added >= RESORT_EVERY || this.sorted.length === 0) {
      this.sorted = [...this.samples].sort((a, b) => a - b);
      this.added = 0;
    }
    const at = Math.min(this.sorted.length - 1, Math.floor(p * this.sorted.length));
    return this.sorted[at] ?? 0;
  }
}

/**
 * Answers and timeouts of a run, by class. A timed-out attempt counts as a sample at its deadline
 * (censored): if more than 5% of a slow-but-healthy server's answers pass the deadline, the p95
 * reaches it and the next deadline is ten times longer, up to the ceiling — the client backs off
 * instead of hammering. Hangs below 5% do not move the p95.
 */
export class LatencyTracker {
  private readonly byClass: Record<CallClass, Window> = { read: new Window(), write: new Window() };
  private readonly all = new Window();

  constructor(private readonly policy: LatencyPolicy) {}

  /** An attempt that got a response (any status), or was cut by its deadline, after `ms`. */
  record(kind: CallClass, ms: number): void {
    this.byClass[kind].add(ms);
    this.all.add(ms);
  }

  /** The whole-response deadline for the next attempt of this class. */
  attemptDeadline(kind: CallClass): number {
    const ceiling = this.policy.ceilingMs[kind];
    // Writes fall back to all samples until they have their own (reads come first in every run).
    const source = this.byClass[kind].size() >= this.policy.minSamples ? this.byClass[kind] : this.all;
    if (source.size() < this.policy.minSamples) return ceiling;
    const wanted = this.policy.multiplier * source.percentile(0.95);
    return Math.round(Math.min(ceiling, Math.max(this.policy.floorMs, wanted)));
  }

  /** How long a GET may run before a second one is sent: the observed p99, at least the floor. */
  hedgeDelay(): number {
    const reads = this.byClass.read;
    const p99 = reads.size() >= this.policy.minSamples ? reads.percentile(0.99) : WARMUP_HEDGE_MS;
    const latest = this.attemptDeadline('read') / 2;
    return Math.round(Math.min(latest, Math.max(this.policy.hedgeFloorMs, p99)));
  }
}
