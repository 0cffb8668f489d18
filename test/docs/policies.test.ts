// The ready rules of docs/policies.md are valid dpac.yaml policies that do what they say: each is
// checked against manifests and planned changes that pass and that break it.
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { addressFrom } from '../../src/core/address.js';
import { KIND_NAMES } from '../../src/kinds/index.js';
import { projectSchema } from '../../src/manifest/project-config.js';
import { compileRule } from '../../src/policy/compile-policy.js';
import { type PolicySubject, runPolicies } from '../../src/policy/policy-results.js';
import type { PolicyDeclaration } from '../../src/policy/policy-schema.js';

let policies: PolicyDeclaration[];

function subject(kind: string, name: string, value: unknown): PolicySubject {
  return { address: addressFrom(`${kind}/x/${name}`), kind, binding: () => value };
}

/** Names of the subjects that break `policy` (by name, with the stage its rule has). */
async function breaking(policy: string, subjects: PolicySubject[]): Promise<string[]> {
  const chosen = policies.filter((p) => p.name === policy);
  expect(chosen).toHaveLength(1);
  const rule = await compileRule((chosen[0] as PolicyDeclaration).rule);
  const stage = 'stage' in rule ? rule.stage : 'manifest';
  return (await runPolicies(chosen, stage, subjects)).map(
    (r) => `${r.address.split('/').at(-1)}${r.error ? ' (error)' : ''}`,
  );
}

const manifest = (kind: string, name: string, spec: Record<string, unknown>) =>
  subject(kind, name, { kind, metadata: { name }, spec });

const change = (name: string, c: Record<string, unknown>) =>
  subject('Table', name, { impact: 'next-run', acknowledged: {}, live: {}, fields: [], ...c });

describe('docs/policies.md ready rules', () => {
  beforeAll(async () => {
    const text = await readFile('docs/policies.md', 'utf8');
    const block = [...text.matchAll(/```yaml\n(policies:\n[\s\S]*?)```/g)].at(-1)?.[1] ?? '';
    const project = projectSchema([...KIND_NAMES]).parse({
      apiVersion: 'dpac/v1',
      kind: 'Project',
      ...parse(block),
    });
    policies = project.policies as PolicyDeclaration[];
  });

  it('are valid policies, every rule compiling', async () => {
    expect(policies.map((p) => p.name)).toEqual([
      'description-required',
      'table-names',
      'source-names',
      'owner-tag',
      'schedules-off-hours',
      'no-full-load-on-big-tables',
      'acknowledge-deletes',
    ]);
    for (const p of policies) expect(await compileRule(p.rule), p.name).toHaveProperty('stage');
  });

  it('require descriptions, name patterns and an owner tag', async () => {
    expect(
      await breaking('description-required', [
        manifest('Table', 'ok', { description: 'Orders.' }),
        manifest('Table', 'blank', { description: '  ' }),
        manifest('Source', 'none', {}),
      ]),
    ).toEqual(['blank', 'none']);
    expect(
      await breaking('table-names', [manifest('Table', 'orders_2024', {}), manifest('Table', 'Orders', {})]),
    ).toEqual(['Orders']);
    expect(
      await breaking('source-names', [
        manifest('Source', 'crm_main', {}),
        manifest('Source', 'sales_db', {}),
      ]),
    ).toEqual(['sales_db']);
    expect(
      await breaking('owner-tag', [
        manifest('Table', 'owned', { tags: ['pii', 'owner:finance'] }),
        manifest('Table', 'untagged', { tags: ['pii'] }),
        manifest('Source', 'bare', {}),
      ]),
    ).toEqual(['untagged', 'bare']);
  });

  it('keep schedules outside business hours', async () => {
    const group = (name: string, schedule?: Record<string, unknown>) =>
      manifest('TableGroup', name, schedule ? { schedule } : {});
    expect(
      await breaking('schedules-off-hours', [
        group('unscheduled'),
        group('disabled', { enabled: false }),
        group('night', { enabled: true, start_hour: 2, repeat_interval_unit: 'DAY' }),
        group('evening', { enabled: true, start_hour: 19, repeat_interval_unit: 'NEVER' }),
        group('noon', { enabled: true, start_hour: 12, repeat_interval_unit: 'DAY' }),
        group('hourly', { enabled: true, start_hour: 2, repeat_interval_unit: 'HOUR' }),
        group('custom', { enabled: true, start_hour: 2, repeat_interval_unit: 'DAY', is_custom_job: true }),
      ]),
    ).toEqual(['noon', 'hourly', 'custom']);
  });

  it('refuse a full load on a table over 10 million live rows, and ask for an acknowledgement of deletes', async () => {
    const full = { ingestion: { sync_type: 'full-load' } };
    expect(
      await breaking('no-full-load-on-big-tables', [
        change('big', { action: 'update', after: full, live: { row_count: 25_000_000 } }),
        change('small', { action: 'update', after: full, live: { row_count: 1_000 } }),
        change('new', { action: 'create', after: full }),
        change('incremental', {
          action: 'update',
          after: { ingestion: { sync_type: 'incremental' } },
          live: { row_count: 9e9 },
        }),
        change('gone', { action: 'delete', after: null, live: { row_count: 9e9 } }),
      ]),
    ).toEqual(['big']);
    expect(
      await breaking('acknowledge-deletes', [
        change('silent', { action: 'delete', impact: 'delete' }),
        change('agreed', { action: 'delete', impact: 'delete', acknowledged: { delete: 'TICKET-7' } }),
        change('kept', { action: 'update', impact: 'reload' }),
      ]),
    ).toEqual(['silent']);
  });
});
