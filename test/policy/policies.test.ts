// Policy rules in CEL: which variable decides when a rule runs, what makes a rule invalid, and what
// a manifest or planned change that breaks one (or on which it cannot be evaluated) reports.
import { describe, expect, it } from 'vitest';
import { addressFrom } from '../../src/core/address.js';
import { compileRule } from '../../src/policy/compile-policy.js';
import { policyDiagnostic, runPolicies } from '../../src/policy/policy-results.js';
import type { PolicyDeclaration } from '../../src/policy/policy-schema.js';

const policy = (rule: string, over: Partial<PolicyDeclaration> = {}): PolicyDeclaration => ({
  name: 'p',
  kinds: ['Table'],
  rule,
  message: 'fix it',
  severity: 'error',
  source: { file: 'dpac.yaml', line: 7, col: 11 },
  ...over,
});

const table = (name: string, spec: Record<string, unknown>) => ({
  address: addressFrom(`Table/db/${name}`),
  kind: 'Table',
  source: { file: 'tables.yaml', line: 1, col: 1 },
  binding: () => ({ kind: 'Table', metadata: { name }, spec }),
});

describe('compiling a rule', () => {
  it('runs a rule over `object` at validate and one over `change` at plan', async () => {
    expect(await compileRule("object.metadata.name.matches('^[a-z_]+$')")).toMatchObject({
      stage: 'manifest',
    });
    expect(await compileRule("change.impact != 'reload'")).toMatchObject({ stage: 'change' });
    // Comprehension variables are bound, not free; type names are values.
    expect(await compileRule("object.spec.tags.exists(t, t.startsWith('owner:'))")).toMatchObject({
      stage: 'manifest',
    });
    expect(await compileRule('type(object.spec.tags) == list')).toMatchObject({ stage: 'manifest' });
  });

  it('refuses a syntax error, an unknown variable and a rule over both variables, saying why', async () => {
    expect(await compileRule('object.spec.n +')).toEqual({
      error: 'not valid CEL: at 1:15: found + but expecting end of input',
    });
    expect(await compileRule("objet.spec.description != ''")).toEqual({
      error:
        'unknown variable objet: a rule reads `object` (the manifest, checked at validate) or `change` (a planned change, checked at plan)',
    });
    expect(await compileRule('object.kind == change.kind')).toEqual({
      error: 'a rule reads `object` or `change`, not both',
    });
  });
});

describe('running policies', () => {
  it('reports each subject of the listed kinds whose rule is false, with the policy and its location', async () => {
    const owner = policy("has(object.spec.tags) && object.spec.tags.exists(t, t.startsWith('owner:'))", {
      name: 'owner-tag',
      severity: 'warning',
    });
    const results = await runPolicies([owner], 'manifest', [
      table('good', { tags: ['owner:alice'] }),
      table('bad', { tags: ['pii'] }),
      table('none', {}),
      { ...table('x', {}), kind: 'Source', address: addressFrom('Source/x') },
    ]);
    expect(results.map((r) => [r.address, r.severity, r.error])).toEqual([
      ['Table/db/bad', 'warning', undefined],
      ['Table/db/none', 'warning', undefined],
    ]);
    expect(policyDiagnostic(results[0] as never, owner)).toEqual({
      severity: 'warning',
      summary: 'Table/db/bad: policy owner-tag: fix it',
      detail: `It breaks the rule \`${owner.rule}\` (dpac.yaml:7:11): change the manifest, or the policy in dpac.yaml.`,
      address: 'Table/db/bad',
      source: { file: 'tables.yaml', line: 1, col: 1 },
    });
  });

  it('reports a rule that cannot be evaluated on a subject, and one that gives no boolean', async () => {
    const results = await runPolicies(
      [policy("object.spec.description != ''"), policy('object.spec.n', { name: 'number' })],
      'manifest',
      [table('bare', { n: 3 })],
    );
    expect(results.map((r) => [r.policy, r.error])).toEqual([
      ['p', 'field not found: description'],
      ['number', 'the rule must give true or false, not 3'],
    ]);
    expect(policyDiagnostic(results[0] as never, undefined).summary).toBe(
      'Table/db/bare: policy p could not be checked: field not found: description',
    );
  });

  it('leaves change rules out of the manifest stage and the other way round', async () => {
    const both = [
      policy("change.impact == 'metadata'"),
      policy("object.spec.description == 'x'", { name: 'o' }),
    ];
    expect(
      (await runPolicies(both, 'manifest', [table('a', { description: 'y' })])).map((r) => r.policy),
    ).toEqual(['o']);
  });
});
