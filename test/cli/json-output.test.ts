// The JSON outputs of plan, drift, validate and export, produced by the real CLI against the
// emulator, validated with Ajv against the schemas committed under schemas/ (issue 12, point 2).
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import jsonPatch, { type Operation } from 'fast-json-patch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanChange } from '../../src/plan/plan.js';
import { OUTPUT_SCHEMAS, type OutputName, renderOutputSchema } from '../../src/render/output-schemas.js';
import { type E2e, EXAMPLE_SECRETS, startE2e } from '../helpers/e2e.js';

const SCHEMAS = path.resolve(import.meta.dirname, '../../schemas');

async function validator(name: OutputName) {
  const schema = JSON.parse(await readFile(path.join(SCHEMAS, `${name}.schema.json`), 'utf8'));
  const validate = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true }).compile(schema);
  return (output: string) => {
    const value: unknown = JSON.parse(output);
    validate(value);
    return validate.errors ?? [];
  };
}

function expectNoSecret(text: string): void {
  for (const secret of Object.values(EXAMPLE_SECRETS)) expect(text).not.toContain(secret);
}

describe('the committed output schemas', () => {
  it.each(Object.keys(OUTPUT_SCHEMAS) as OutputName[])('schemas/%s.schema.json is fresh', async (name) => {
    const committed = await readFile(path.join(SCHEMAS, `${name}.schema.json`), 'utf8').catch(() => '');
    expect(
      committed === renderOutputSchema(name) ? 'fresh' : 'stale: run npm run build && npm run schema:write',
    ).toBe('fresh');
  });
});

describe('real JSON outputs against their schemas', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ seed: 'demo' });
    await e2e.copyExamples();
  });
  afterAll(() => e2e.close());

  it('validate -o json, valid and with errors', async () => {
    const check = await validator('validate');
    const valid = await e2e.dpac(['validate', 'examples', '-o', 'json']);
    expect(valid.code).toBe(0);
    expect(check(valid.stdout)).toEqual([]);
    await e2e.write(
      'broken/bad.yaml',
      'apiVersion: dpac/v1\nkind: Domain\nmetadata: {name: x}\nspec: {nope: 1}\n',
    );
    const broken = await e2e.dpac(['validate', 'broken', '-o', 'json']);
    expect(broken.code).toBe(1);
    expect(check(broken.stdout)).toEqual([]);
    expect(JSON.parse(broken.stdout).diagnostics[0].source.file).toBe('bad.yaml');
  });

  it('plan, drift and export -o json: creates, then updates and deletes with patches', async () => {
    const plan = await validator('plan');
    const drift = await validator('drift');
    const created = await e2e.dpac(['plan', 'examples', '-o', 'json']);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(plan(created.stdout)).toEqual([]);
    const createChange = JSON.parse(created.stdout).changes.find(
      (c: { address: string }) => c.address === 'Domain/sales',
    );
    expect(createChange.patch).toContainEqual({
      op: 'add',
      path: '/environments',
      value: ['demo-sandbox', 'prod'],
    });
    // The shared-platform fields are present, so the schema checks them too.
    const createdPlan = JSON.parse(created.stdout);
    expect(createdPlan.required_variables.map((v: { name: string }) => v.name)).toContain(
      'SALES_DB_PASSWORD',
    );
    expect(createdPlan.unmanaged_objects.length).toBeGreaterThan(0);
    expectNoSecret(created.stdout);

    expect((await e2e.dpac(['apply', 'examples', '--auto-approve'])).code).toBe(0);
    const empty = await e2e.dpac(['plan', 'examples', '-o', 'json', '--detailed-exitcode']);
    expect(empty.code).toBe(0);
    expect(plan(empty.stdout)).toEqual([]);

    const tables = path.join(e2e.dir, 'examples/sources/sales_db/tables.yaml');
    const text = await readFile(tables, 'utf8');
    await writeFile(tables, text.replace('  tags: [pii]', '  tags: [pii, gdpr]'));
    await rm(path.join(e2e.dir, 'examples/sources/files_csv/tables.yaml'));
    const changed = await e2e.dpac(['plan', 'examples', '-o', 'json']);
    expect(changed.stderr).toBe('');
    expect(changed.code).toBe(0);
    expect(plan(changed.stdout)).toEqual([]);
    const changes = JSON.parse(changed.stdout).changes as PlanChange[];
    const customers = changes.find((c) => c.address === 'Table/sales_db/customers') as PlanChange;
    expect(customers.patch.every((op) => op.path.startsWith('/tags/'))).toBe(true);
    const patched = jsonPatch.applyPatch(
      jsonPatch.deepClone(customers.before),
      customers.patch as Operation[],
    ).newDocument;
    expect(patched).toEqual({ ...customers.before, tags: customers.after?.tags });
    expect(changes.find((c) => c.address === 'Table/files_csv/daily_prices')?.action).toBe('delete');
    expectNoSecret(changed.stdout);

    const drifted = await e2e.dpac(['drift', 'examples', '-o', 'json']);
    expect(drifted.code).toBe(2);
    expect(drift(drifted.stdout)).toEqual([]);

    const exported = await e2e.dpac(['export', '--out', 'exported', '-o', 'json']);
    expect(exported.code).toBe(0);
    expect((await validator('export'))(exported.stdout)).toEqual([]);
  });
});
