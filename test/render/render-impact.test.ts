// The data impact and policy results as people read them: acknowledgement reasons and policy
// messages are outside text (manifests, dpac.yaml), so they are shown escaped in text and inert in
// Markdown; a group's objects are listed five at a time in text.
import { describe, expect, it } from 'vitest';
import { addressFrom } from '../../src/core/address.js';
import type { Plan } from '../../src/plan/plan.js';
import { renderPlanMarkdown } from '../../src/render/render-plan-markdown.js';
import { renderPlanText } from '../../src/render/render-plan-text.js';

const REASON = 'agreed \u001b[2J by @alice | <img src=x> \u202eevil';
const addresses = Array.from({ length: 7 }, (_, i) => addressFrom(`Table/db/t${i}`));

const plan = {
  format_version: 1,
  tool_version: 'test',
  url: 'http://x/v3',
  manifest_digest: 'd',
  created_at: '2026-01-01T00:00:00.000Z',
  ownership_tag: 'managed-by:dpac',
  summary: { add: 0, change: 7, replace: 0, destroy: 0, adopt: 0, unmanaged: 0 },
  changes: addresses.map((address) => ({
    address,
    kind: 'Table' as const,
    action: 'update' as const,
    reason: '1 field differs',
    before: {},
    after: {},
    fields: [
      { path: '/ingestion/natural_keys', before: ['id'], after: ['id', 'region'], impact: 'reload' as const },
    ],
    patch: [],
    impact: 'reload' as const,
    acknowledged: { reload: REASON },
  })),
  calls: [],
  fingerprints: {},
  fingerprint_documents: {},
  creates: [],
  unmanaged: [],
  problems: [],
  impact: {
    totals: { metadata: 0, 'next-run': 0, unknown: 0, reload: 7, history: 0, delete: 0 },
    groups: [
      {
        impact: 'reload' as const,
        kind: 'Table' as const,
        action: 'update' as const,
        paths: ['/ingestion/natural_keys'],
        values: [{ path: '/ingestion/natural_keys', before: ['id'], after: ['id', 'region'] }],
        acknowledged: { reload: REASON },
        addresses,
      },
    ],
  },
  policy_results: [
    {
      policy: 'p',
      severity: 'warning' as const,
      stage: 'change' as const,
      address: addresses[0] as (typeof addresses)[number],
      message: 'no <b>bold</b> | \u001b]8;;http://x\u0007link',
    },
  ],
} as Plan;

describe('impact and policies in plans', () => {
  it('text: escapes what manifests and dpac.yaml wrote, and lists five objects of a group', () => {
    const text = renderPlanText(plan, { color: false });
    expect(text).toContain(
      '  forces a full reload (7 tables): ~ /ingestion/natural_keys: ["id"] → ["id","region"] — acknowledged: reload ("agreed \\u001b[2J by @alice | <img src=x> \\u202eevil")',
    );
    expect(text).toContain(
      '      Table/db/t0, Table/db/t1, Table/db/t2, Table/db/t3, Table/db/t4 and 2 more (--full lists them)',
    );
    expect(text).toContain('  warning p (1 table): no <b>bold</b> | \\u001b]8;;http://x\\u0007link');
    expect(text).not.toMatch(/[\u001b\u0007\u202e]/);
    expect(renderPlanText(plan, { color: false }, { full: true })).toContain(
      'Table/db/t4, Table/db/t5, Table/db/t6\n',
    );
  });

  it('markdown: the reasons and messages are inert (no HTML, no mention, no table break)', () => {
    const md = renderPlanMarkdown(plan);
    expect(md).toContain('**forces a full reload (7 tables)** — acknowledged: reload (');
    expect(md).toContain('by @\u200balice \\| &lt;img src=x&gt;');
    expect(md).toContain('no &lt;b&gt;bold&lt;/b&gt; \\|');
    expect(md).not.toMatch(/[\u001b\u0007\u202e]/);
    expect(md).not.toContain('<img');
  });
});
