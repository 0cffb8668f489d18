import { describe, expect, it } from 'vitest';
import { addressFrom, parseAddress } from '../../src/core/address.js';
import { SecretRef } from '../../src/core/secret.js';
import type { Change } from '../../src/diff/change.js';
import { KINDS } from '../../src/kinds/index.js';
import { lowerCalls } from '../../src/plan/lower-calls.js';
import { planCalls } from '../../src/plan/plan-calls.js';

const domainSpec = (envs: string[]) =>
  KINDS.Domain.spec.parse({ environments: envs }) as Record<string, unknown>;
const connectionOf = (spec: Record<string, unknown>) =>
  spec.connection_configuration as Record<string, unknown>;
const envSpec = () =>
  KINDS.Environment.spec.parse({
    platform: 'azure',
    compute_engine: 'databricks',
    connection_configuration: { workspace_url: 'https://w', token: '${env.T}', region: 'eastus' },
    metastore: { type: 'hive', configuration: { mode: 'internal' } },
  }) as Record<string, unknown>;

function change(
  over: Partial<Omit<Change, 'address'>> & Pick<Change, 'kind' | 'action'> & { address: string },
): Change {
  const { ancestors, name } = parseAddress(over.address);
  return { name, ancestors, reason: 'test', fields: [], ...over, address: addressFrom(over.address) };
}

const summary = (calls: ReturnType<typeof planCalls>) =>
  calls.map((c) => `${c.id} ${c.method} ${c.path} <- [${c.depends_on.join(',')}]`);

describe('planCalls', () => {
  it('creates a referenced object first and fills its id, and its secret, by pointer', () => {
    const secret = SecretRef.fromEnv('T');
    const env = { ...envSpec(), connection_configuration: { ...connectionOf(envSpec()), token: secret } };
    const { calls } = lowerCalls(
      planCalls({
        ownershipTag: 'managed-by:dpac',
        declared: () => undefined,
        changes: [
          change({ address: 'Domain/sales', kind: 'Domain', action: 'create', after: domainSpec(['prod']) }),
          change({ address: 'Environment/prod', kind: 'Environment', action: 'create', after: env }),
        ],
      }),
    );
    expect(summary(calls)).toEqual(['c1 POST /admin/environment <- []', 'c2 POST /domains <- [c1]']);
    expect(calls[1]?.body).toEqual({ name: 'sales', environment_ids: ['${Environment/prod.id}'] });
    expect(calls[1]?.fills).toEqual([{ path: '/environment_ids/0', id: 'Environment/prod' }]);
    expect(calls[0]?.body).toMatchObject({ connection_configuration: { token: '${env.T}' } });
    expect(calls[0]?.fills).toEqual([{ path: '/connection_configuration/token', env: 'T' }]);
  });

  it('deletes a referrer before what it refers to, in reverse of creation', () => {
    const calls = planCalls({
      ownershipTag: 'managed-by:dpac',
      declared: () => undefined,
      changes: [
        change({
          address: 'Environment/old',
          kind: 'Environment',
          action: 'delete',
          before: envSpec(),
          liveId: 'env1',
        }),
        change({
          address: 'Domain/d',
          kind: 'Domain',
          action: 'delete',
          before: domainSpec(['old']),
          liveId: 'dom1',
        }),
      ],
    });
    expect(summary(calls)).toEqual([
      'c1 DELETE /domains/dom1 <- []',
      'c2 DELETE /admin/environment/env1 <- [c1]',
    ]);
  });

  it('runs a replace as delete then create, and rewrites referrers with the new id', () => {
    const { calls } = lowerCalls(
      planCalls({
        ownershipTag: 'managed-by:dpac',
        declared: () => undefined,
        changes: [
          change({
            address: 'Environment/prod',
            kind: 'Environment',
            action: 'replace',
            before: envSpec(),
            after: envSpec(),
            liveId: 'env1',
          }),
          change({
            address: 'Domain/sales',
            kind: 'Domain',
            action: 'update',
            before: domainSpec(['prod']),
            after: domainSpec(['prod']),
            liveId: 'dom1',
            fields: [
              {
                path: '/environments/0',
                before: 'Environment/prod',
                after: 'Environment/prod',
                why: 'new id after replacement',
              },
            ],
          }),
        ],
      }),
    );
    expect(summary(calls)).toEqual([
      'c1 DELETE /admin/environment/env1 <- []',
      'c2 POST /admin/environment <- [c1]',
      'c3 PATCH /domains/dom1 <- [c2]',
    ]);
    expect(calls[2]?.body).toEqual({ name: 'sales', environment_ids: ['${Environment/prod.id}'] });
    expect(calls[2]?.fills).toEqual([{ path: '/environment_ids/0', id: 'Environment/prod' }]);
  });

  it('writes nothing for a no-op', () => {
    const calls = planCalls({
      ownershipTag: 'managed-by:dpac',
      declared: () => undefined,
      changes: [
        change({
          address: 'Domain/d',
          kind: 'Domain',
          action: 'noop',
          before: domainSpec([]),
          after: domainSpec([]),
          liveId: 'x',
        }),
      ],
    });
    expect(calls).toEqual([]);
  });
});
