import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Change } from '../../src/diff/change.js';
import { sortChanges } from '../../src/diff/change-order.js';
import { KIND_NAMES } from '../../src/kinds/index.js';

const address = fc
  .array(fc.constantFrom('a', 'B', 'b', '_', '-', '1', '10', 'é', 'Z', 'src_', '/'), {
    minLength: 1,
    maxLength: 6,
  })
  .map((parts) => parts.join(''));

describe('sortChanges', () => {
  it('orders by kind, then by address exactly as localeCompare does', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...KIND_NAMES), address), { maxLength: 30 }), (items) => {
        const changes = items.map(([kind, a]) => ({ kind, address: `${kind}/${a}` }) as Change);
        const kindOrder = (c: Change) => KIND_NAMES.indexOf(c.kind);
        const expected = [...changes].sort(
          (x, y) => kindOrder(x) - kindOrder(y) || x.address.localeCompare(y.address),
        );
        expect(sortChanges([...changes]).map((c) => c.address)).toEqual(expected.map((c) => c.address));
      }),
      { numRuns: 500 },
    );
  });
});
