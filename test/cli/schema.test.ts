import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import { KIND_NAMES } from '../../src/kinds/index.js';
import { renderJsonSchema } from '../../src/manifest/json-schema.js';
import { captureIo } from '../helpers/capture-io.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const COMMITTED = path.join(REPO, 'schemas/dpac.schema.json');

interface DocumentSchema {
  properties: {
    kind: { const: string };
    apiVersion: { const: string };
    metadata: { required: string[]; properties: Record<string, unknown> };
    spec?: {
      description?: string;
      additionalProperties?: unknown;
      properties?: Record<string, { description?: string }>;
    };
  };
}

interface Documents {
  allOf: { if: { properties: { kind: { const: string } } }; then: DocumentSchema }[];
}

function documents(schema: Documents): DocumentSchema[] {
  return schema.allOf.map((rule) => rule.then);
}

describe('dpac schema', () => {
  it('chooses one document schema per kind, plus the Project document, by kind (if/then)', async () => {
    const io = captureIo(REPO);
    expect(await runCli(['schema'], io)).toBe(0);
    const schema = JSON.parse(io.stdout.join('')) as { $schema: string } & Documents;
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(documents(schema).map((d) => d.properties.kind.const)).toEqual([...KIND_NAMES, 'Project']);
    for (const rule of schema.allOf)
      expect(rule.if.properties.kind.const).toBe(rule.then.properties.kind.const);
    for (const document of documents(schema)) expect(document.properties.apiVersion.const).toBe('dpac/v1');
  });

  it('gives child kinds their parent keys and carries field descriptions', async () => {
    const io = captureIo(REPO);
    await runCli(['schema'], io);
    const schema = JSON.parse(io.stdout.join('')) as Documents;
    const byKind = new Map(documents(schema).map((d) => [d.properties.kind.const, d]));
    expect(byKind.get('Table')?.properties.metadata.required).toEqual(['name', 'source']);
    expect(byKind.get('ValidationSpec')?.properties.metadata.required).toEqual(['name', 'source', 'table']);
    expect(byKind.get('Domain')?.properties.spec?.properties?.environments?.description).toBe(
      'Names of the environments whose compute and storage the domain may use (a set).',
    );
    expect(byKind.get('Domain')?.properties.spec?.additionalProperties).toBe(false);
  });

  it('writes the schema to --out', async () => {
    const dir = await realpath(await mkdtemp(path.join(tmpdir(), 'dpac-schema-')));
    try {
      const io = captureIo(dir);
      expect(await runCli(['schema', '--out', 'out.json'], io)).toBe(0);
      expect(await readFile(path.join(dir, 'out.json'), 'utf8')).toBe(renderJsonSchema());
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('matches the committed schemas/dpac.schema.json', async () => {
    const committed = await readFile(COMMITTED, 'utf8').catch(() => '');
    const stale = committed !== renderJsonSchema();
    expect(
      stale
        ? 'schemas/dpac.schema.json is stale: run `npm run build && npx dpac schema --out schemas/dpac.schema.json`'
        : 'fresh',
    ).toBe('fresh');
  });
});
