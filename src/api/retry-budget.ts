// A run-wide allowance of retries: each retry spends tokens, first-try successes earn them back slowly.

export interface RetryBudgetOptions {
  /** Starting and maximum balance (500). */
  start?: number;
  /** Cost of retrying after an ordinary failure (2). */
  retryCost?: number;
  /** Cost of retrying after a timeout, which ties up a slot far longer (5). */
  timeoutCost?: number;
  /** Cost of a hedged GET (1): cheap, but an outage must not double the load for long. */
  hedgeCost?: number;
  /** Earned by a call that succeeds on its first try (1). */
  successCredit?: number;
}

/** Stops retry storms during an outage: once spent, failures surface instead of being retried. */
export class RetryBudget {
  private balance: number;
  private readonly start: number;
  private readonly retryCost: number;
  private readonly timeoutCost: number;
  private readonly hedgeCost: number;
  private readonly successCredit: number;

  constructor(options: RetryBudgetOptions = {}) {
    this.start = options.start ?? 500;
    this.retryCost = options.retryCost ?? 2;
    this.timeoutCost = options.timeoutCost ?? 5;
    this.hedgeCost = options.hedgeCost ?? 1;
    this.successCredit = options.successCredit ?? 1;
    this.balance = this.start;
  }

  /** Pays for one retry or hedge; false (and nothing spent) when the balance cannot cover it. */
  trySpend(kind: 'retry' | 'timeout' | 'hedge'): boolean {
    const cost = { retry: this.retryCost, timeout: this.timeoutCost, hedge: this.hedgeCost }[kind];
    if (this.balance < cost) return false;
    this.balance -= cost;
    return true;
  }

  creditFirstTrySuccess(): void {
    this.balance = Math.min(this.start, this.balance + this.successCredit);
  }

  remaining(): number {
    return this.balance;
  }
}
