import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FULL_SHAPE, writeBenchManifests } from '../../src/bench/seed-platform.js';
import { renderDocuments } from '../../src/export/render-documents.js';
import { parseFastYaml } from '../../src/manifest/parse-fast-yaml.js';
import { parseYaml } from '../../src/manifest/parse-yaml.js';
import { findDeepNesting } from '../../src/manifest/scan-nesting.js';
import { yamlFile } from './yaml-documents.js';

const RUNS = Number(process.env.DPAC_FUZZ_RUNS ?? 3000);

/** The full parser's view of a file: diagnostics, and per document its value, start and top keys. */
function reference(text: string) {
  const full = parseYaml({ file: 'f.yaml', path: '/f.yaml', text }, { fastPath: false });
  return {
    diagnostics: full.diagnostics,
    documents: full.documents.map((d) => ({
      index: d.index,
      value: d.value,
      start: d.start,
      kindKey: hasKind(d.value) ? d.locator.key('/kind') : undefined,
    })),
  };
}

function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Object.values(value);
  return 1 + (children.length ? Math.max(...children.map(depthOf)) : 0);
}

function hasKind(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && 'kind' in value;
}

describe('the YAML fast path', () => {
  it('accepts only what the full parser accepts, and reads it to the same values and locations', () => {
    let accepted = 0;
    let withDollar = 0;
    fc.assert(
      fc.property(yamlFile, (text) => {
        const fast = parseFastYaml(text, 'f.yaml');
        if (!fast) return;
        accepted++;
        // Accepted files skip the nesting pre-scan: it must find nothing near their real depth.
        const depth = Math.max(0, ...fast.map((d) => depthOf(d.value)));
        expect(findDeepNesting(text, depth + 3)).toBeUndefined();
        const full = reference(text);
        expect(full.diagnostics).toEqual([]);
        expect(
          fast.map((d) => ({
            index: d.index,
            value: d.value,
            start: d.start,
            kindKey: d.kindKey,
          })),
        ).toStrictEqual(full.documents);
        // Interpolation is skipped on a document said to hold no `$`: none of its keys or values may.
        for (const d of fast) if (d.withoutDollar) expect(JSON.stringify(d.value)).not.toContain('$');
        withDollar += fast.filter((d) => !d.withoutDollar && JSON.stringify(d.value).includes('$')).length;
      }),
      { numRuns: RUNS },
    );
    // The generator must reach the fast path often, or the property above proves little.
    expect(accepted).toBeGreaterThan(RUNS / 5);
    expect(withDollar).toBeGreaterThan(RUNS / 100);
  });
});

/** Every .yaml file under `dir`, recursively. */
async function yamlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.yaml'))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('the YAML fast path on real manifests', () => {
  /** Accepted, and read to the full parser's values. */
  function expectFast(text: string): void {
    const fast = parseFastYaml(text, 'f.yaml');
    expect(fast).toBeDefined();
    expect(fast?.map((d) => d.value)).toStrictEqual(reference(text).documents.map((d) => d.value));
  }

  it('takes the benchmark manifests and the examples', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'dpac-fast-yaml-'));
    try {
      await writeBenchManifests(dir, { ...FULL_SHAPE, sources: 2, tablesPerSource: 12 });
      const files = [
        ...(await yamlFiles(dir)),
        ...(await yamlFiles(path.resolve(import.meta.dirname, '../../examples'))),
      ];
      expect(files.length).toBeGreaterThan(8);
      for (const file of files) expectFast(await readFile(file, 'utf8'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('takes what dpac export writes: block scalars, quoted strings, flow lists, empty collections', () => {
    const spec = {
      description: 'Line one\nline two\n',
      query: 'select *\nfrom x',
      leading_blank: '\nfoo',
      quoted: ["it's: a # b", 'say "hi"', '', ' x', 'x ', 'true', '007', '*x', '- x', 'é😀'],
      numbers: [5, 1.5, -3, 0],
      flags: { on: true, off: false, none: null },
      tables: Array.from({ length: 12 }, (_, i) => ({ table: `t_${i}`, columns: [], extra: {} })),
    };
    expectFast(
      renderDocuments(
        [
          { kind: 'Table', metadata: { name: 'a', source: 's' }, spec },
          { kind: 'Source', metadata: { name: 's' }, spec: {} },
        ],
        './dpac.schema.json',
      ),
    );
  });
});
