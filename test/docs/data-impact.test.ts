// docs/data-impact.md cannot drift from the schemas: every rule a kind's schema declares with
// `withRules(…, { impact })` (and each spec root's default and delete rule) is a row with the same class,
// every row is such a rule, each row cites defined sources, and "unknown" is exactly "no source says".
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { KIND_NAMES, KINDS, policyOf } from '../../src/kinds/index.js';

interface Row {
  kind: string;
  field: string;
  impact: string;
  basis: string;
  sources: string[];
  why: string;
}

function declaredRules(): string[] {
  return KIND_NAMES.flatMap((kind) => {
    const rules = policyOf(KINDS[kind]).impact;
    return [
      `${kind} (delete) ${rules.onDelete}`,
      ...rules.declared.map(({ pointer, impact }) =>
        pointer === '' ? `${kind} (default) ${impact}` : `${kind} \`${pointer}\` ${impact}`,
      ),
    ];
  });
}

describe('docs/data-impact.md', () => {
  let text: string;
  let rows: Row[];
  beforeAll(async () => {
    text = await readFile('docs/data-impact.md', 'utf8');
    rows = [
      ...text.matchAll(/^\| ([A-Za-z]+) \| ([^|]+) \| `([a-z-]+)` \| (\w+) \| ([^|]+) \| (.+) \|$/gm),
    ].map((m) => ({
      kind: m[1] as string,
      field: (m[2] as string).trim(),
      impact: m[3] as string,
      basis: m[4] as string,
      sources: (m[5] as string).split(',').map((s) => s.trim()),
      why: (m[6] as string).trim(),
    }));
  });

  it('tables every rule the schemas declare, with the same class, and no other', () => {
    const documented = rows.map((r) => `${r.kind} ${r.field} ${r.impact}`);
    expect(documented.sort()).toEqual(declaredRules().sort());
    // Every kind has its default and delete rule.
    for (const kind of KIND_NAMES) {
      expect(rows.filter((r) => r.kind === kind && r.field.startsWith('('))).toHaveLength(2);
    }
  });

  it('cites defined sources per rule, says why, and uses "unknown" exactly where no source says', () => {
    const defined = new Set([...text.matchAll(/^- \*\*(S\d+)\*\* — /gm)].map((m) => m[1]));
    for (const row of rows) {
      expect(row.sources.length, `${row.kind} ${row.field}`).toBeGreaterThan(0);
      for (const s of row.sources) expect(defined, `${row.kind} ${row.field} cites ${s}`).toContain(s);
      expect(row.why.length).toBeGreaterThan(10);
      expect(['stated', 'derived', 'none']).toContain(row.basis);
      expect(row.basis === 'none', `${row.kind} ${row.field}`).toBe(row.impact === 'unknown');
    }
  });

  it('states the totals it tables', () => {
    const unknown = rows.filter((r) => r.impact === 'unknown').length;
    expect(text).toContain(`Totals: ${rows.length} rules, ${unknown} of them \`unknown\`.`);
  });
});
