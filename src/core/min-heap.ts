// A binary min-heap of non-negative integers (plan and draft indexes): the ready set of the
// topological orders in plan/order-calls.ts and apply/execute-plan.ts, where the lowest index
// goes first. O(log n) per push and pop.

export class MinHeap {
  private readonly items: number[] = [];

  size(): number {
    return this.items.length;
  }

  push(value: number): void {
    const a = this.items;
    a.push(value);
    for (let i = a.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if ((a[parent] as number) <= value) break;
      a[i] = a[parent] as number;
      a[parent] = value;
      i = parent;
    }
  }

  /** The smallest value, removed. Call only when size() > 0. */
  pop(): number {
    const a = this.items;
    const top = a[0] as number;
    const last = a.pop() as number;
    if (a.length === 0) return top;
    a[0] = last;
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let min = i;
      if (l < a.length && (a[l] as number) < (a[min] as number)) min = l;
      if (r < a.length && (a[r] as number) < (a[min] as number)) min = r;
      if (min === i) return top;
      [a[i], a[min]] = [a[min] as number, a[i] as number];
      i = min;
    }
  }
}
