import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emitYaml } from '../../src/export/emit-yaml.js';
import { type ExportDocument, renderDocuments } from '../../src/export/render-documents.js';

const RUNS = Number(process.env.DPAC_FUZZ_RUNS ?? 2000);

const word = fc.constantFrom(
  'orders',
  'bench_src_000',
  'a',
  'x.y',
  'path/to',
  'Table 3 of src (old).',
  'e5',
  'yes',
  'yyyy-MM-dd HH:mm:ss',
  '12:30',
  'http://x.y/z',
);
const tricky = fc.constantFrom(
  '',
  ' x',
  'x ',
  'true',
  'True',
  'NULL',
  'null',
  '~',
  '42',
  '0.9e-3',
  '1.5',
  '-x',
  '- x',
  'a: b',
  'a:',
  ':a',
  'a: :b',
  'a:b :c',
  'a #b',
  'a,b',
  '[a]',
  '{b}',
  '#c',
  '${env.X}',
  '$${x}',
  'line\nbreak',
  'line\n',
  'tab\there',
  'é',
  '01/05/2026',
  '---',
  '...',
  'a  b',
  "it's",
  'say "hi"',
  'x'.repeat(70),
);
const scalar = fc.oneof(
  { weight: 4, arbitrary: word },
  { weight: 2, arbitrary: tricky },
  fc.integer({ min: -100000, max: 100000 }),
  fc.constantFrom(1.5, -0, 0.1, 1e21, 2 ** 53, true, false, null),
  fc.string({ maxLength: 5 }),
);
const key = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('name', 'sync_type', 'tables', 'a-b', 'x.y', 'spec') },
  fc.constantFrom('true', 'Null', '1', 'a b', 'a:b', '', 'é', '$schema'),
);
const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('v'), { maxLength: 5 }),
    fc.array(scalar, { maxLength: 12 }),
    fc.dictionary(key, tie('v'), { maxKeys: 4 }),
  ),
})).v;
const document: fc.Arbitrary<ExportDocument> = fc.record({
  kind: fc.constantFrom('Table', 'Source'),
  metadata: fc.record({ name: word, source: word }),
  spec: fc.dictionary(key, value, { maxKeys: 6 }),
});

describe('the export YAML emitter', () => {
  it('writes exactly what yaml writes, for any document it takes on', () => {
    let emitted = 0;
    fc.assert(
      fc.property(fc.array(document, { minLength: 1, maxLength: 3 }), (documents) => {
        const reference = renderDocuments(documents, './dpac.schema.json', { fastPath: false });
        expect(renderDocuments(documents, './dpac.schema.json')).toBe(reference);
        for (const d of documents) if (emitYaml({ apiVersion: 'dpac/v1', ...d }) !== undefined) emitted++;
      }),
      { numRuns: RUNS },
    );
    // The emitter must take on many generated documents, or the equality above proves little.
    expect(emitted).toBeGreaterThan(RUNS / 4);
  });

  it('takes on the documents a platform export is mostly made of', () => {
    const table = {
      apiVersion: 'dpac/v1',
      kind: 'Table',
      metadata: { name: 'table_0001', source: 'bench_src_000' },
      spec: {
        description: 'Table 1 of bench_src_000.',
        source_table: { schema_name: 'dbo', table_name: 'table_0001' },
        ingestion: {
          sync_type: 'incremental',
          update_strategy: 'append',
          watermark_columns: ['modified_at'],
        },
        tags: ['bench'],
        advanced_configurations: [{ key: 'fetch_size', value: '5000' }],
        columns: [],
        extra: {},
      },
    };
    const text = emitYaml(table);
    expect(text).toBeDefined();
    expect(text).toBe(renderDocuments([table], '', { fastPath: false }).replace(/^#.*\n/, ''));
  });
});
