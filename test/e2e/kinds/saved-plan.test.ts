// Saved plans through the real CLI: `plan --out`, `show` in every format, `apply --plan`, and the
// rendered text of a create, an update with field diffs and a delete, checked literally.
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../../helpers/e2e.js';
import * as f from './fixtures.js';

const PROJECT =
  "apiVersion: dpac/v1\nkind: Project\nproject: kinds\nprune:\n  - kind: Domain\n    name: 'tmp_*'\n";

const TEXT = `dpac will perform the following actions:

  # Domain/marketing will be created: declared, not found live — metadata only
  + Domain/marketing
      + /description = "Marketing."
      + /environments = ["prod"]

  # Domain/sales will be updated in place: 1 field differs — metadata only
  ~ Domain/sales
      ~ /description: "Sales team." → "Sales and marketing."

  # Domain/tmp_old will be destroyed: inside the prune scope Domain/tmp_* of dpac.yaml — metadata only
  - Domain/tmp_old

Plan: 1 to add, 1 to change, 0 to replace, 1 to destroy.
Data impact: metadata only (3).

1 live object is not managed here and left untouched:
  User (1):
    User/admin@dpac.local: not owned: the v3 API can hold no ownership marker on it (no tags; its profile is shown to people) and records no one who changed it; outside any prune scope`;

describe('saved plans', () => {
  let e2e: E2e;
  let api: f.Api;
  let out: string;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  beforeEach(async () => {
    await f.resetWith(e2e, {
      'dpac.yaml': PROJECT,
      'platform.yaml': f.docs(f.environment(), f.domain('sales'), f.domain('tmp_old')),
    });
    await f.applyOk(e2e);
    await e2e.write(
      'platform.yaml',
      f.docs(f.environment(), f.domain('sales', 'Sales and marketing.'), f.domain('marketing', 'Marketing.')),
    );
    api = await f.connectApi(e2e);
    out = path.join(e2e.dir, 'plan.json');
  });
  afterAll(() => e2e.close());

  it('saves a plan that show reproduces as text, JSON and Markdown, and apply --plan applies exactly it', async () => {
    const planned = await e2e.dpac(['plan', '--no-color', '--out', out]);
    expect(planned.code).toBe(0);
    const target = `Target: ${e2e.emulator.url}\n\n`;
    expect(planned.stdout).toBe(
      `${target}${TEXT}\n\nSaved the plan to ${out}. Apply exactly this plan with: dpac apply --plan ${out}`,
    );

    const shown = await e2e.dpac(['show', out, '--no-color']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/^Plan made \S+ for http:\/\/127\.0\.0\.1:\d+\/v3 by dpac \S+\.\n\n/);
    expect(shown.stdout.replace(/^Plan made .*\n\n/, '')).toBe(`${target}${TEXT}`);

    const json = JSON.parse((await e2e.dpac(['plan', '--json'])).stdout) as f.PlanJson;
    const shownJson = JSON.parse((await e2e.dpac(['show', out, '--json'])).stdout) as f.PlanJson;
    expect(shownJson.changes).toEqual(json.changes);
    expect(shownJson.calls).toEqual(json.calls);
    expect(shownJson.summary).toEqual({ add: 1, change: 1, replace: 0, destroy: 1, adopt: 0, unmanaged: 1 });

    const sales = await api.idOf('/admin/domains', 'sales');
    const old = await api.idOf('/admin/domains', 'tmp_old');
    const markdown = (await e2e.dpac(['show', out, '--markdown'])).stdout;
    expect(markdown).toBe((await e2e.dpac(['plan', '--markdown'])).stdout);
    expect(markdown).toContain(
      [
        '| `+` | `Domain/marketing` | create | metadata only | declared, not found live |',
        '| `~` | `Domain/sales` | update | metadata only | 1 field differs |',
        // The reason is running Markdown: `_` and `*` are escaped (the comment shows tmp_*).
        '| `-` | `Domain/tmp_old` | delete | metadata only | inside the prune scope Domain/tmp\\_\\* of dpac.yaml |',
      ].join('\n'),
    );
    // The data impact comes first, above the kinds and the calls.
    expect(markdown.indexOf('#### Data impact')).toBeGreaterThan(0);
    expect(markdown.indexOf('#### Data impact')).toBeLessThan(
      markdown.indexOf('<details><summary><strong>Domain'),
    );
    expect(markdown).toContain('- `/description`: `"Sales team."` → `"Sales and marketing."`');
    expect(markdown).toContain(`c1 POST /domains\nc2 PATCH /domains/${sales}\nc3 DELETE /domains/${old}`);

    const seq = e2e.lastSeq();
    const applied = await e2e.dpac(['apply', '--plan', out, '--no-color']);
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain(
      'Apply complete! Resources: 1 added, 1 changed, 0 replaced, 1 destroyed.',
    );
    expect(e2e.writesSince(seq).map((w) => `${w.method} ${w.path}`)).toEqual([
      'POST /v3/domains',
      `PATCH /v3/domains/${sales}`,
      `DELETE /v3/domains/${old}`,
    ]);
    await f.expectConverged(e2e);
  });

  it('refuses a saved plan before any write when an object it touches changed since', async () => {
    expect((await e2e.dpac(['plan', '--out', out])).code).toBe(0);
    const sales = await api.idOf('/admin/domains', 'sales');
    await api.send('PATCH', `/domains/${sales}`, { description: 'changed by hand' });
    const seq = e2e.lastSeq();
    const refused = await e2e.dpac(['apply', '--plan', out]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Domain/sales');
    expect(e2e.writesSince(seq)).toEqual([]);
  });
});
