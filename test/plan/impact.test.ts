// The data impact of planned changes: classified from the kinds' field policy, grouped when one
// change is made on many objects, acknowledged per manifest or by dpac.yaml pattern, and gated.
import { describe, expect, it } from 'vitest';
import { addressFrom } from '../../src/core/address.js';
import type { KindName } from '../../src/kinds/index.js';
import type { Manifest } from '../../src/manifest/manifest.js';
import { classifyChange, worse } from '../../src/plan/impact/classify.js';
import { describeImpact } from '../../src/plan/impact/describe-impact.js';
import { failingChanges, parseFailOn } from '../../src/plan/impact/gate.js';
import type { PlanChange } from '../../src/plan/plan.js';

function change(
  address: string,
  action: PlanChange['action'],
  fields: { path: string; before?: unknown; after?: unknown }[] = [],
): PlanChange {
  return {
    address: addressFrom(address),
    kind: address.split('/')[0] as KindName,
    action,
    reason: 'r',
    before: null,
    after: null,
    fields: fields.map((f) => ({ before: null, after: null, ...f })),
    patch: [],
  };
}

function manifest(address: string, allow?: Manifest['metadata']['allow_impact']): Manifest {
  const [kind, ...names] = address.split('/');
  return {
    kind: kind as KindName,
    name: names.at(-1) as string,
    ancestors: names.slice(0, -1),
    address: addressFrom(address),
    metadata: { name: names.at(-1) as string, ...(allow ? { allow_impact: allow } : {}) },
    spec: {},
    source: { file: 'tables.yaml', line: 3, col: 1 },
    locate: () => undefined,
  };
}

describe('classifying a change', () => {
  it('takes the worst field of an update, unknown ranking between next-run and reload', () => {
    const c = classifyChange(
      change('Table/db/orders', 'update', [
        { path: '/description' },
        { path: '/ingestion/natural_keys' },
        { path: '/ingestion/split_by_key/split_column' },
      ]),
    );
    expect(c).toEqual({ impact: 'reload', fields: ['metadata', 'reload', 'next-run'] });
    expect(worse('unknown', 'next-run')).toBe('unknown');
    expect(worse('unknown', 'reload')).toBe('reload');
    expect(
      classifyChange(change('Table/db/o', 'update', [{ path: '/ingestion/watermark_columns' }])).impact,
    ).toBe('unknown');
  });

  it('gives creates, deletes, replaces, adopts and bare renames their action rule', () => {
    expect(classifyChange(change('Table/db/o', 'create')).impact).toBe('next-run');
    expect(classifyChange(change('Domain/sales', 'create')).impact).toBe('metadata');
    expect(classifyChange(change('Table/db/o', 'delete')).impact).toBe('delete');
    expect(classifyChange(change('Source/db', 'replace')).impact).toBe('delete');
    expect(classifyChange(change('TableGroup/db/nightly', 'delete')).impact).toBe('next-run');
    expect(classifyChange(change('EnvironmentStorage/prod/lake', 'delete')).impact).toBe('unknown');
    expect(classifyChange(change('Table/db/o', 'adopt')).impact).toBe('metadata');
    expect(classifyChange({ ...change('Table/db/o', 'update'), renamed_from: 'Table/db/old' }).impact).toBe(
      'metadata',
    );
    // An update whose only field is a secret shows none: the kind's default.
    expect(classifyChange(change('Source/db', 'update')).impact).toBe('next-run');
  });
});

describe('describing a plan', () => {
  const keys = (n: number, after: string[]) =>
    Array.from({ length: n }, (_, i) =>
      change(`Table/db/t${i}`, 'update', [{ path: '/ingestion/natural_keys', before: ['id'], after }]),
    );

  it('groups one identical change on many objects into one entry listing them, worst first', () => {
    const { impact, changes } = describeImpact(
      [...keys(100, ['id', 'region']), change('Domain/sales', 'update', [{ path: '/description' }])],
      { manifests: [] },
    );
    expect(changes[0]).toMatchObject({ impact: 'reload', fields: [{ impact: 'reload' }] });
    expect(impact.totals).toEqual({
      metadata: 1,
      'next-run': 0,
      unknown: 0,
      reload: 100,
      history: 0,
      delete: 0,
    });
    expect(impact.groups).toHaveLength(2);
    expect(impact.groups[0]).toMatchObject({
      impact: 'reload',
      kind: 'Table',
      action: 'update',
      paths: ['/ingestion/natural_keys'],
      values: [{ path: '/ingestion/natural_keys', before: ['id'], after: ['id', 'region'] }],
    });
    expect(impact.groups[0]?.addresses).toHaveLength(100);
    expect(impact.groups[1]?.impact).toBe('metadata');
  });

  it('keeps one entry but drops the values when the objects change the field to different values', () => {
    const { impact } = describeImpact([...keys(2, ['id', 'a']), ...keys(1, ['id', 'b'])], { manifests: [] });
    expect(impact.groups).toHaveLength(1);
    expect(impact.groups[0]?.values).toBeUndefined();
  });

  it('acknowledges per manifest and per dpac.yaml pattern, and warns about an acknowledgement nothing needs', () => {
    const { changes, impact, diagnostics } = describeImpact(keys(3, ['id', 'region']), {
      manifests: [
        manifest('Table/db/t0', { reload: 'agreed, T-1' }),
        manifest('Table/db/t9', { delete: 'stale' }),
      ],
      allowances: [{ kind: 'Table', name: 'db/t2', impact: ['reload'], reason: 'standing' }],
    });
    expect(changes.map((c) => c.acknowledged)).toEqual([
      { reload: 'agreed, T-1' },
      undefined,
      { reload: 'standing' },
    ]);
    // Acknowledged and unacknowledged changes are separate entries.
    expect(impact.groups.map((g) => g.addresses)).toEqual([
      ['Table/db/t0'],
      ['Table/db/t1'],
      ['Table/db/t2'],
    ]);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: 'warning',
        summary: 'Table/db/t9: metadata.allow_impact acknowledges delete, which this plan does not make',
        source: { file: 'tables.yaml', line: 3, col: 1 },
      }),
    ]);
  });
});

describe('--fail-on', () => {
  it('parses a list of impacts and refuses an unknown one', () => {
    expect(parseFailOn('reload, history,delete')).toEqual({ impacts: ['reload', 'history', 'delete'] });
    expect(parseFailOn('reload,wipe')).toEqual({
      error:
        '--fail-on takes a comma-separated list of metadata, next-run, unknown, reload, history, delete; not wipe',
    });
  });

  it('fails on every listed impact a change has, its fields included, unless acknowledged', () => {
    const { changes } = describeImpact(
      [
        change('Table/db/a', 'update', [
          { path: '/ingestion/natural_keys' },
          { path: '/ingestion/scd_type' },
        ]),
        change('Table/db/b', 'update', [{ path: '/description' }]),
        change('Table/db/c', 'delete'),
      ],
      { manifests: [manifest('Table/db/a', { history: 'ok' })] },
    );
    const failing = failingChanges(changes, ['reload', 'history', 'delete']);
    expect(failing.map((f) => [f.impact, f.changes.map((c) => c.address)])).toEqual([
      ['delete', ['Table/db/c']],
      ['reload', ['Table/db/a']],
    ]);
    // A plan saved before impacts existed is classified when gated.
    const old = { ...change('Table/db/x', 'update', [{ path: '/ingestion/storage_format' }]) };
    expect(failingChanges([old], ['reload'])[0]?.changes).toEqual([old]);
  });
});

describe('secrets in the impact summary', () => {
  it('are concealed like the changes they repeat: a group shows ${env.NAME}, never the value', async () => {
    const { concealPlan } = await import('../../src/plan/conceal-plan.js');
    const url = 'jdbc:sqlserver://db;password=hunter2-canary';
    const described = describeImpact(
      [
        change('Source/db', 'update', [
          { path: '/connection/connection_url', before: 'jdbc:old', after: url },
        ]),
      ],
      { manifests: [] },
    );
    const plan = { changes: described.changes, calls: [], impact: described.impact } as never;
    const shown = JSON.stringify(concealPlan(plan, new Map([['hunter2-canary', 'DB_PASSWORD']])));
    expect(shown).not.toContain('hunter2-canary');
    expect(shown).toContain('password=${env.DB_PASSWORD}');
    expect(described.impact.groups[0]?.values?.[0]?.after).toBe(url);
  });
});
