import { describe, expect, it } from 'vitest';
import type { IdExpr, WriteContext } from '../../../src/kinds/kind.js';
import { ValidationSpec } from '../../../src/kinds/validation-spec/validation-spec.js';
import { pending } from '../shared/id-refs.js';

const SOURCE_ID = '63ce575248ef1c73e0fa5001';
const TABLE = `\${Table/sales_db/orders.id}`;
const LIST = `/sources/${SOURCE_ID}/tables/${TABLE}/validation-specs`;

function context(self: IdExpr): WriteContext {
  return {
    name: 'order_status_code',
    self,
    ancestors: { Source: SOURCE_ID, Table: pending('Table/sales_db/orders') },
    idOf: pending,
    idAt: (pointer) => {
      throw new Error(`no ref at ${pointer}`);
    },
  };
}

const SPEC = { column_name: 'status', type: 'regex', regex_expression: '^[A-Z_]+$' } as const;

describe('ValidationSpec', () => {
  it('accepts a regex check and refuses an unknown type or a missing expression', () => {
    expect(ValidationSpec.spec.parse(SPEC)).toEqual(SPEC);
    const result = ValidationSpec.spec.safeParse({ column_name: 'status', type: 'range' });
    expect(result.error?.issues.map((i) => i.path.join('/'))).toEqual(['type', 'regex_expression']);
  });

  it('lists under its table and has no references', () => {
    expect(ValidationSpec.read.list).toBe('/sources/{Source}/tables/{Table}/validation-specs');
    expect(
      ValidationSpec.refs(SPEC, { ancestors: ['sales_db', 'orders'], declared: () => undefined }),
    ).toEqual([]);
  });

  it('creates with the table id in the body', () => {
    expect(
      ValidationSpec.create(SPEC, context(pending('ValidationSpec/sales_db/orders/order_status_code'))),
    ).toEqual([
      {
        method: 'POST',
        path: LIST,
        body: {
          name: 'order_status_code',
          column_name: 'status',
          table_id: TABLE,
          type: 'regex',
          regex_expression: '^[A-Z_]+$',
        },
        creates: true,
      },
    ]);
  });

  it('patches and deletes by id', () => {
    const after = { ...SPEC, regex_expression: '^[A-Z]+$' };
    expect(ValidationSpec.update(SPEC, after, new Set(['regex_expression']), context('vs1'))).toEqual([
      {
        method: 'PATCH',
        path: `${LIST}/vs1`,
        body: {
          name: 'order_status_code',
          column_name: 'status',
          table_id: TABLE,
          type: 'regex',
          regex_expression: '^[A-Z]+$',
        },
      },
    ]);
    expect(ValidationSpec.remove(SPEC, context('vs1'))).toEqual([{ method: 'DELETE', path: `${LIST}/vs1` }]);
  });

  it('projects a live item back into the spec, reading the SDK spelling `expression` too', () => {
    const item = {
      id: 'vs1',
      name: 'order_status_code',
      column_name: 'status',
      table_id: 't1',
      type: 'regex',
      regex_expression: '^[A-Z_]+$',
      created_at: '2022-10-18T12:17:53.034Z',
    };
    const names = { nameOf: () => undefined };
    expect(ValidationSpec.fromApi({ id: 'vs1', item, docs: {} }, names)).toStrictEqual(SPEC);
    const { regex_expression, ...rest } = item;
    expect(
      ValidationSpec.fromApi({ id: 'vs1', item: { ...rest, expression: regex_expression }, docs: {} }, names),
    ).toStrictEqual(SPEC);
  });
});
