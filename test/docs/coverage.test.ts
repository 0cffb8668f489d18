// docs/coverage.md cannot drift from the code: every path a kind reads or writes is a row naming
// that kind, and every row naming a kind is a path that kind uses; every call a kind sends has its
// references, agreeing with the emulator's copy of them, and every body a kind drafts conforms to
// them; everything that copy adds to an operation dpac sends has a verdict row, none goes missing.
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkRequest } from '../../src/emulator/contract/conformance.js';
import { CONTRACT_OPERATIONS } from '../../src/emulator/contract/contract-operations.js';
import type { Extension } from '../../src/emulator/contract/field-tree.js';
import { EXTENSIONS } from '../../src/emulator/contract/reference-extensions.js';
import { REFERENCE_OPERATIONS } from '../../src/emulator/contract/reference-operations.js';
import { KIND_NAMES, KINDS } from '../../src/kinds/index.js';
import { fitsRoute } from '../../src/kinds/kind.js';
import { type KindCall, kindCalls, normalizePath } from './kind-calls.js';

interface Row {
  call: string;
  /** Kinds a `managed:` or `read:` cell names. */
  kinds: string[];
  coverage: string;
}

const VERDICTS = ['managed:', 'read:', 'client', 'operational', 'read only', 'not managed'];

const REFERENCES_HEADING = '## The references behind every call dpac sends';
const VERDICTS_HEADING = '## Beyond the contract: verdicts with their evidence';

/** The document's sections: the endpoint tables, the references table, the verdicts table. */
async function sections(): Promise<{ endpoints: string; references: string; verdicts: string }> {
  const text = await readFile('docs/coverage.md', 'utf8');
  const [endpoints = '', rest = ''] = text.split(REFERENCES_HEADING);
  const [references = '', verdicts = ''] = rest.split(VERDICTS_HEADING);
  return { endpoints, references, verdicts };
}

async function coverageRows(): Promise<Row[]> {
  const text = (await sections()).endpoints;
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

interface ReferenceRow {
  call: string;
  /** The contract's operation as it writes it, or undefined for `—`. */
  contract?: string;
  other: string;
}

async function referenceRows(): Promise<ReferenceRow[]> {
  const text = (await sections()).references;
  return [...text.matchAll(/^\| `([A-Z]+ [^`]+)` \| (.+?) \| (.*?) \|$/gm)].map(
    ([, call, contract, other]) => ({
      call: call ?? '',
      ...(contract === '—' ? {} : { contract: /^`([^`]+)`/.exec(contract ?? '')?.[1] ?? contract }),
      other: other ?? '',
    }),
  );
}

/** One verdict row: the call and the set of things beyond the contract it covers. */
async function verdictRows(): Promise<{ call: string; items: string[]; verdict: string }[]> {
  const text = (await sections()).verdicts;
  return [...text.matchAll(/^\| `([A-Z]+ [^`]+)` \| (.+?) \| (kept|dropped) \| .+ \|$/gm)].map(
    ([, call, items, verdict]) => ({
      call: call ?? '',
      items: [...(items ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? ''),
      verdict: verdict ?? '',
    }),
  );
}

/** The items of a reference extension as the verdicts table writes them. */
function itemsOf(extension: Extension): string[] {
  if ('query' in extension) return extension.query.map((q) => `?${q}`);
  if ('content' in extension) return [`content-type ${extension.content}`];
  if ('fields' in extension) return extension.fields.map((f) => (f === '' ? '(the body)' : f));
  return [`${extension.values} = ${extension.add.join(' ')}`];
}

const sortedKey = (call: string, items: readonly string[]) => `${call} :: ${[...items].sort().join(', ')}`;

describe('docs/coverage.md: the references of every call dpac sends', () => {
  let used: KindCall[];
  let references: ReferenceRow[];
  beforeAll(async () => {
    used = await kindCalls();
    references = await referenceRows();
  });

  it('has a row for every call a kind sends', () => {
    expect(references.length).toBeGreaterThan(80);
    const listed = new Set(references.map((r) => normalizePath(r.call.split(' ')[1] ?? '')));
    const missing = used.filter(
      (u) => !listed.has(u.call.split(' ')[1] ?? '') || !references.some((r) => r.call === u.call),
    );
    expect([...new Set(missing.map((u) => u.call))]).toEqual([]);
  });

  it('cites the contract exactly for the operations the contract has, and another reference for the rest', () => {
    for (const row of references) {
      const inContract = CONTRACT_OPERATIONS.some((c) => c.op === row.call);
      const elsewhere = REFERENCE_OPERATIONS.some((r) => r.op === row.call);
      expect(row.contract !== undefined, `${row.call}: contract column`).toBe(inContract);
      if (row.contract) {
        const [method, path] = row.contract.split(' ');
        expect(`${method} ${normalizePath(path ?? '')}`, row.call).toBe(row.call);
      }
      if (elsewhere) expect(row.other, `${row.call}: seed or SDK`).toMatch(/seed|vendor SDK/);
      expect(row.other.startsWith('none'), `${row.call}: none`).toBe(!inContract && !elsewhere);
    }
  });

  it('says "none" exactly for the calls the kinds mark undocumented', () => {
    const none = references.filter((r) => r.other.startsWith('none')).map((r) => r.call);
    const marked = used.filter((u) => u.draft?.undocumented).map((u) => u.call);
    expect(none.sort()).toEqual([...new Set(marked)].sort());
    const unmarked = used.filter((u) => u.draft && !u.draft.undocumented && none.includes(u.call));
    expect(unmarked.map((u) => u.call)).toEqual([]);
  });

  it('finds every body a kind drafts within its references', () => {
    const departures = used.flatMap((u) => {
      if (!u.draft || u.draft.undocumented) return [];
      const [method = '', path = ''] = u.call.split(' ');
      const query = Object.fromEntries(new URLSearchParams(u.draft.path.split('?')[1] ?? ''));
      const verdict = checkRequest({
        method,
        path,
        query,
        contentType: u.draft.upload
          ? 'application/octet-stream'
          : (u.draft.content_type ?? 'application/json'),
        body: u.draft.upload ? { bytes: u.draft.upload.size } : u.draft.body,
      });
      return verdict.deviations.map((d) => `${u.call} (${u.kind}): ${d.message}`);
    });
    expect([...new Set(departures)]).toEqual([]);
  });
});

describe('docs/coverage.md: a verdict for everything beyond the contract', () => {
  it('has a row, with the same items, for every reference extension of an operation dpac sends', async () => {
    const used = new Set((await referenceRows()).map((r) => r.call));
    const rows = await verdictRows();
    const documented = new Set(
      rows.filter((r) => r.verdict === 'kept').map((r) => sortedKey(r.call, r.items)),
    );
    const expected = EXTENSIONS.filter((e) => used.has(e.op)).map((e) => sortedKey(e.op, itemsOf(e)));
    expect(expected.filter((key) => !documented.has(key))).toEqual([]);
    expect([...documented].filter((key) => !expected.includes(key))).toEqual([]);
  });
});

describe("each kind's write routes", () => {
  it('are exactly the routes its calls use: every drafted write fits one, and every route is used', async () => {
    const writes = (await kindCalls()).filter((u) => u.draft !== undefined);
    const unfit = writes.filter(
      (u) =>
        u.draft &&
        !KINDS[u.kind].writes.some((route) => fitsRoute(route, u.draft?.method ?? '', u.draft?.path ?? '')),
    );
    expect(unfit.map((u) => `${u.kind} ${u.call}`)).toEqual([]);
    const unused = KIND_NAMES.flatMap((kind) =>
      KINDS[kind].writes
        .filter(
          (route) =>
            !writes.some((u) => u.kind === kind && u.draft && fitsRoute(route, u.draft.method, u.draft.path)),
        )
        .map((route) => `${kind} ${route}`),
    );
    expect(unused).toEqual([]);
  });
});
