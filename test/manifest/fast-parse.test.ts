// fastParse against zod itself: on every document zod accepts, the same value (keys in the same
// order); on every document zod refuses, FAIL. The documents: every kind of the conformance
// lifecycle, the examples and the bench's tables, and for each of them seeded broken variants
// (a key dropped, a value of another type, an unknown key, an empty list or string).
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeBenchManifests } from '../../src/bench/seed-platform.js';
import { isKindName, KINDS } from '../../src/kinds/index.js';
import { documentSchema } from '../../src/manifest/document-schema.js';
import { FAIL, fastParse } from '../../src/manifest/fast-parse.js';
import { parseYaml } from '../../src/manifest/parse-yaml.js';
import { lifecycleManifests } from '../e2e/conformance/lifecycle.js';

type Doc = Record<string, unknown>;

function documentsOf(file: string, text: string): Doc[] {
  return parseYaml({ file, path: file, text })
    .documents.map((d) => d.value as Doc)
    .filter((d) => d && typeof d.kind === 'string' && isKindName(d.kind));
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.ya?ml$/.test(e.name) && e.name !== 'dpac.yaml')
    .map((e) => path.join(e.parentPath, e.name));
}

async function corpus(): Promise<Doc[]> {
  const docs: Doc[] = [];
  for (const rev of [1, 2] as const)
    for (const renamed of [false, true])
      docs.push(...documentsOf('lifecycle.yaml', lifecycleManifests({ rev, renamed })));
  for (const file of yamlFiles('examples')) docs.push(...documentsOf(file, readFileSync(file, 'utf8')));
  const bench = await mkdtemp(path.join(tmpdir(), 'dpac-fast-parse-'));
  try {
    await writeBenchManifests(bench, {
      sources: 1,
      tablesPerSource: 20,
      groupsPerSource: 2,
      tablesPerGroup: 5,
    });
    for (const file of yamlFiles(bench)) docs.push(...documentsOf(file, await readFile(file, 'utf8')));
  } finally {
    await rm(bench, { recursive: true, force: true });
  }
  return docs;
}

const schemaOf = (doc: Doc) => documentSchema(KINDS, doc.kind as keyof typeof KINDS);

/** What zod says, and whether the fast path agrees: its value exactly, or FAIL on a refusal. */
function compare(
  doc: Doc,
  schema = schemaOf(doc),
): { zodAccepts: boolean; fastAnswered: boolean; agrees: boolean } {
  const byZod = schema.safeParse(structuredClone(doc));
  const fast = fastParse(schema, structuredClone(doc));
  if (fast === FAIL) return { zodAccepts: byZod.success, fastAnswered: false, agrees: true };
  const agrees =
    byZod.success &&
    isDeepStrictEqual(fast, byZod.data) &&
    JSON.stringify(fast) === JSON.stringify(byZod.data);
  return { zodAccepts: byZod.success, fastAnswered: true, agrees };
}

/** Every path to a value inside a document (objects and arrays), the root excluded. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((k) => [[...at, k], ...paths((value as Record<string, unknown>)[k], [...at, k])]);
}

const REPLACEMENTS: unknown[] = [null, '', 'text', 0, -1, 1.5, true, [], {}, ['x'], { unknown_key: 1 }];

/** `doc` with the value at `path` replaced (`undefined`: the key dropped), or an unknown key added there. */
function mutate(doc: Doc, path: (string | number)[], replacement: unknown, addKey: boolean): Doc {
  const copy = structuredClone(doc);
  let parent: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  const target = parent[last];
  if (addKey && target !== null && typeof target === 'object' && !Array.isArray(target))
    (target as Doc).not_a_field = 'x';
  else if (replacement === undefined && !Array.isArray(parent)) delete parent[last];
  else parent[last] = replacement;
  return copy;
}

describe('fastParse: the value zod gives, or FAIL', () => {
  it('answers for every valid document of every kind, with exactly zod’s value', async () => {
    const docs = await corpus();
    const kinds = new Set(docs.map((d) => d.kind));
    expect(kinds.size).toBe(Object.keys(KINDS).length);
    const results = docs.map((d) => compare(d));
    expect(results.every((r) => r.agrees)).toBe(true);
    // Each valid document was vouched for by the fast path (else it saves nothing).
    const valid = results.filter((r) => r.zodAccepts);
    expect(valid.length).toBeGreaterThan(40);
    expect(valid.filter((r) => r.fastAnswered).length).toBe(valid.length);
  });

  it('answers for a kind’s spec schema alone as zod does (export parses specs)', async () => {
    const docs = await corpus();
    const results = docs.map((d) => compare(d.spec as Doc, KINDS[d.kind as keyof typeof KINDS].spec));
    expect(results.every((r) => r.agrees)).toBe(true);
    expect(results.filter((r) => r.fastAnswered).length).toBe(results.filter((r) => r.zodAccepts).length);
  });

  it('never accepts what zod refuses, nor answers differently, over broken variants', async () => {
    const docs = await corpus();
    let refused = 0;
    let answered = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: docs.length - 1 }),
        fc.nat(),
        fc.integer({ min: -1, max: REPLACEMENTS.length - 1 }),
        fc.boolean(),
        (d, p, r, addKey) => {
          const doc = docs[d] as Doc;
          const all = paths(doc);
          const at = all[p % all.length] as (string | number)[];
          const variant = mutate(doc, at, r < 0 ? undefined : REPLACEMENTS[r], addKey);
          // The schema of the document's own kind, whatever the variant did to `kind`.
          const result = compare(variant, schemaOf(doc));
          if (!result.zodAccepts) refused++;
          if (result.fastAnswered) answered++;
          return result.agrees;
        },
      ),
      { numRuns: 3000, seed: 28 },
    );
    // The variants exercised both answers.    expect(refused).toBeGreaterThan(2000);
    expect(answered).toBeGreaterThan(150);
    // And it vouched for every variant zod accepted.
    expect(answered).toBe(3000 - refused);
  });
});
