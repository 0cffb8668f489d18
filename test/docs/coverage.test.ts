// docs/coverage.md cannot drift from the code: every path a kind reads or writes is a row naming
// that kind, and every row naming a kind is a path that kind uses.
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { KIND_NAMES } from '../../src/kinds/index.js';
import { type KindCall, kindCalls, normalizePath } from './kind-calls.js';

interface Row {
  call: string;
  /** Kinds a `managed:` or `read:` cell names. */
  kinds: string[];
  coverage: string;
}

const VERDICTS = ['managed:', 'read:', 'client', 'operational', 'read only', 'not managed'];

async function coverageRows(): Promise<Row[]> {
  const text = await readFile('docs/coverage.md', 'utf8');
  const rows: Row[] = [];
  for (const [, method, path, coverage] of text.matchAll(/^\| `([A-Z]+) ([^`]+)` \| (.+) \|$/gm)) {
    const verdict = /^(managed|read): ([A-Za-z, ]+?)(?: \(|$| —)/.exec(coverage ?? '');
    rows.push({
      call: `${method} ${normalizePath(path ?? '')}`,
      kinds: verdict?.[2]?.split(',').map((k) => k.trim()) ?? [],
      coverage: coverage ?? '',
    });
  }
  return rows;
}

describe('docs/coverage.md', () => {
  let rows: Row[];
  let used: KindCall[];
  beforeAll(async () => {
    rows = await coverageRows();
    used = await kindCalls();
  });

  it('lists each endpoint once, with one of the documented verdicts', () => {
    expect(rows.length).toBeGreaterThan(150);
    const calls = rows.map((r) => r.call);
    expect(calls.filter((c, i) => calls.indexOf(c) !== i)).toEqual([]);
    for (const row of rows) {
      expect(
        VERDICTS.some((v) => row.coverage.startsWith(v)),
        row.call,
      ).toBe(true);
      for (const kind of row.kinds) expect(KIND_NAMES as readonly string[], row.call).toContain(kind);
    }
  });

  it('lists every path a kind reads or writes, naming that kind', () => {
    const missing = used
      .filter((u) => !rows.some((r) => r.call === u.call && r.kinds.includes(u.kind)))
      .map((u) => `${u.call} (${u.kind})`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it('names a kind only where that kind uses the path', () => {
    const claimed = rows.flatMap((r) => r.kinds.map((kind) => ({ kind, call: r.call })));
    const unused = claimed
      .filter((c) => !used.some((u) => u.call === c.call && u.kind === c.kind))
      .map((c) => `${c.call} (${c.kind})`);
    expect(unused).toEqual([]);
  });
});
