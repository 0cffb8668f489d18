import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFastYaml } from '../../src/manifest/parse-fast-yaml.js';
import { parseYaml } from '../../src/manifest/parse-yaml.js';
import type { SourceText } from '../../src/manifest/read-files.js';
import { validateDocument } from '../../src/manifest/validate-document.js';
import { FAKE_KINDS } from './fake-kinds.js';
import { type Tree, yamlFileOf } from './yaml-documents.js';

const HOSTILE = path.resolve(import.meta.dirname, '../fixtures/hostile');
const RUNS = Number(process.env.DPAC_FUZZ_RUNS ?? 1500) / 2;

const source = (text: string, file = 'm.yaml'): SourceText => ({ file, path: `/${file}`, text });

/** Every diagnostic of a file, parsing and per-document validation, with or without the fast path. */
function diagnosticsOf(text: string, fastPath: boolean) {
  const parsed = parseYaml(source(text), { fastPath });
  const context = {
    registry: FAKE_KINDS,
    vars: { team: 'fin' },
    env: { SET: 'x' },
    plainEnv: new Set(['SET']),
  };
  const validated = parsed.documents.map((d) => {
    const result = validateDocument(d, context);
    return { diagnostics: result.diagnostics, source: result.manifest?.source, address: result.address };
  });
  return { parse: parsed.diagnostics, validated };
}

const word = fc.constantFrom('orders', 'sales', 'dev', 'a/b', '', 'prod');
const value: fc.Arbitrary<Tree> = fc.oneof(
  word,
  fc.constantFrom(
    '${var.team}',
    '${var.tema}',
    '${env.SET}',
    '${env.UNSET}',
    '${nope}',
    'hunter2',
    '12',
    'true',
  ),
  fc.array(word, { maxLength: 2 }),
  fc.dictionary(fc.constantFrom('value', 'secret_id', 'password_type', 'x'), word, { maxKeys: 2 }),
);
/** Manifests of the fake kinds, often wrong in some field: diagnostics located deep in the spec. */
const manifest: fc.Arbitrary<Tree> = fc.record(
  {
    apiVersion: fc.constantFrom('dpac/v1', 'dpac/v2'),
    kind: fc.constantFrom('Source', 'Table', 'Environment', 'Tabel'),
    metadata: fc.dictionary(fc.constantFrom('name', 'source', 'protect', 'labels'), word, { maxKeys: 3 }),
    spec: fc.dictionary(
      fc.constantFrom(
        'environment',
        'type',
        'connection',
        'tokens',
        'depends_on',
        'platform',
        'region',
        'ingestion',
      ),
      fc.oneof(
        value,
        fc.dictionary(fc.constantFrom('host', 'port', 'password', 'sync_type', 'extra'), value, {
          maxKeys: 3,
        }),
      ),
      { maxKeys: 4 },
    ),
  },
  { requiredKeys: ['kind'] },
);

describe('diagnostics of files on the YAML fast path', () => {
  it('are the full parser’s, at the same file:line:col, for every file of the hostile corpus', () => {
    const files = readdirSync(HOSTILE).filter((f) => f.endsWith('.yaml'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = readFileSync(path.join(HOSTILE, file), 'utf8');
      const fast = parseYaml(source(text, file));
      const full = parseYaml(source(text, file), { fastPath: false });
      expect(fast.diagnostics).toEqual(full.diagnostics);
      expect(fast.documents.map((d) => [d.index, d.value, d.start])).toEqual(
        full.documents.map((d) => [d.index, d.value, d.start]),
      );
    }
  });

  it('are located by the lazily built locator exactly as by the full parser’s', () => {
    let located = 0;
    fc.assert(
      fc.property(yamlFileOf(manifest), (text) => {
        const fast = diagnosticsOf(text, true);
        expect(fast).toEqual(diagnosticsOf(text, false));
        if (parseFastYaml(text, 'm.yaml')) located += fast.validated.flatMap((v) => v.diagnostics).length;
      }),
      { numRuns: RUNS },
    );
    // Files on the fast path must produce many located diagnostics, or this proves little.
    expect(located).toBeGreaterThan(RUNS);
  });
});
