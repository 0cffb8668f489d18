import { describe, expect, it } from 'vitest';
import { addressFrom, makeAddress } from '../../src/core/address.js';
import type { Plan } from '../../src/plan/plan.js';
import { renderCalls } from '../../src/render/render-calls.js';
import { DRIFT_VIEWS, driftReport, renderDriftText } from '../../src/render/render-drift.js';
import { renderPlanMarkdown } from '../../src/render/render-plan-markdown.js';
import { renderPlanText } from '../../src/render/render-plan-text.js';

const plain = { color: false };

function plan(over: Partial<Plan>): Plan {
  return {
    format_version: 1,
    tool_version: '0.1.0',
    url: 'http://127.0.0.1:3001/v3',
    manifest_digest: 'd',
    created_at: '2026-11-21T00:00:00.000Z',
    ownership_tag: 'managed-by:dpac',
    summary: { add: 1, change: 1, replace: 0, destroy: 1, adopt: 0, unmanaged: 2 },
    changes: [
      {
        address: addressFrom('Domain/sales'),
        kind: 'Domain',
        action: 'create',
        reason: 'declared, not found live',
        before: null,
        after: { description: 'Sales', environments: ['prod'] },
        fields: [],
        patch: [],
      },
      {
        address: addressFrom('Table/db/orders'),
        kind: 'Table',
        action: 'update',
        reason: '1 field differs',
        before: null,
        after: null,
        fields: [{ path: '/ingestion/sync_type', before: 'full-load', after: 'incremental' }],
        patch: [],
      },
      {
        address: addressFrom('Source/old'),
        kind: 'Source',
        action: 'delete',
        reason: 'carries the ownership tag managed-by:dpac/kinds and no manifest declares it',
        before: {},
        after: null,
        fields: [],
        patch: [],
      },
    ],
    calls: [
      {
        id: 'c1',
        address: makeAddress('Domain', [], 'sales'),
        method: 'POST',
        path: '/domains',
        body: { name: 'sales' },
        creates: true,
        depends_on: [],
      },
      {
        id: 'c2',
        address: makeAddress('Source', [], 'old'),
        method: 'DELETE',
        path: '/sources/abc',
        depends_on: ['c1'],
      },
    ],
    fingerprints: {},
    fingerprint_documents: {},

    creates: [addressFrom('Domain/sales')],
    unmanaged: [addressFrom('Domain/x'), addressFrom('Domain/y')],
    problems: [],
    ...over,
  };
}

describe('renderers', () => {
  it('renders a plan as terraform-like text', () => {
    expect(renderPlanText(plan({}), plain)).toBe(
      [
        'Target: http://127.0.0.1:3001/v3',
        '',
        'dpac will perform the following actions:',
        '',
        '  # Domain/sales will be created: declared, not found live',
        '  + Domain/sales',
        '      + /description = "Sales"',
        '      + /environments = ["prod"]',
        '',
        '  # Table/db/orders will be updated in place: 1 field differs',
        '  ~ Table/db/orders',
        '      ~ /ingestion/sync_type: "full-load" → "incremental"',
        '',
        '  # Source/old will be destroyed: carries the ownership tag managed-by:dpac/kinds and no manifest declares it',
        '  - Source/old',
        '',
        'Plan: 1 to add, 1 to change, 0 to replace, 1 to destroy.',
        '2 live objects are unmanaged (not declared, not owned by dpac): left untouched.',
      ].join('\n'),
    );
  });

  it('says No changes for an empty plan', () => {
    const empty = plan({
      changes: [],
      calls: [],
      summary: { add: 0, change: 0, replace: 0, destroy: 0, adopt: 0, unmanaged: 0 },
    });
    expect(renderPlanText(empty, plain)).toBe(
      'Target: http://127.0.0.1:3001/v3\n\nNo changes. Live state matches the manifests.\nPlan: 0 to add, 0 to change, 0 to replace, 0 to destroy.',
    );
  });

  it('says what a plan scoped by --changed-since covered, its ref shown safely', () => {
    const changed_since = {
      ref: 'HEAD~1',
      commit: '0123456789abcdef0123456789abcdef01234567',
      changed: [{ file: 'sources/a.yaml', status: 'modified' as const }],
      files: ['platform.yaml', 'sources/a.yaml'],
      deleted: [addressFrom('Source/old')],
    };
    const line =
      'Only what changed since HEAD~1 (0123456789ab): 1 changed manifest file, 1 object whose manifest is gone, 2 manifest files read. Objects outside them were not read, and none of them is changed or deleted.';
    expect(renderPlanText(plan({ changed_since }), plain)).toContain(`\n${line}\n`);
    expect(renderPlanText(plan({}), plain)).not.toContain('Only what changed');
    const hostile = { ...changed_since, ref: 'main_[x](http://e)\u001b[2J' };
    expect(renderPlanText(plan({ changed_since: hostile }), plain)).toContain(
      'Only what changed since main_[x](http://e)\\u001b[2J (',
    );
    expect(renderPlanMarkdown(plan({ changed_since: hostile }))).toContain(
      '_Only what changed since main\\_\\[x\\](http://e)\\\\u001b\\[2J (0123456789ab):',
    );
  });

  it('summarises a big group of children instead of listing them all', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      address: addressFrom(`Table/db/t${i}`),
      kind: 'Table' as const,
      action: 'create' as const,
      reason: 'declared, not found live',
      before: null,
      after: {},
      fields: [],
      patch: [],
    }));
    const text = renderPlanText(plan({ changes: many }), plain);
    expect(text).toContain('  + ... and 9 more Table objects will be created (--full lists them)');
    expect(text).not.toContain('Table/db/t5');
  });

  it('prints the literal calls with their dependencies', () => {
    expect(renderCalls(plan({}).calls, plain)).toBe(
      [
        '2 API calls, in order:',
        '  c1    POST   /domains  # Domain/sales',
        '        {"name":"sales"}',
        '  c2    DELETE /sources/abc  # Source/old  (after c1)',
      ].join('\n'),
    );
  });

  it('caps markdown for pull-request comments with a summary', () => {
    const md = renderPlanMarkdown(plan({}), 500);
    expect(md.length).toBeLessThanOrEqual(500);
    expect(md).toContain('**Plan: 1 to add, 1 to change, 0 to replace, 1 to destroy.**');
    expect(renderPlanMarkdown(plan({}))).toContain(
      '| `~` | `Table/db/orders` | update |  | 1 field differs |',
    );
  });

  it('groups drift into changed, missing and extra, and lists the unmanaged objects with why', () => {
    const unmanaged = [
      {
        address: addressFrom('Domain/other'),
        kind: 'Domain' as const,
        reason: 'not owned: the v3 API can hold no ownership marker on it; outside any prune scope',
      },
      {
        address: addressFrom('Source/b'),
        kind: 'Source' as const,
        reason: 'owned by managed-by:dpac/b',
        owner: 'managed-by:dpac/b',
      },
    ];
    const text = renderDriftText(
      driftReport(plan({ unmanaged: unmanaged.map((u) => u.address), unmanaged_objects: unmanaged })),
      plain,
    );
    expect(text).toBe(
      [
        'Drift detected.',
        '',
        'Changed (1) — apply would revert these:',
        '  ~ Table/db/orders: 1 field differs',
        '      /ingestion/sync_type: live "full-load", declared "incremental"',
        '',
        'Missing (1) — declared, not found live:',
        '  + Domain/sales',
        '',
        'Extra (1) — owned by dpac, no longer declared:',
        '  - Source/old',
        '',
        '2 live objects are not managed here and left untouched:',
        '  Domain (1):',
        '    Domain/other: not owned: the v3 API can hold no ownership marker on it; outside any prune scope',
        '  Source (1):',
        '    Source/b: owned by managed-by:dpac/b',
      ].join('\n'),
    );
  });

  it('lists unmanaged objects by kind and collapses a kind past 20, pointing to -o json', () => {
    const many = Array.from({ length: 23 }, (_, i) => ({
      address: addressFrom(`Source/s${String(i).padStart(2, '0')}`),
      kind: 'Source' as const,
      reason: 'owned by managed-by:dpac/b',
      owner: 'managed-by:dpac/b',
    }));
    const text = renderPlanText(
      plan({ unmanaged_objects: many, unmanaged: many.map((m) => m.address) }),
      plain,
    );
    expect(text).toContain(
      '23 live objects are not managed here and left untouched:\n  Source (23):\n    Source/s00: owned by managed-by:dpac/b',
    );
    expect(text).toContain(
      '    Source/s19: owned by managed-by:dpac/b\n    … and 3 more Source objects (see -o json)',
    );
    expect(text).not.toContain('Source/s20');
  });
});

function tableChange(i: number, action: 'create' | 'update' | 'delete' | 'replace'): Plan['changes'][number] {
  const fields =
    action === 'update' || action === 'replace'
      ? [{ path: '/description', before: `old ${i}`, after: `new ${i}` }]
      : [];
  return {
    address: addressFrom(`Table/db/t${String(i).padStart(5, '0')}`),
    kind: 'Table',
    action,
    reason: action === 'create' ? 'declared, not found live' : 'it differs | really',
    before: action === 'create' ? null : { description: `old ${i}` },
    after: action === 'delete' ? null : { description: `new ${i}`, schema: { columns: [{ name: 'id' }] } },
    fields,
    patch: [],
  };
}

describe('the text plan', () => {
  it('never hides a delete or a replace, and --full shows every create', () => {
    const changes = [
      ...Array.from({ length: 12 }, (_, i) => tableChange(i, 'delete')),
      ...Array.from({ length: 12 }, (_, i) => tableChange(100 + i, 'replace')),
      ...Array.from({ length: 12 }, (_, i) => tableChange(200 + i, 'create')),
    ];
    const text = renderPlanText(plan({ changes }), plain);
    for (let i = 0; i < 12; i++) {
      expect(text).toContain(`  - Table/db/t${String(i).padStart(5, '0')}\n`);
      expect(text).toContain(`  -/+ Table/db/t${String(100 + i).padStart(5, '0')}\n`);
    }
    expect(text).toContain('... and 9 more Table objects will be created (--full lists them)');
    expect(text).not.toContain('Table/db/t00205');
    const full = renderPlanText(plan({ changes }), plain, { full: true });
    expect(full).not.toContain('more Table objects');
    expect(full).toContain('  + Table/db/t00211\n');
  });

  it('shows the items a list gained and lost, and a unified diff of multi-line text', () => {
    const update: Plan['changes'][number] = {
      address: addressFrom('Source/db'),
      kind: 'Source',
      action: 'update',
      reason: '2 fields differ',
      before: null,
      after: null,
      fields: [
        { path: '/tags', before: ['a', 'b', 'pii'], after: ['a', 'b', 'gdpr'] },
        { path: '/description', before: 'line 1\nline 2\nline 3\n', after: 'line 1\nline two\nline 3\n' },
      ],
      patch: [],
    };
    const text = renderPlanText(plan({ changes: [update] }), plain);
    expect(text).toContain(
      ['      ~ /tags: 1 added, 1 removed', '          - "pii"', '          + "gdpr"'].join('\n'),
    );
    expect(text).not.toContain('["a","b","pii"]');
    expect(text).toContain(
      [
        '      ~ /description: text changed',
        '          @@ -1,3 +1,3 @@',
        '           line 1',
        '          -line 2',
        '          +line two',
        '           line 3',
      ].join('\n'),
    );
  });
});

/** Every <details> closed, every code fence closed, every table line a whole row. */
function expectWellFormed(md: string): void {
  expect(md.match(/<details>/g)?.length ?? 0).toBe(md.match(/<\/details>/g)?.length ?? 0);
  expect((md.match(/^\s*```/gm)?.length ?? 0) % 2).toBe(0);
  for (const line of md.split('\n')) {
    if (line.startsWith('|')) expect(line.endsWith('|')).toBe(true);
  }
}

describe('the markdown plan', () => {
  it('has one collapsible block per kind with the field diffs', () => {
    const md = renderPlanMarkdown(plan({}));
    expect(md).toContain('<details><summary><strong>Domain</strong>: 1 to add</summary>');
    expect(md).toContain('<details><summary><strong>Table</strong>: 1 to change</summary>');
    expect(md).toContain('- `/ingestion/sync_type`: `"full-load"` → `"incremental"`');
    expect(md).toContain('- `/description` = `"Sales"`');
    expectWellFormed(md);
  });

  it('keeps a 10,000-table plan under the comment limit, every delete listed, well-formed', () => {
    const changes = [
      ...Array.from({ length: 10_000 }, (_, i) => tableChange(i, 'create')),
      ...Array.from({ length: 300 }, (_, i) => tableChange(20_000 + i, 'update')),
      ...Array.from({ length: 40 }, (_, i) => tableChange(30_000 + i, 'delete')),
    ];
    const calls = changes.map((c, i) => ({
      id: `c${i + 1}`,
      address: makeAddress('Table', ['db'], c.address.split('/')[2] as string),
      method: 'POST' as const,
      path: '/sources/abc/tables',
      depends_on: [],
    }));
    const md = renderPlanMarkdown(plan({ changes, calls }));
    expect(md.length).toBeLessThanOrEqual(65_536);
    expectWellFormed(md);
    expect(md).toContain('**Plan: 1 to add, 1 to change, 0 to replace, 1 to destroy.**');
    for (let i = 0; i < 40; i++) expect(md).toContain(`\`Table/db/t${30_000 + i}\``);
    expect(md).toContain('left out to fit the comment');
    // A small plan keeps everything, field diffs of creates included.
    const small = renderPlanMarkdown(plan({ changes: changes.slice(0, 20) }));
    expect(small).toContain('- `/schema/columns/0/name` = `"id"`');
    expect(small).toContain('<details><summary>API calls</summary>');
  });

  it('gives drift markdown field diffs and a blank line before the text after its table', () => {
    const md = DRIFT_VIEWS.markdown(driftReport(plan({})), plain);
    expect(md).toContain('| changed | `Table/db/orders` | 1 field differs |');
    expect(md).toContain('<details><summary><code>Table/db/orders</code></summary>');
    expect(md).toContain('- `/ingestion/sync_type`: `"full-load"` → `"incremental"`');
    expect(md).toMatch(/\| extra \| `Source\/old` \| owned by dpac, no longer declared \|\n\n/);
    expect(md).toContain('\n\n2 unmanaged live objects');
    expectWellFormed(md);
  });
});
