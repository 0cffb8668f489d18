// Deletes follow every reference in reverse, through the real CLI against an emulator that refuses
// to delete what is still used: a table group goes before the interactive cluster or compute
// template it runs on, whether it is removed itself or goes because its source is deleted.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../helpers/e2e.js';
import * as f from './kinds/fixtures.js';

/** The environment prunes its undeclared storages and computes: removing a manifest deletes one. */
const pruningEnvironment = () =>
  f.environment().replace('name: "prod"\nspec:', 'name: "prod"\n  prune: true\nspec:');

const onCluster = () => f.tableGroup().replace('compute: etl-small', 'compute: interactive-dev');

describe('delete order', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ allowUndocumented: true });
  });
  beforeEach(async () => {
    await f.resetWith(e2e, {
      'platform.yaml': f.docs(
        pruningEnvironment(),
        f.storage(),
        f.computeTemplate(),
        f.interactiveCluster(),
        f.domain(),
      ),
    });
  });
  afterAll(() => e2e.close());

  /** The call ids of the DELETE of each address, and the calls each waits for. */
  function deletes(plan: f.PlanJson): Map<string, { id: string; after: string[] }> {
    return new Map(
      plan.calls
        .filter((c) => c.method === 'DELETE')
        .map((c) => [c.address, { id: c.id, after: c.depends_on }]),
    );
  }

  it('deletes a table group before the interactive cluster it runs on', async () => {
    await e2e.write(
      'sources.yaml',
      f.docs(f.salesDb(), f.table({ name: 'customers' }), f.table({ name: 'orders' }), onCluster()),
    );
    await f.applyOk(e2e);
    await e2e.write(
      'platform.yaml',
      f.docs(pruningEnvironment(), f.storage(), f.computeTemplate(), f.domain()),
    );
    await e2e.write(
      'sources.yaml',
      f.docs(f.salesDb(), f.table({ name: 'customers' }), f.table({ name: 'orders' })),
    );

    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({
      'TableGroup/sales_db/nightly': 'delete',
      'InteractiveCluster/prod/interactive-dev': 'delete',
    });
    const order = deletes(plan);
    const group = order.get('TableGroup/sales_db/nightly')?.id;
    expect(order.get('InteractiveCluster/prod/interactive-dev')?.after).toContain(group);
    f.expectBefore(
      plan.calls.map((c) => c.address),
      'TableGroup/sales_db/nightly',
      'InteractiveCluster/prod/interactive-dev',
    );
    await f.applyOk(e2e, ['--parallelism', '1']);
    await f.expectConverged(e2e);
  });

  it('deletes a table group that goes with its source before the compute template it runs on', async () => {
    await e2e.write(
      'sources.yaml',
      f.docs(f.salesDb(), f.table({ name: 'customers' }), f.table({ name: 'orders' }), f.tableGroup()),
    );
    await f.applyOk(e2e);
    // The source's manifest is gone (it is deleted: its tag says it is this project's), and so is
    // the compute template's (its environment prunes it).
    await e2e.write('sources.yaml', '# nothing left\n');
    await e2e.write(
      'platform.yaml',
      f.docs(pruningEnvironment(), f.storage(), f.interactiveCluster(), f.domain()),
    );

    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({
      'ComputeTemplate/prod/etl-small': 'delete',
      'Source/sales_db': 'delete',
      'Table/sales_db/customers': 'delete',
      'Table/sales_db/orders': 'delete',
      'TableGroup/sales_db/nightly': 'delete',
    });
    const order = deletes(plan);
    const group = order.get('TableGroup/sales_db/nightly')?.id;
    expect(order.get('ComputeTemplate/prod/etl-small')?.after).toContain(group);
    await f.applyOk(e2e, ['--parallelism', '1']);
    await f.expectConverged(e2e);
  });
});
