import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldPolicy, pointerPatterns, withRules } from '../../src/core/field-policy.js';
import { KINDS, policyOf } from '../../src/kinds/index.js';

describe('field policy', () => {
  it('reads each rule from the field schema that declares it, through wrappers, lists and variants', () => {
    const shared = z.string().describe('A name.');
    const schema = z
      .object({
        kind: withRules(shared, { immutable: true }),
        other: shared.optional(),
        login: withRules(z.string(), { secret: true }).describe('described after the rule').optional(),
        profiles: z.array(z.object({ token: withRules(z.string(), { secret: true }) })).optional(),
        settings: z.record(z.string(), z.object({ key: withRules(z.string(), { secret: true }) })),
        choice: z.union([
          z.object({ a: withRules(z.string(), { createOnly: true }) }),
          z.object({ b: z.string() }),
        ]),
        columns: withRules(z.array(z.object({ name: z.string() })), { keyedBy: 'name' }).optional(),
        order: withRules(z.array(z.string()), { prefix: true }),
        files: withRules(z.array(z.string()), { localFiles: true }),
        loose: withRules(z.looseObject({}), {
          rulesFrom: z.object({ password: withRules(z.string(), { secret: true }) }),
        }),
      })
      .strict()
      .superRefine(() => {});
    const policy = fieldPolicy(schema);
    expect(policy.secret.pointers).toEqual([
      '/login',
      '/profiles/*/token',
      '/settings/*/key',
      '/loose/password',
    ]);
    // The same schema reused without the rule does not carry it.
    expect(policy.immutable.pointers).toEqual(['/kind']);
    expect(policy.createOnly.pointers).toEqual(['/choice/a']);
    expect(policy.keyed).toEqual({ '/columns': 'name' });
    expect(policy.prefix.pointers).toEqual(['/order']);
    expect(policy.localFiles.pointers).toEqual(['/files']);
    expect(policy.unverifiable.pointers).toEqual(['/files/*/sha256', '/files/*/path']);
    expect(fieldPolicy(schema)).toBe(policy);
  });

  it('tells exact, covered and touched pointers apart', () => {
    const secret = pointerPatterns(['/connection/password', '/profiles/*/token']);
    expect(secret.matches(['connection', 'password'])).toBe(true);
    expect(secret.matches(['connection', 'password', 'secret_id'])).toBe(false);
    expect(secret.covers('/connection/password/secret_id')).toBe(true);
    expect(secret.covers('/connection/passwords')).toBe(false);
    expect(secret.covers('/profiles/3/token')).toBe(true);
    expect(secret.covers('/profiles/3')).toBe(false);
    expect(secret.touches('/profiles/3')).toBe(true);
    expect(secret.touches('/connection/host')).toBe(false);
  });

  it('finds the concrete pointers a spec holds, and removes them without changing the input', () => {
    const secret = pointerPatterns(['/profiles/*/token', '/password']);
    const spec = { profiles: [{ token: 'a' }, {}], password: 'p', keep: 1 };
    expect(secret.presentIn(spec)).toEqual(['/profiles/0/token', '/password']);
    expect(secret.slotsIn(spec)).toEqual(['/profiles/0/token', '/profiles/1/token', '/password']);
    expect(secret.omitFrom(spec)).toEqual({ profiles: [{}, {}], keep: 1 });
    expect(spec.password).toBe('p');
  });

  it('gives every kind a policy from its schema alone, the secrets of every kind among them', () => {
    const secrets = Object.fromEntries(
      Object.values(KINDS).map((k) => [k.kind, policyOf(k).secret.pointers.length]),
    );
    expect(secrets).toMatchObject({
      Source: 11,
      Environment: 8,
      EnvironmentStorage: 5,
      User: 1,
      TableGroup: 1,
    });
    expect(policyOf(KINDS.Environment).secret.pointers).toContain(
      '/data_warehouse_configuration/snowflake_profiles/*/authentication_properties/password',
    );
  });
});
