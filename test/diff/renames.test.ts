import { describe, expect, it } from 'vitest';
import { addressFrom } from '../../src/core/address.js';
import type { Change } from '../../src/diff/change.js';
import { renameHints } from '../../src/diff/renames.js';
import type { KindName } from '../../src/kinds/index.js';

function change(
  kind: KindName,
  address: string,
  action: 'create' | 'delete',
  spec: Record<string, unknown>,
): Change {
  const parts = address.split('/');
  return {
    address: addressFrom(address),
    kind,
    name: parts.at(-1) as string,
    ancestors: parts.slice(1, -1),
    action,
    reason: '',
    fields: [],
    ...(action === 'create' ? { after: spec } : { before: spec }),
  };
}

describe('renameHints', () => {
  const spec = { description: 'Sales.', environments: ['prod'] };

  it('pairs a create with the delete of a look-alike of the same kind and parent', () => {
    expect(
      renameHints([
        change('Domain', 'Domain/sales', 'delete', spec),
        change('Domain', 'Domain/sales_team', 'create', spec),
        change('Table', 'Table/a/orders', 'delete', { description: 'x' }),
        change('Table', 'Table/b/orders_v2', 'create', { description: 'x' }),
      ]),
    ).toEqual([{ from: 'Domain/sales', to: 'Domain/sales_team' }]);
  });

  it('gives no hint when a field differs or the kind cannot be renamed', () => {
    expect(
      renameHints([
        change('Domain', 'Domain/sales', 'delete', spec),
        change('Domain', 'Domain/sales_team', 'create', { ...spec, description: 'Other.' }),
        change('GenericSourceType', 'GenericSourceType/a', 'delete', { folder_path: '/x' }),
        change('GenericSourceType', 'GenericSourceType/b', 'create', { folder_path: '/x' }),
      ]),
    ).toEqual([]);
  });
});
