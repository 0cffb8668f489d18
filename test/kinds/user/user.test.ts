import { describe, expect, it } from 'vitest';
import type { IdExpr, WriteContext } from '../../../src/kinds/kind.js';
import { User } from '../../../src/kinds/user/user.js';
import { pending } from '../shared/id-refs.js';

const USER_ID = 'tZpZzpozWZ7nGMXoT';
const SALES_ID = '66cd72aaeed4673496ef27c7';

function writeContext(name: string, self: IdExpr = pending(`User/${name}`)): WriteContext {
  return {
    name,
    self,
    ancestors: {},
    idOf: (address) => (address === 'Domain/sales' ? SALES_ID : pending(address)),
    idAt: (pointer) => {
      throw new Error(`no reference at ${pointer}`);
    },
  };
}

const bob = {
  profile: { name: 'Bob Example', needs_password_reset: true },
  roles: ['analyst', 'modeller'],
  password: '${env.BOB_PASSWORD}',
  accessible_domains: ['sales', 'finance'],
};

const parse = (spec: unknown) => User.normalize!(User.spec.parse(spec));
const issuesOf = (spec: unknown) =>
  (User.spec.safeParse(spec).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('User schema', () => {
  it('accepts a user and fills login_disabled with its documented default', () => {
    expect(issuesOf(bob)).toEqual([]);
    expect(parse(bob).login_disabled).toBe(false);
  });

  it('requires a password and says how to give it', () => {
    const { password: _p, ...noPassword } = bob;
    expect(issuesOf(noPassword)).toEqual(['password: Invalid input: expected string, received undefined']);
    expect(issuesOf({ ...bob, password: '' })).toEqual([
      'password: the platform refuses a user without a password; give password: ${env.NAME}',
    ]);
  });

  it('refuses unknown roles, no role, and an email inside the profile', () => {
    expect(issuesOf({ ...bob, roles: ['superuser'] })[0]).toMatch(/^roles\.0: Invalid option/);
    expect(issuesOf({ ...bob, roles: [] })).toEqual([
      'roles: give at least one role (admin, dbadmin, modeller, analyst, operations_analyst)',
    ]);
    expect(issuesOf({ ...bob, profile: { name: 'Bob', email: 'bob@example.com' } })).toEqual([
      'profile: Unrecognized key: "email"',
    ]);
  });
});

describe('User reads and references', () => {
  it('is keyed by the profile email and refers to its domains', () => {
    expect(User.read.list).toBe('/admin/users');
    expect(User.read.keyOf?.({ id: USER_ID, profile: { name: 'Bob', email: 'bob@example.com' } })).toBe(
      'bob@example.com',
    );
    expect(User.refs(parse(bob), { ancestors: [], declared: () => undefined })).toEqual([
      { address: 'Domain/finance', path: '/accessible_domains/0' },
      { address: 'Domain/sales', path: '/accessible_domains/1' },
    ]);
  });
});

describe('User writes', () => {
  it('creates with the email from metadata.name and domain ids, then no login toggle', () => {
    expect(User.create(parse(bob), writeContext('bob@example.com'))).toEqual([
      {
        method: 'POST',
        path: '/admin/users',
        creates: true,
        body: {
          profile: { name: 'Bob Example', needs_password_reset: true, email: 'bob@example.com' },
          roles: ['analyst', 'modeller'],
          password: '${env.BOB_PASSWORD}',
          accessible_domains: ['${Domain/finance.id}', SALES_ID],
        },
      },
    ]);
  });

  it('disables login after creating a user declared with login_disabled', () => {
    const calls = User.create(parse({ ...bob, login_disabled: true }), writeContext('bob@example.com'));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /admin/users',
      'PATCH /admin/users/${User/bob@example.com.id}/toggle-user-login',
    ]);
    expect(calls[1]?.body).toBeUndefined();
  });

  it('only toggles login when nothing else changed', () => {
    const before = parse(bob);
    const after = parse({ ...bob, login_disabled: true });
    expect(
      User.update(before, after, new Set(['login_disabled']), writeContext('bob@example.com', USER_ID)),
    ).toEqual([{ method: 'PATCH', path: `/admin/users/${USER_ID}/toggle-user-login`, note: 'login switch' }]);
  });

  it('patches roles with the password re-sent, and never toggles when login is unchanged', () => {
    const before = parse(bob);
    const after = parse({ ...bob, roles: ['analyst'] });
    expect(User.update(before, after, new Set(['roles']), writeContext('bob@example.com', USER_ID))).toEqual([
      {
        method: 'PATCH',
        path: `/admin/users/${USER_ID}`,
        body: {
          profile: { name: 'Bob Example', needs_password_reset: true, email: 'bob@example.com' },
          roles: ['analyst'],
          password: '${env.BOB_PASSWORD}',
          accessible_domains: ['${Domain/finance.id}', SALES_ID],
        },
      },
    ]);
  });

  it('removes with a DELETE', () => {
    expect(User.remove(parse(bob), writeContext('bob@example.com', USER_ID))).toEqual([
      { method: 'DELETE', path: `/admin/users/${USER_ID}` },
    ]);
  });
});

describe('User fromApi', () => {
  it('projects a list item back to the spec: server fields and password dropped, domain ids named', () => {
    const live = {
      id: USER_ID,
      profile: { name: 'Bob Example', email: 'bob@example.com', needs_password_reset: true, is_slack: false },
      emails: [{ address: 'bob@example.com', verified: false }],
      display_name: 'Bob Example',
      roles: ['modeller', 'analyst'],
      refresh_token: '',
      status: { is_online: false, is_idle: false },
      accessible_domains: [SALES_ID, 'f1b68b17e40c11b07fc62128'],
      failed_logins: [],
      created_at: '2023-06-07T07:32:43.874Z',
      modified_at: '2023-06-07T07:32:43.874Z',
      is_password_required: false,
    };
    const names = {
      nameOf: (kind: string, id: string) =>
        kind === 'Domain' ? { [SALES_ID]: 'sales', f1b68b17e40c11b07fc62128: 'finance' }[id] : undefined,
    };
    const { password: _p, ...expected } = parse(bob);
    expect(User.normalize!(User.fromApi({ id: USER_ID, item: live, docs: {} }, names))).toEqual(expected);
  });

  it('keeps an unknown domain id so the diff shows it, and reads a disabled login', () => {
    const live = {
      id: USER_ID,
      profile: { name: 'Bob', email: 'bob@example.com' },
      roles: ['analyst'],
      accessible_domains: ['0123456789abcdef01234567'],
      login_disabled: true,
    };
    expect(User.fromApi({ id: USER_ID, item: live, docs: {} }, { nameOf: () => undefined })).toEqual({
      profile: { name: 'Bob' },
      roles: ['analyst'],
      accessible_domains: ['0123456789abcdef01234567'],
      login_disabled: true,
    });
  });
});
