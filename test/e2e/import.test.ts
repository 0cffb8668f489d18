// `dpac import ADDRESS` through the real CLI against the emulator: objects made by hand become
// manifests (export's form, secrets as placeholders, what they need declared external), written
// where export would put them or appended to --out; the next plan adopts them (tagged kinds) or
// finds nothing, and after apply nothing. Import writes nothing to the platform, and refuses
// another project's object without --adopt-force.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { type E2e, startE2e } from '../helpers/e2e.js';
import * as f from './kinds/fixtures.js';
import { seedPlatform, seedSqlSource, seedTable } from './kinds/seed.js';

const SECRET = { SOURCE_SALES_DB_CONNECTION_PASSWORD: 'typed-by-hand' };

describe('dpac import', () => {
  let e2e: E2e;
  const file = (name: string) => readFile(path.join(e2e.dir, name), 'utf8');
  const documents = async (name: string) =>
    parseAllDocuments(await file(name)).map(
      (d) => d.toJS() as { kind: string; metadata: Record<string, unknown> },
    );

  beforeAll(async () => {
    e2e = await startE2e();
    await f.resetWith(e2e, {});
    const api = await f.connectApi(e2e);
    const ids = await seedPlatform(api);
    const source = await seedSqlSource(api, ids, { name: 'sales_db', tags: ['sales'] });
    await seedTable(api, source, { name: 'orders' });
    await seedTable(api, source, { name: 'customers' });
  });
  afterAll(() => e2e.close());

  it('writes a source made by hand as export would, with what it needs external; the next plan adopts it, then nothing', async () => {
    const seq = e2e.lastSeq();
    const result = await e2e.dpac(['import', 'Source/sales_db', '--no-color']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Imported Source/sales_db: wrote sources/sales_db.yaml.');
    expect(result.stdout).toContain(
      'Declared external there too (referred to, never managed): Environment/prod, EnvironmentStorage/prod/lake, Domain/sales.',
    );
    expect(result.stdout).toContain(
      '  SOURCE_SALES_DB_CONNECTION_PASSWORD  (Source/sales_db /connection/password)',
    );
    expect(result.stdout).toContain('Next: dpac plan --select Source/sales_db');
    expect(e2e.writesSince(seq)).toEqual([]);

    const written = await documents('sources/sales_db.yaml');
    expect(written.map((d) => `${d.kind} ${d.metadata.external === true ? 'external' : 'managed'}`)).toEqual([
      'Environment external',
      'EnvironmentStorage external',
      'Domain external',
      'Source managed',
    ]);
    expect(await file('sources/sales_db.yaml')).toContain(
      'password: ${env.SOURCE_SALES_DB_CONNECTION_PASSWORD}',
    );

    const plan = await e2e.dpac(['plan', '--json'], { env: SECRET });
    expect(plan.code, plan.stderr).toBe(0);
    const json = JSON.parse(plan.stdout) as f.PlanJson;
    expect(f.actions(json)).toEqual({ 'Source/sales_db': 'adopt' });
    expect(json.changes[0]?.reason).toBe('exists live without the ownership tag: take ownership');
    expect((await e2e.dpac(['apply', '--auto-approve'], { env: SECRET })).code).toBe(0);
    await f.expectConverged(e2e);
  });

  it('appends a table to the file export would use and to --out, refuses what is declared, and finds no change in a compute', async () => {
    const seq = e2e.lastSeq();
    const orders = await e2e.dpac(['import', 'Table/sales_db/orders']);
    expect(orders.code, orders.stderr).toBe(0);
    expect(orders.stdout).toContain('Imported Table/sales_db/orders: wrote sources/sales_db/tables.yaml.');
    const customers = await e2e.dpac(['import', 'Table/sales_db/customers']);
    expect(customers.stdout).toContain(
      'Imported Table/sales_db/customers: appended to sources/sales_db/tables.yaml.',
    );
    expect((await documents('sources/sales_db/tables.yaml')).map((d) => d.metadata.name)).toEqual([
      'orders',
      'customers',
    ]);

    const again = await e2e.dpac(['import', 'Table/sales_db/orders', '--no-color']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /sources\/sales_db\/tables\.yaml:\d+:\d+ error: Table\/sales_db\/orders is already declared; nothing to import\./,
    );
    const external = await e2e.dpac(['import', 'Domain/sales', '--no-color']);
    expect(external.code).toBe(1);
    expect(external.stderr).toContain(
      'Domain/sales is declared external: this project refers to it and never manages it.',
    );

    await e2e.write(
      'platform.yaml',
      "# The platform team's objects we manage.\napiVersion: dpac/v1\nkind: Environment\nmetadata:\n  name: prod\n  external: true\n",
    );
    const compute = await e2e.dpac(['import', 'ComputeTemplate/prod/etl-small', '--out', 'platform.yaml']);
    expect(compute.code, compute.stderr).toBe(0);
    const platform = await file('platform.yaml');
    expect(
      platform.startsWith(
        "# The platform team's objects we manage.\napiVersion: dpac/v1\nkind: Environment\n",
      ),
    ).toBe(true);
    expect(platform).toContain('  external: true\n---\napiVersion: dpac/v1\nkind: ComputeTemplate\n');
    expect(e2e.writesSince(seq)).toEqual([]);

    const plan = await e2e.dpac(['plan', '--json'], { env: SECRET });
    expect(plan.code, plan.stderr).toBe(0);
    expect(f.actions(JSON.parse(plan.stdout))).toEqual({
      'Table/sales_db/customers': 'adopt',
      'Table/sales_db/orders': 'adopt',
    });
    expect((await e2e.dpac(['apply', '--auto-approve'], { env: SECRET })).code).toBe(0);
    await f.expectConverged(e2e);
  });

  it("refuses another project's source unless --adopt-force, and a wrong address with a suggestion", async () => {
    await e2e.write(
      'other/dpac.yaml',
      'apiVersion: dpac/v1\nkind: Project\nproject: other\nexternal: [Environment/prod, EnvironmentStorage/prod/lake, Domain/sales]\n',
    );
    await e2e.write('other/other.yaml', f.salesDb({ metadata: { name: 'other_db' } }));
    expect((await e2e.dpac(['apply', 'other', '--auto-approve'])).code).toBe(0);
    await e2e.write('dpac.yaml', `${f.projectFile()}exclude: [other/**]\n`);

    const refused = await e2e.dpac(['import', 'Source/other_db', '--no-color']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'error: Source/other_db is owned by managed-by:dpac/other, another project; it was not imported.',
    );
    expect(refused.stderr).toContain('--adopt-force');
    await expect(file('sources/other_db.yaml')).rejects.toThrow(/ENOENT/);

    const forced = await e2e.dpac(['import', 'Source/other_db', '--adopt-force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('It is taken over from managed-by:dpac/other (metadata.adopt: force)');
    expect((await documents('sources/other_db.yaml')).at(-1)?.metadata).toEqual({
      name: 'other_db',
      adopt: 'force',
    });
    const plan = await e2e.dpac(['plan', '--json'], {
      env: { ...SECRET, SOURCE_OTHER_DB_CONNECTION_PASSWORD: 'x' },
    });
    expect(plan.code, plan.stderr).toBe(0);
    const json = JSON.parse(plan.stdout) as f.PlanJson;
    expect(f.actions(json)).toEqual({ 'Source/other_db': 'adopt' });
    expect(json.changes[0]?.reason).toContain('take over from managed-by:dpac/other (metadata.adopt: force)');

    for (const [address, message] of [
      [
        'Source/sales_dbb',
        `Source/sales_dbb was not found at ${e2e.emulator.url}. Did you mean Source/sales_db?`,
      ],
      ['Table/orders', 'Table/orders needs 2 names after Table'],
      ['Tabel/sales_db/orders', 'Tabel/sales_db/orders does not start with a kind. Did you mean Table?'],
    ]) {
      const wrong = await e2e.dpac(['import', address as string, '--no-color']);
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain(message);
    }
  });
});
