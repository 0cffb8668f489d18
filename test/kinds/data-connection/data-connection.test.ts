import { describe, expect, it } from 'vitest';
import { DataConnection } from '../../../src/kinds/data-connection/data-connection.js';
import type { WriteContext } from '../../../src/kinds/kind.js';
import { policyOf } from '../../../src/kinds/kind.js';
import { pending } from '../shared/id-refs.js';

const names = { nameOf: () => undefined };
const ID = '66cd72aaeed4673496ef27c7';

function writeContext(self = '${DataConnection/warehouse_target.id}'): WriteContext {
  return {
    name: 'warehouse_target',
    self,
    ancestors: {},
    idOf: pending,
    idAt: (pointer) => {
      throw new Error(`no reference at ${pointer}`);
    },
  };
}

const target = {
  sub_type: 'SNOWFLAKE',
  description: 'Analytics warehouse.',
  properties: {
    url: 'https://acme.snowflakecomputing.com',
    account: 'acme',
    username: 'LOADER',
    password: '${env.WAREHOUSE_PASSWORD}',
    warehouse: 'LOAD_WH',
    additional_params: 'x=2&&y=4',
  },
};

const parse = (spec: unknown) => DataConnection.normalize!(DataConnection.spec.parse(spec));
const issuesOf = (spec: unknown) =>
  (DataConnection.spec.safeParse(spec).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('DataConnection schema', () => {
  it('accepts a Snowflake target and another sub-type with its own properties', () => {
    expect(issuesOf(target)).toEqual([]);
    const postgres = {
      sub_type: 'POSTGRES',
      properties: { url: 'jdbc:postgresql://db:5432/x', username: 'u', password: '${env.PG}', port: 5432 },
    };
    expect(issuesOf(postgres)).toEqual([]);
  });

  it('refuses a lower-case sub-type and a misspelled Snowflake property', () => {
    expect(issuesOf({ ...target, sub_type: 'snowflake' })).toEqual([
      'sub_type: use the upper-case sub-type, e.g. SNOWFLAKE, SQL_SERVER, POSTGRES',
    ]);
    const { password: _p, ...props } = target.properties;
    expect(issuesOf({ ...target, properties: { ...props, passwrd: 'x' } })).toEqual([
      'properties.passwrd: SNOWFLAKE connections take url, account, username, password, additional_params, warehouse; remove passwrd or fix its spelling.',
      'properties.password: SNOWFLAKE connections need properties.password; add it.',
    ]);
  });

  it('refuses a type field, since every connection managed here is a TARGET', () => {
    expect(issuesOf({ ...target, type: 'TARGET' })).toEqual([': Unrecognized key: "type"']);
  });
});

describe('DataConnection writes', () => {
  it('creates with type TARGET and the password reference as written', () => {
    expect(DataConnection.refs(parse(target), { ancestors: [], declared: () => undefined })).toEqual([]);
    expect(DataConnection.create(parse(target), writeContext())).toEqual([
      {
        method: 'POST',
        path: '/admin/data-connections',
        creates: true,
        body: { name: 'warehouse_target', type: 'TARGET', ...target },
      },
    ]);
  });

  it('updates with a full PUT that re-sends the password', () => {
    const after = parse({ ...target, properties: { ...target.properties, warehouse: 'BIG_WH' } });
    expect(DataConnection.update(parse(target), after, new Set(['properties']), writeContext(ID))).toEqual([
      {
        method: 'PUT',
        path: `/admin/data-connections/${ID}`,
        body: {
          name: 'warehouse_target',
          type: 'TARGET',
          ...target,
          properties: { ...target.properties, warehouse: 'BIG_WH' },
        },
      },
    ]);
  });

  it('removes with a DELETE', () => {
    expect(DataConnection.remove(parse(target), writeContext(ID))).toEqual([
      { method: 'DELETE', path: `/admin/data-connections/${ID}` },
    ]);
    expect(policyOf(DataConnection).secret.pointers).toEqual(['/properties/password']);
  });
});

describe('DataConnection fromApi', () => {
  it('projects what the API stores back to the spec, minus the password and server fields', () => {
    const live = {
      id: ID,
      name: 'warehouse_target',
      type: 'TARGET',
      created_at: '2023-06-07T07:32:43.874Z',
      created_by: '6RkfybTRQQByEey3v',
      modified_at: '2023-06-07T07:32:43.874Z',
      modified_by: '',
      ...target,
      properties: {
        ...target.properties,
        password: { password_type: 'infoworks_managed', password: 'Y2lwaGVy' },
      },
    };
    const { password: _p, ...props } = target.properties;
    expect(DataConnection.fromApi({ id: ID, item: live, docs: {} }, names)).toEqual({
      ...parse(target),
      properties: props,
    });
  });

  it('reads the user_name spelling as username', () => {
    const { username, password: _p, ...props } = target.properties;
    const live = { id: ID, name: 'w', sub_type: 'SNOWFLAKE', properties: { ...props, user_name: username } };
    expect(DataConnection.fromApi({ id: ID, item: live, docs: {} }, names)).toEqual({
      sub_type: 'SNOWFLAKE',
      properties: { ...props, username },
    });
  });
});
