// Environment cloning through the real CLI against the emulator: clone_from is used on create
// only, the plan says what the clone brings, the copies stay unmanaged (never deleted by
// surprise), and a later plan ignores clone_from with a warning.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../../helpers/e2e.js';
import * as f from './fixtures.js';

const staging = (cloneFrom = 'prod', description = 'Staging, cloned from prod.') =>
  f.environment(description, { name: 'staging', cloneFrom });

const BROUGHT = [
  'ComputeTemplate/staging/etl-small',
  'EnvironmentStorage/staging/lake',
  'InteractiveCluster/staging/interactive-dev',
];

describe('environment cloning', () => {
  let e2e: E2e;
  let api: f.Api;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  beforeEach(async () => {
    await f.resetWith(e2e, { 'platform.yaml': f.platform() });
    api = await f.connectApi(e2e);
    await f.applyOk(e2e);
  });
  afterAll(() => e2e.close());

  it('clones on create, says what the clone brings, and leaves the copies unmanaged', async () => {
    await e2e.write('staging.yaml', staging());
    const prod = await api.idOf('/admin/environment', 'prod');
    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({ 'Environment/staging': 'create' });
    expect(plan.changes.find((c) => c.address === 'Environment/staging')?.reason).toBe(
      'declared, not found live: a clone of Environment/prod, bringing ComputeTemplate etl-small, ' +
        'EnvironmentStorage lake, InteractiveCluster interactive-dev (undeclared copies stay unmanaged)',
    );
    expect(plan.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', `/admin/environment?resource_id_to_clone=${prod}`, { name: 'staging' }],
      [
        'PATCH',
        '/admin/environment/${Environment/staging.id}',
        expect.objectContaining({ name: 'staging', description: 'Staging, cloned from prod.' }),
      ],
    ]);
    const seq = e2e.lastSeq();
    await f.applyOk(e2e);
    expect(e2e.writesSince(seq).map((w) => w.method)).toEqual(['POST', 'PATCH']);

    // The copies are live under staging, undeclared: listed as unmanaged, never deleted.
    const after = await e2e.dpac(['plan', '--json']);
    expect(after.code).toBe(0);
    expect(after.stderr).toContain(
      'Environment/staging exists, so clone_from is ignored: it is used only when creating.',
    );
    const json = JSON.parse(after.stdout) as f.PlanJson;
    expect(f.actions(json)).toEqual({});
    expect(json.unmanaged).toEqual(expect.arrayContaining(BROUGHT));
    const again = e2e.lastSeq();
    const applied = await e2e.dpac(['apply', '--auto-approve']);
    expect(applied.code).toBe(0);
    expect(e2e.writesSince(again)).toEqual([]);
  });

  it('ignores a changed clone_from on an existing environment: no replacement, no write', async () => {
    await e2e.write('staging.yaml', staging());
    await f.applyOk(e2e);
    await e2e.write('staging.yaml', f.docs(staging('dev'), f.environment(undefined, { name: 'dev' })));
    const plan = await e2e.dpac(['plan', '--json']);
    const json = JSON.parse(plan.stdout) as f.PlanJson;
    expect(f.actions(json)).toEqual({ 'Environment/dev': 'create' });
    expect(plan.stderr).toContain('clone_from is ignored');
  });

  it('reports a description changed by hand as drift, and the export plans no change', async () => {
    await e2e.write('staging.yaml', staging());
    await f.applyOk(e2e);
    const id = await api.idOf('/admin/environment', 'staging');
    await api.send('PATCH', `/admin/environment/${id}`, { description: 'edited by hand' });
    const drift = await e2e.dpac(['drift', '-o', 'json']);
    expect(drift.code).toBe(2);
    expect(JSON.parse(drift.stdout).changed).toEqual([
      expect.objectContaining({
        address: 'Environment/staging',
        fields: [
          {
            path: '/description',
            before: 'edited by hand',
            after: 'Staging, cloned from prod.',
            impact: 'metadata',
          },
        ],
      }),
    ]);
    await e2e.dpac(['apply', '--auto-approve']);

    await f.exportRoundTrip(e2e);
    const written = await f.exportedFile(e2e, 'environments/staging.yaml');
    expect(written).not.toContain('clone_from');
    const storages = await f.exportedFile(e2e, 'environments/staging/environment-storages.yaml');
    expect(storages).toContain('name: lake');
  });

  it('clones an environment another project manages, declared external', async () => {
    await e2e.write(
      'team/dpac.yaml',
      'apiVersion: dpac/v1\nkind: Project\nproject: team-b\nexternal:\n  - Environment/prod\n',
    );
    await e2e.write('team/staging.yaml', staging());
    const prod = await api.idOf('/admin/environment', 'prod');
    const applied = await e2e.dpac(['apply', 'team', '--auto-approve', '--no-color']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain(`POST /admin/environment?resource_id_to_clone=${prod}`);
    const again = await e2e.dpac(['plan', 'team', '--detailed-exitcode']);
    expect(again.code).toBe(0);
  });

  it('waits for the storages and computes its source gets in the same apply, and brings them all', async () => {
    // Nothing live: the source environment, its children and the clone in one apply.
    await f.resetWith(e2e, { 'platform.yaml': f.platform(), 'staging.yaml': staging() });
    const plan = await f.planJson(e2e);
    expect(plan.changes.find((c) => c.address === 'Environment/staging')?.reason).toBe(
      'declared, not found live: a clone of Environment/prod, bringing ComputeTemplate etl-small, ' +
        'EnvironmentStorage lake, InteractiveCluster interactive-dev (undeclared copies stay unmanaged)',
    );
    const clone = plan.calls.find((c) => c.path.startsWith('/admin/environment?resource_id_to_clone='));
    const waitedFor = plan.calls
      .filter((c) => clone?.depends_on.includes(c.id))
      .map((c) => c.address)
      .sort();
    expect(new Set(waitedFor)).toEqual(
      new Set([
        'Environment/prod',
        'EnvironmentStorage/prod/lake',
        'ComputeTemplate/prod/etl-small',
        'InteractiveCluster/prod/interactive-dev',
      ]),
    );
    // Many writes at once: without the wait the clone would run beside the children's creates.
    await f.applyOk(e2e, ['--parallelism', '8']);
    const after = await e2e.dpac(['plan', '--json']);
    expect((JSON.parse(after.stdout) as f.PlanJson).unmanaged).toEqual(expect.arrayContaining(BROUGHT));
    await f.expectConverged(e2e);
  });

  it('refuses a declared child the clone already brings, and a clone of an undeclared environment', async () => {
    const lake = f.storage().replace('environment: "prod"', 'environment: "staging"');
    await e2e.write('staging.yaml', f.docs(staging(), lake));
    const seq = e2e.lastSeq();
    const plan = await e2e.dpac(['plan', '--no-color']);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(
      'EnvironmentStorage/staging/lake would be created, but Environment/staging is a clone of Environment/prod, which brings a EnvironmentStorage named lake.',
    );
    expect(e2e.writesSince(seq)).toEqual([]);

    await e2e.write('staging.yaml', staging('prdo'));
    expect(await f.validateFails(e2e)).toContain(
      'Environment/staging refers to Environment/prdo, which no manifest declares. Did you mean Environment/prod?',
    );
  });
});
