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
}

export const DEFAULT_LATENCY_POLICY: Omit<LatencyPolicy, 'ceilingMs'> = {
  floorMs: 5_000,
  multiplier: 10,
  hedgeFloorMs: 500,
};

/** Hedge delay before any GET was seen. */
const WARMUP_HEDGE_MS = 2_000;
const WINDOW = 512;
const TAIL_SAMPLES = 20;

/** The last WINDOW samples, also kept sorted (two binary searches per sample, not a sort per read). */
class Window {
  private readonly samples: number[] = [];
  private next = 0;
  private readonly sorted: number[] = [];

  add(ms: number): void {
    if (this.samples.length < WINDOW) this.samples.push(ms);
    else {
      const old = this.samples[this.next] as number;
      this.sorted.splice(lowerBound(this.sorted, old), 1);
      this.samples[this.next] = ms;
    }
    this.next = (this.next + 1) % WINDOW;
    this.sorted.splice(lowerBound(this.sorted, ms), 0, ms);
  }

  size(): number {
    return this.samples.length;
  }

  percentile(p: number): number {
    // Below 20 samples a tail percentile is just the maximum, so one early hang would set every
    // deadline: the lower median stands in until the tail means something.
    const n = this.sorted.length;
    const at = n < TAIL_SAMPLES ? Math.floor((n - 1) / 2) : Math.min(n - 1, Math.floor(p * n));
    return this.sorted[at] ?? 0;
  }
}

/** The first index of `sorted` whose value is not below `value`. */
function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Answers and timeouts of a run, by class. The first sample (the token call) is enough to leave
 * the ceiling: waiting for many would let a hang among the first writes stall a whole run for the
 * 60 s ceiling. That is safe because a timed-out attempt counts as a sample at its deadline
 * (censored): against a slow-but-healthy server, whose answers are mostly late, the median (under
 * 20 samples) or the p95 reaches the deadline and the next one is ten times longer, up to the
 * ceiling — the client backs off instead of hammering. Hangs below 5% move neither.
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
    const source = this.byClass[kind].size() > 0 ? this.byClass[kind] : this.all;
    if (source.size() === 0) return ceiling;
    const wanted = this.policy.multiplier * source.percentile(0.95);
    return Math.round(Math.min(ceiling, Math.max(this.policy.floorMs, wanted)));
  }

  /**
   * When an attempt counts as slow: the observed p99 of its class, at least the hedge floor, at
   * most half its deadline. A GET this slow is hedged; any attempt this slow gives back its slot.
   */
  slowAfter(kind: CallClass): number {
    const own = this.byClass[kind];
    const source = own.size() > 0 ? own : this.all;
    const p99 = source.size() > 0 ? source.percentile(0.99) : WARMUP_HEDGE_MS;
    const latest = this.attemptDeadline(kind) / 2;
    return Math.round(Math.min(latest, Math.max(this.policy.hedgeFloorMs, p99)));
  }
}
