// Data impact, its gate and policies through the real CLI against the emulator: a natural-key change
// on 100 tables is one grouped "forces a full reload (100 tables)" entry in text, markdown and JSON;
// `--fail-on reload` refuses it (plan and apply, nothing saved or written) until it is acknowledged;
// a CEL policy a manifest breaks fails validate at the manifest's line, a bad rule at its own line,
// and a change rule fails the plan with its result above the calls.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../helpers/e2e.js';
import * as f from './kinds/fixtures.js';

const TABLES = 100;

/** sales_db with its tables' shared ingestion (natural keys among it) in table_defaults, and 100 tables. */
function sources(naturalKeys: string, tableMetadata = ''): string {
  const source = f.salesDb().trimEnd();
  const defaults = `table_defaults:
  source_table: { schema_name: dbo }
  ingestion: { sync_type: full-load, storage_format: delta, target_schema_name: sales, natural_keys: ${naturalKeys} }
`;
  const tables = Array.from({ length: TABLES }, (_, i) => {
    const name = `t${String(i).padStart(3, '0')}`;
    return `apiVersion: dpac/v1
kind: Table
metadata: { name: ${name}, source: sales_db${name === 't000' ? tableMetadata : ''} }
spec: { description: Table ${name}., source_table: { table_name: ${name} } }
`;
  });
  return [`${source}\n${defaults}`, ...tables].join('---\n');
}

const project = (extra = '') => f.projectFile(extra);

const ACK = `allow_impact:
  - { kind: Table, name: 'sales_db/t*', impact: reload, reason: 'new natural keys agreed with the data owners, TICKET-12' }
`;

describe('data impact, --fail-on and policies', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  beforeEach(async () => {
    await f.resetWith(e2e, { 'platform.yaml': f.platform(), 'sources.yaml': sources('[id]') });
    await f.applyOk(e2e);
    await e2e.write('sources.yaml', sources('[id, region]'));
  });
  afterAll(() => e2e.close());

  it('shows a natural-key change on 100 tables as one grouped "forces a full reload" entry in text, markdown and JSON', async () => {
    const text = await e2e.dpac(['plan', '--no-color']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout.split('forces a full reload (100 tables)')).toHaveLength(2);
    expect(text.stdout).toContain(
      '  forces a full reload (100 tables): ~ /ingestion/natural_keys: ["id"] → ["id","region"]\n      Table/sales_db/t000, Table/sales_db/t001, Table/sales_db/t002, Table/sales_db/t003, Table/sales_db/t004 and 95 more (--full lists them)',
    );
    expect(text.stdout).toContain(
      '  # Table/sales_db/t000 will be updated in place: 1 field differs — forces a full reload',
    );
    expect(text.stdout).toContain(
      'Plan: 0 to add, 100 to change, 0 to replace, 0 to destroy.\nData impact: forces a full reload (100).',
    );

    const markdown = (await e2e.dpac(['plan', '-o', 'markdown'])).stdout;
    expect(markdown.split('forces a full reload (100 tables)')).toHaveLength(2);
    expect(markdown).toContain('**Data impact: forces a full reload (100).**');
    expect(markdown.indexOf('#### Data impact')).toBeLessThan(
      markdown.indexOf('<summary>API calls</summary>'),
    );
    expect(markdown).toContain(
      '| `~` | `Table/sales_db/t042` | update | forces a full reload | 1 field differs |',
    );

    const json = JSON.parse((await e2e.dpac(['plan', '-o', 'json'])).stdout);
    expect(json.impact.totals.reload).toBe(TABLES);
    expect(json.impact.groups).toHaveLength(1);
    expect(json.impact.groups[0]).toMatchObject({
      impact: 'reload',
      kind: 'Table',
      action: 'update',
      paths: ['/ingestion/natural_keys'],
      values: [{ path: '/ingestion/natural_keys', before: ['id'], after: ['id', 'region'] }],
    });
    expect(json.impact.groups[0].addresses).toHaveLength(TABLES);
    for (const change of json.changes) {
      expect(change).toMatchObject({
        impact: 'reload',
        fields: [{ path: '/ingestion/natural_keys', impact: 'reload' }],
      });
    }
  });

  it('--fail-on reload refuses the plan and the apply, saving and writing nothing, until dpac.yaml acknowledges it', async () => {
    const seq = e2e.lastSeq();
    const refused = await e2e.dpac([
      'plan',
      '--no-color',
      '--fail-on',
      'reload,history,delete',
      '--out',
      'plan.json',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'error: --fail-on reload: forces a full reload (100 tables), unacknowledged: Table/sales_db/t000, Table/sales_db/t001, Table/sales_db/t002, Table/sales_db/t003, Table/sales_db/t004 and 95 more',
    );
    expect(refused.stderr).toContain('metadata.allow_impact: {reload: "<who agreed, and why>"}');
    expect(refused.stderr).toContain('The plan was not saved to plan.json.');
    expect(existsSync(path.join(e2e.dir, 'plan.json'))).toBe(false);
    const apply = await e2e.dpac(['apply', '--auto-approve', '--no-color', '--fail-on', 'reload']);
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain('error: --fail-on reload: forces a full reload (100 tables)');
    expect(apply.stderr).toContain('Nothing was written.');
    // A saved plan is gated too, before anything is read or written.
    const saved = await e2e.dpac(['plan', '--out', 'unchecked.json']);
    expect(saved.code).toBe(0);
    const appliedSaved = await e2e.dpac([
      'apply',
      '--plan',
      'unchecked.json',
      '--fail-on',
      'reload',
      '--no-color',
    ]);
    expect(appliedSaved.code).toBe(1);
    expect(appliedSaved.stderr).toContain('error: --fail-on reload: forces a full reload (100 tables)');
    expect(appliedSaved.stderr).toContain('The saved plan was refused; nothing was written.');
    expect(e2e.writesSince(seq)).toEqual([]);
    // Other impacts are not gated: a plan listing only history and delete passes.
    expect((await e2e.dpac(['plan', '--fail-on', 'history,delete'])).code).toBe(0);
    const typo = await e2e.dpac(['plan', '--fail-on', 'reloads']);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain(
      '--fail-on takes a comma-separated list of metadata, next-run, unknown, reload, history, delete; not reloads',
    );

    await e2e.write('dpac.yaml', project(ACK));
    const passed = await e2e.dpac(['plan', '--no-color', '--fail-on', 'reload', '--out', 'plan.json']);
    expect(passed.code, passed.stderr).toBe(0);
    expect(passed.stdout).toContain(
      'forces a full reload (100 tables): ~ /ingestion/natural_keys: ["id"] → ["id","region"] — acknowledged: reload ("new natural keys agreed with the data owners, TICKET-12")',
    );
    const applied = await e2e.dpac(['apply', '--plan', 'plan.json', '--fail-on', 'reload', '--no-color']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('Apply complete! Resources: 0 added, 100 changed');
    await f.expectConverged(e2e);
  });

  it('lets one reviewed change pass with metadata.allow_impact, then warns until the acknowledgement goes', async () => {
    await e2e.write(
      'sources.yaml',
      sources('[id]', ', allow_impact: { reload: "t000 only, TICKET-13" }').replace(
        /(name: t000[^\n]*\nspec: \{ description: Table t000\.,)/,
        '$1 ingestion: { natural_keys: [id, region] },',
      ),
    );
    const plan = JSON.parse((await e2e.dpac(['plan', '-o', 'json', '--fail-on', 'reload'])).stdout);
    expect(
      plan.changes.map((c: { address: string; acknowledged: unknown }) => [c.address, c.acknowledged]),
    ).toEqual([['Table/sales_db/t000', { reload: 't000 only, TICKET-13' }]]);
    const applied = await e2e.dpac(['apply', '--auto-approve', '--no-color', '--fail-on', 'reload']);
    expect(applied.code, applied.stderr).toBe(0);
    const after = await e2e.dpac(['plan', '--no-color', '--detailed-exitcode']);
    expect(after.code).toBe(0);
    expect(after.stdout).toContain('No changes.');
    expect(after.stderr).toMatch(
      /sources\.yaml:\d+:1 warning: Table\/sales_db\/t000: metadata\.allow_impact acknowledges reload, which this plan does not make/,
    );
  });

  it('fails validate at the line of a manifest that breaks a CEL policy, and at the rule of one that is not CEL', async () => {
    const owner = `policies:
  - name: owner-tag
    kinds: [Table]
    rule: has(object.spec.tags) && object.spec.tags.exists(t, t.startsWith('owner:'))
    message: tag every table with owner:<team>
`;
    await e2e.write('dpac.yaml', project(owner));
    await e2e.write(
      'extra.yaml',
      f.table({ name: 'orders' }).replace('description:', 'tags: [owner:sales]\ndescription:'),
    );
    const validate = await e2e.dpac(['validate', '--no-color']);
    expect(validate.code).toBe(1);
    // Every table of sources.yaml breaks it, each at its own `kind:` line; extra.yaml's is tagged.
    expect(validate.stdout).toMatch(
      /^sources\.yaml:\d+:1 error: Table\/sales_db\/t000: policy owner-tag: tag every table with owner:<team>$/m,
    );
    expect(validate.stdout).toContain('(dpac.yaml:7:11)');
    expect(validate.stdout).not.toContain('Table/sales_db/orders: policy');
    expect(validate.stdout.match(/policy owner-tag/g)).toHaveLength(TABLES);
    const json = JSON.parse((await e2e.dpac(['validate', '-o', 'json'])).stdout);
    expect(json.valid).toBe(false);
    const first = json.diagnostics.find((d: { address?: string }) => d.address === 'Table/sales_db/t000');
    expect(first.source.file).toBe('sources.yaml');
    expect(first.source.line).toBeGreaterThan(20);

    await e2e.write('dpac.yaml', project(owner.replace("t.startsWith('owner:'))", "t.startsWith('owner:')")));
    const bad = await e2e.dpac(['validate', '--no-color']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(
      /^dpac\.yaml:7:11 error: Policy owner-tag: the rule is not valid CEL: at 1:\d+: /m,
    );
    const plan = await e2e.dpac(['plan']);
    expect(plan.code).toBe(1);
  });

  it('fails the plan on a change rule, with the policy result above the impact and the calls', async () => {
    const rule = `policies:
  - name: acknowledge-reloads
    kinds: [Table]
    rule: change.impact != 'reload' || 'reload' in change.acknowledged
    message: a reload needs an acknowledgement
`;
    await e2e.write('dpac.yaml', project(rule));
    const plan = await e2e.dpac(['plan', '--no-color', '--out', 'plan.json']);
    expect(plan.code).toBe(1);
    expect(plan.stdout).toContain(
      'Policies broken:\n  error acknowledge-reloads (100 tables): a reload needs an acknowledgement\n      Table/sales_db/t000,',
    );
    expect(plan.stderr).toContain(
      'error: Policy acknowledge-reloads of dpac.yaml is broken by 100 tables: Table/sales_db/t000, Table/sales_db/t001, Table/sales_db/t002, Table/sales_db/t003, Table/sales_db/t004 and 95 more',
    );
    expect(plan.stderr).toContain('The plan was not saved to plan.json.');
    expect(existsSync(path.join(e2e.dir, 'plan.json'))).toBe(false);
    const markdown = (await e2e.dpac(['plan', '-o', 'markdown'])).stdout;
    const policies = markdown.indexOf('#### Policies');
    expect(policies).toBeGreaterThan(0);
    expect(policies).toBeLessThan(markdown.indexOf('#### Data impact'));
    expect(markdown).toContain(
      '| **error** | `acknowledge-reloads` | a reload needs an acknowledgement | 100 tables:',
    );
    const json = JSON.parse((await e2e.dpac(['plan', '-o', 'json'])).stdout);
    // The plan JSON, impact and policy results included, is what schemas/plan.schema.json says.
    const schema = JSON.parse(readFileSync('schemas/plan.schema.json', 'utf8'));
    const valid = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true }).compile(schema);
    expect(valid(json), JSON.stringify(valid.errors)).toBe(true);
    expect(json.policy_results).toHaveLength(TABLES);
    expect(json.policy_results[0]).toEqual({
      policy: 'acknowledge-reloads',
      severity: 'error',
      stage: 'change',
      address: 'Table/sales_db/t000',
      message: 'a reload needs an acknowledgement',
    });

    await e2e.write('dpac.yaml', project(`${rule}${ACK}`));
    const passed = await e2e.dpac(['apply', '--auto-approve']);
    expect(passed.code, passed.stderr).toBe(0);
    await f.expectConverged(e2e);
  });
});
