import { describe, expect, it } from 'vitest';
import { excludedBy, selectedBy, unmatchedSelectors } from '../../src/plan/select.js';

describe('selectors', () => {
  const table = { kind: 'Table', ancestors: ['sales_db'], name: 'orders' } as const;
  const group = { kind: 'TableGroup', ancestors: ['sales_db'], name: 'finance_daily' } as const;

  it('select names objects from the top, a shorter path covering what is below', () => {
    const covers = (s: string) => selectedBy([s])(table.kind, table.ancestors, table.name);
    expect(['Table', 'Table/sales_db', 'Table/sales_db/orders', 'Source/sales_db'].map(covers)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['Table/orders', 'Table/sales_db/order*', 'Source/other', 'Domain'].map(covers)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('exclude takes globs per name', () => {
    const excludes = (s: string) => excludedBy([s])(table.kind, table.ancestors, table.name);
    expect(['Table/*/ord*', 'Source/sales_*', 'Table/sales_db/o?ders'].map(excludes)).toEqual([
      true,
      true,
      true,
    ]);
    expect(['Table/*/cust*', 'TableGroup'].map(excludes)).toEqual([false, false]);
  });

  it('suggests the same name under its parents, else the nearest address', () => {
    const summaries = (flag: '--select' | '--exclude', s: string[]) =>
      unmatchedSelectors(flag, s, [table, group]).map((d) => d.summary);
    expect(
      summaries('--select', ['TableGroup/finance_daily', 'Table/sales_db/ordres', 'Table/sales_db']),
    ).toEqual([
      '--select TableGroup/finance_daily matches nothing. Did you mean TableGroup/sales_db/finance_daily?',
      '--select Table/sales_db/ordres matches nothing. Did you mean Table/sales_db/orders?',
    ]);
    expect(summaries('--exclude', ['Domain/*'])).toEqual(['--exclude Domain/* matches nothing.']);
  });
});
