// `dpac ls` through the real CLI against the emulator: every declared object with its live id (or
// "not created"), whose it provably is (ours, another project's, unowned — what destroy judges by)
// and its manifest file:line; -o json checked against schemas/ls.schema.json.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../helpers/e2e.js';
import { type PlatformApi, platformApi } from '../helpers/platform-api.js';
import * as f from './kinds/fixtures.js';
import { domain, withNeighbour } from './neighbour.js';

interface Listed {
  url: string;
  ownership_tag: string;
  objects: {
    address: string;
    id: string | null;
    ownership: string | null;
    owner?: string;
    why: string;
    file: string;
    line: number;
  }[];
}

describe('dpac ls', () => {
  let e2e: E2e;
  let api: PlatformApi;
  beforeAll(async () => {
    e2e = await startE2e();
    api = await platformApi(e2e.emulator.url);
    await withNeighbour(e2e);
    // This project declares their objects too, and a table not created yet.
    await e2e.write(
      'main/more.yaml',
      f.docs(domain('shared'), f.table({ name: 'theirs' }), f.table({ name: 't2' })),
    );
  });
  afterAll(() => e2e.close());

  it('lists every declared object with its id, ownership and manifest, as JSON its schema accepts', async () => {
    const result = await e2e.dpac(['ls', 'main', '-o', 'json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const schema = JSON.parse(await readFile(path.resolve('schemas/ls.schema.json'), 'utf8'));
    const validate = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true }).compile(schema);
    const listed = JSON.parse(result.stdout) as Listed;
    expect(validate(listed), JSON.stringify(validate.errors)).toBe(true);
    expect(listed.ownership_tag).toBe('managed-by:dpac/kinds');
    const byAddress = Object.fromEntries(listed.objects.map((o) => [o.address, o]));
    expect(listed.objects.map((o) => o.address)).toEqual([
      'Environment/prod',
      'EnvironmentStorage/prod/lake',
      'ComputeTemplate/prod/etl-small',
      'InteractiveCluster/prod/interactive-dev',
      'Domain/sales',
      'Domain/shared',
      'Source/sales_db',
      'Table/sales_db/t1',
      'Table/sales_db/t2',
      'Table/sales_db/theirs',
    ]);
    const source = await api.idOf('/sources', 'sales_db');
    expect(byAddress['Source/sales_db']).toEqual({
      address: 'Source/sales_db',
      kind: 'Source',
      id: source,
      ownership: 'ours',
      why: 'carries the ownership tag managed-by:dpac/kinds',
      file: 'sources.yaml',
      line: 2,
    });
    expect(byAddress['Domain/sales']).toMatchObject({
      ownership: 'ours',
      why: 'admin@dpac.local (whom this run signs in as) changed it last',
      file: 'platform.yaml',
    });
    expect(byAddress['Table/sales_db/t2']).toMatchObject({
      id: null,
      ownership: null,
      why: 'not created yet',
    });
    expect(byAddress['Table/sales_db/theirs']).toMatchObject({
      ownership: 'theirs',
      owner: 'managed-by:dpac/other',
      file: 'more.yaml',
    });
    expect(byAddress['Domain/shared']).toMatchObject({
      ownership: 'unowned',
      why: 'team-a@example.com changed it last, not admin@dpac.local, whom this run signs in as',
      file: 'more.yaml',
      line: 2,
    });
  });

  it('prints a table, with why the objects that are not provably ours are not', async () => {
    const result = await e2e.dpac(['ls', 'main', '--no-color', '--select', 'Table', '--select', 'Domain']);
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^ADDRESS +ID +OWNERSHIP +MANIFEST$/);
    expect(lines.find((l) => l.startsWith('Table/sales_db/t2 '))).toMatch(
      /^Table\/sales_db\/t2 +not created +- +more\.yaml:\d+$/,
    );
    expect(lines.find((l) => l.startsWith('Table/sales_db/theirs '))).toMatch(
      /another project's \(managed-by:dpac\/other\) +more\.yaml:\d+$/,
    );
    expect(result.stdout).not.toContain('Source/sales_db');
    expect(result.stdout).toContain(
      "5 objects declared (2 ours, 1 another project's, 1 unowned, 1 not created); this project's tag: managed-by:dpac/kinds.",
    );
    expect(result.stdout).toContain(
      '  Domain/shared: team-a@example.com changed it last, not admin@dpac.local, whom this run signs in as',
    );
  });

  it('refuses a selector that matches no manifest, and manifests with errors, reading nothing', async () => {
    const typo = await e2e.dpac(['ls', 'main', '--select', 'Source/sales_bd']);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain('--select Source/sales_bd matches nothing. Did you mean Source/sales_db?');
    await e2e.write(
      'main/broken.yaml',
      'apiVersion: dpac/v1\nkind: Domain\nmetadata: {name: x}\nspec: {nope: 1}\n',
    );
    const broken = await e2e.dpac(['ls', 'main']);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/broken\.yaml:4:\d+ error/);
  });
});
