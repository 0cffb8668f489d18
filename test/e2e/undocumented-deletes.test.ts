// The DELETEs no reference documents (environment storages, compute templates, interactive
// clusters) against an emulator that refuses them, as a platform without them would: the plan marks
// them, apply lists each refused object with what to do by hand, applies everything else, sends each
// refused DELETE once (no retry) and exits 3; once the objects are gone by hand, the plan is empty.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../helpers/e2e.js';
import * as f from './kinds/fixtures.js';

describe('operations not in the published API', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ recordRequests: true });
    await f.resetWith(e2e, {
      'platform.yaml': f.docs(f.platform(), f.storage({ name: 'scratch', type: 'dbfs' })),
    });
    await f.applyOk(e2e);
  });
  afterAll(() => e2e.close());

  it('plans them marked, applies the rest, lists the refused objects to delete by hand, exits 3', async () => {
    // The scratch storage and the interactive cluster are dropped (their environment prunes its
    // undeclared children); the domain changes.
    const environment = f.environment().replace('name: "prod"\nspec:', 'name: "prod"\n  prune: true\nspec:');
    await e2e.write(
      'platform.yaml',
      f.docs(environment, f.storage(), f.computeTemplate(), f.domain('sales', 'Sales and finance.')),
    );

    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({
      'EnvironmentStorage/prod/scratch': 'delete',
      'InteractiveCluster/prod/interactive-dev': 'delete',
      'Domain/sales': 'update',
    });
    const marked = (plan.calls as (f.PlanJson['calls'][number] & { undocumented?: true })[])
      .filter((c) => c.undocumented)
      .map((c) => `${c.method} ${c.address}`);
    expect(marked.sort()).toEqual([
      'DELETE EnvironmentStorage/prod/scratch',
      'DELETE InteractiveCluster/prod/interactive-dev',
    ]);
    const text = await e2e.dpac(['plan', '--no-color', '--show-calls']);
    expect(text.stdout).toContain('Warning: EnvironmentStorage/prod/scratch: DELETE /admin/environment/');
    expect(text.stdout).toContain(
      'is not in the published API: the platform may refuse it; if it does, apply reports the object to handle by hand and goes on with the rest.',
    );
    expect(text.stdout).toMatch(
      /DELETE +\/admin\/environment\/\S+\/environment-storage\/\S+ .*\[not in the published API: the platform may refuse it\]/,
    );
    const markdown = await e2e.dpac(['plan', '-o', 'markdown']);
    expect(markdown.stdout).toContain('- **Warning:** InteractiveCluster/prod/interactive-dev: DELETE');

    const before = e2e.emulator.requests().length;
    const applied = await e2e.dpac(['apply', '--auto-approve', '--no-color']);
    expect(applied.code).toBe(3);
    expect(applied.stdout).toContain('Resources: 0 added, 1 changed, 0 replaced, 0 destroyed.');
    for (const address of ['EnvironmentStorage/prod/scratch', 'InteractiveCluster/prod/interactive-dev']) {
      expect(applied.stdout).toContain(
        `${address}: Could not delete ${address}: the platform answered 405 to DELETE /v3/admin/environment/`,
      );
      expect(applied.stdout).toContain(
        `an operation that is not in its published API. Delete ${address} by hand (in the platform's UI), then run dpac plan again.`,
      );
    }
    const deletes = e2e.emulator
      .requests()
      .slice(before)
      .filter((r) => r.method === 'DELETE' && r.path.startsWith('/admin/environment/'));
    // Once each: a refusal is final, never retried.
    expect(deletes).toHaveLength(2);

    // Deleted by hand, the plan has nothing left to do.
    const api = await f.connectApi(e2e);
    const env = await api.idOf('/admin/environment', 'prod');
    const storage = await api.idOf(`/admin/environment/${env}/environment-storage`, 'scratch');
    const cluster = await api.idOf(
      `/admin/environment/${env}/environment-interactive-clusters`,
      'interactive-dev',
    );
    e2e.emulator.store.remove('storages', storage);
    e2e.emulator.store.remove('interactive_clusters', cluster);
    await f.expectConverged(e2e);
  });
});
