// Read-only commands need no secrets: plan, drift, show, graph and validate run with every secret
// variable unset (write-only fields are never compared); apply refuses before any write, naming
// every missing variable at once; a non-secret `${env}` still has to be set.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2e, EXAMPLE_SECRETS, startE2e } from '../helpers/e2e.js';
import * as f from './kinds/fixtures.js';

/** Every secret the fixtures use, unset. */
const NO_SECRETS = Object.fromEntries(Object.keys(EXAMPLE_SECRETS).map((k) => [k, undefined]));

interface SecretPlanJson extends f.PlanJson {
  required_variables: { name: string; set: boolean; addresses: string[] }[];
}

describe('secret-free reads', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  beforeEach(async () => {
    await f.resetWith(e2e, {
      'platform.yaml': f.docs(f.platform(), f.dataConnection(), f.user()),
      'sources.yaml': f.docs(f.salesDb(), f.table({ name: 'orders' })),
    });
  });
  afterAll(() => e2e.close());

  it('plans from empty without secrets, marking each secret value and listing what apply needs', async () => {
    const text = await e2e.dpac(['plan', '--no-color'], { env: NO_SECRETS });
    expect(text.stderr).toBe('');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(
      '+ /connection/password = (sensitive, from $SALES_DB_PASSWORD: not set — apply will need it)',
    );
    expect(text.stdout).toContain(
      'Apply will need these secret variables set: ALICE_PASSWORD, DATABRICKS_TOKEN, LAKE_ACCESS_KEY, SALES_DB_PASSWORD, WAREHOUSE_PASSWORD.',
    );
    const json = await e2e.dpac(['plan', '--json'], { env: NO_SECRETS });
    expect(json.code).toBe(0);
    const plan = JSON.parse(json.stdout) as SecretPlanJson;
    expect(plan.required_variables.map((v) => [v.name, v.set, v.addresses])).toEqual([
      ['ALICE_PASSWORD', false, ['User/alice@example.com']],
      ['DATABRICKS_TOKEN', false, ['Environment/prod']],
      ['LAKE_ACCESS_KEY', false, ['EnvironmentStorage/prod/lake']],
      ['SALES_DB_PASSWORD', false, ['Source/sales_db']],
      ['WAREHOUSE_PASSWORD', false, ['DataConnection/warehouse_target']],
    ]);
  });

  it('applies nothing without secrets, naming every missing variable; a saved plan likewise', async () => {
    const seq = e2e.lastSeq();
    const fresh = await e2e.dpac(['apply', '--auto-approve', '--no-color'], { env: NO_SECRETS });
    expect(fresh.code).toBe(1);
    expect(fresh.stderr).toContain(
      'error: The plan sends 5 secret variables that are not set; nothing was written.',
    );
    for (const line of [
      'ALICE_PASSWORD (for User/alice@example.com)',
      'SALES_DB_PASSWORD (for Source/sales_db)',
      'WAREHOUSE_PASSWORD (for DataConnection/warehouse_target)',
    ])
      expect(fresh.stderr).toContain(line);

    expect((await e2e.dpac(['plan', '--out', 'plan.json'], { env: NO_SECRETS })).code).toBe(0);
    const saved = await e2e.dpac(['apply', '--plan', 'plan.json'], {
      env: { ...NO_SECRETS, SALES_DB_PASSWORD: 'sales-db-password' },
    });
    expect(saved.code).toBe(1);
    expect(saved.stderr).toContain('4 secret variables that are not set');
    expect(saved.stderr).not.toContain('SALES_DB_PASSWORD');
    expect(e2e.writesSince(seq)).toEqual([]);

    // With the secrets the saved plan applies as it is.
    const applied = await e2e.dpac(['apply', '--plan', 'plan.json']);
    expect(applied.code, applied.stderr).toBe(0);
  });

  it('runs plan, drift, show, graph and validate on an applied platform with every secret unset', async () => {
    await f.applyOk(e2e);
    const plan = await e2e.dpac(['plan', '--detailed-exitcode', '--no-color'], { env: NO_SECRETS });
    expect(plan.stdout).toContain('No changes.');
    expect(plan.code).toBe(0);
    expect((await e2e.dpac(['drift'], { env: NO_SECRETS })).code).toBe(0);
    expect((await e2e.dpac(['validate'], { env: NO_SECRETS })).code).toBe(0);
    expect((await e2e.dpac(['graph'], { env: NO_SECRETS })).code).toBe(0);

    // Drift without secrets reports a real change (exit 2), and shows nothing secret.
    await e2e.write(
      'sources.yaml',
      f.docs(f.salesDb({ description: 'Renamed team.' }), f.table({ name: 'orders' })),
    );
    const drift = await e2e.dpac(['drift', '--no-color'], { env: NO_SECRETS });
    expect(drift.code).toBe(2);
    expect(drift.stdout).toContain('Source/sales_db');
    expect((await e2e.dpac(['plan', '--out', 'desc.json'], { env: NO_SECRETS })).code).toBe(0);
    const show = await e2e.dpac(['show', 'desc.json'], { env: NO_SECRETS });
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('/description');
    // The change sends no secret, so apply needs none either.
    const seq = e2e.lastSeq();
    const applied = await e2e.dpac(['apply', '--plan', 'desc.json'], { env: NO_SECRETS });
    expect(applied.code, applied.stderr).toBe(0);
    expect(e2e.writesSince(seq).length).toBeGreaterThan(0);
  });

  it('still fails on an unset ${env} outside a secret field, at its location', async () => {
    await e2e.write(
      'dpac.yaml',
      'apiVersion: dpac/v1\nkind: Project\nvariables:\n  TEAM_DESCRIPTION: { env: true, secret: false }\n',
    );
    await e2e.write('sources.yaml', f.docs(f.salesDb({ description: '${env.TEAM_DESCRIPTION}' })));
    const plan = await e2e.dpac(['plan', '--no-color'], { env: NO_SECRETS });
    expect(plan.code).toBe(1);
    expect(plan.stderr).toMatch(/sources\.yaml:\d+:\d+ error: \$\{env\.TEAM_DESCRIPTION\} is not set/);
    expect(plan.stderr).not.toContain('SALES_DB_PASSWORD');
  });
});
