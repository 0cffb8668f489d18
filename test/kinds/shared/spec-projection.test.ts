import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pointerPatterns, withRules } from '../../../src/core/field-policy.js';
import { emptyIsAValue, projectLive, projectToSchema } from '../../../src/kinds/shared/spec-projection.js';

const schema = z
  .object({
    name: z.string().min(1),
    note: z.string().optional(),
    quote: emptyIsAValue(z.string()).optional(),
    count: z.number().optional(),
    enabled: z.boolean().optional(),
    columns: z.array(z.string().min(1)).min(1).optional(),
    labels: z.array(z.string()).optional(),
    nested: z.object({ a: z.string().optional() }).strict().optional(),
    password: withRules(z.string(), { secret: true }).optional(),
  })
  .strict();

describe('projecting live JSON onto a spec schema', () => {
  it('keeps declared keys only and drops nulls and the API’s empty strings', () => {
    expect(projectToSchema({ name: 'x', note: '', count: null, server_field: 1 }, schema)).toEqual({
      name: 'x',
    });
  });

  it('keeps an empty string where the schema says it is a value', () => {
    expect(projectToSchema({ name: 'x', quote: '' }, schema)).toEqual({ name: 'x', quote: '' });
  });

  it('folds stringly numbers and booleans, and numbers given for strings', () => {
    expect(projectToSchema({ name: 7, count: '10', enabled: 'false' }, schema)).toEqual({
      name: '7',
      count: 10,
      enabled: false,
    });
  });

  it('reads a single value given for a list as a one-item list, without empty items', () => {
    expect(projectToSchema({ name: 'x', columns: 'id', labels: ['a', '', null] }, schema)).toEqual({
      name: 'x',
      columns: ['id'],
      labels: ['a'],
    });
  });

  it('drops an empty list only where the schema cannot hold one, and an empty optional object', () => {
    expect(projectToSchema({ name: 'x', columns: [], labels: [], nested: { a: '' } }, schema)).toEqual({
      name: 'x',
      labels: [],
    });
  });

  it('keeps a value of the wrong shape so the diff shows it', () => {
    expect(projectToSchema({ name: 'x', count: 'many' }, schema)).toEqual({ name: 'x', count: 'many' });
  });

  it('removes write-only fields', () => {
    expect(projectLive({ name: 'x', password: 'cipher' }, schema)).toEqual({ name: 'x' });
  });

  it('picks the union option that shares the value’s keys, searching nested unions', () => {
    const byName = z.object({ data_connection: z.string() }).strict();
    const inline = z.object({ url: z.string(), user: z.string().optional() }).strict();
    expect(projectToSchema({ url: 'jdbc:x', junk: 1 }, z.union([byName, inline]))).toEqual({ url: 'jdbc:x' });
    const cloud = z.discriminatedUnion('cloud', [
      z.object({ kind: z.literal('cloud'), cloud: z.literal('s3'), bucket: z.string() }).strict(),
      z.object({ kind: z.literal('cloud'), cloud: z.literal('gs'), project: z.string() }).strict(),
    ]);
    const storage = z.discriminatedUnion('kind', [z.object({ kind: z.literal('local') }).strict(), cloud]);
    expect(projectToSchema({ kind: 'cloud', cloud: 'gs', project: 'p', bucket: 'b' }, storage)).toEqual({
      kind: 'cloud',
      cloud: 'gs',
      project: 'p',
    });
  });
});

describe('omitting pointers', () => {
  it('removes fields at every index a star matches, leaving the input untouched', () => {
    const value = { profiles: [{ secret: 1, keep: 1 }, { secret: 2 }] };
    expect(pointerPatterns(['/profiles/*/secret']).omitFrom(value)).toEqual({
      profiles: [{ keep: 1 }, {}],
    });
    expect(value.profiles[0]?.secret).toBe(1);
  });
});
