// The published JSON Schema (schemas/dpac.schema.json) agrees with the CLI: Ajv accepts what
// `dpac validate` accepts and rejects what it rejects, on the shipped examples and on variants that
// break one cross-field rule each (issue 12, point 5).
import { cp, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments, stringify } from 'yaml';
import { runCli } from '../../src/cli/run.js';
import { captureIo } from '../helpers/capture-io.js';

const REPO = path.resolve(import.meta.dirname, '../..');
// biome-ignore lint/suspicious/noExplicitAny: the variants edit YAML data of any shape.
type Spec = Record<string, any>;
type Doc = { metadata: { name: string }; spec: Spec };

let dir: string;
let ajvValidate: (doc: unknown) => boolean;
let table: Doc;
let group: Doc;

async function yamlFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.yaml'))
    .map((e) => path.join(e.parentPath, e.name));
}

async function documentsOf(file: string): Promise<Doc[]> {
  return parseAllDocuments(await readFile(file, 'utf8')).map((d) => d.toJS() as Doc);
}

beforeAll(async () => {
  dir = await realpath(await mkdtemp(path.join(tmpdir(), 'dpac-schema-agrees-')));
  await cp(path.join(REPO, 'examples'), dir, { recursive: true });
  const schema = JSON.parse(await readFile(path.join(REPO, 'schemas/dpac.schema.json'), 'utf8'));
  ajvValidate = new Ajv2020({ strict: false, allErrors: true }).compile(schema);
  const sales = path.join(dir, 'sources/sales_db');
  table = (await documentsOf(path.join(sales, 'tables.yaml'))).find(
    (d) => d.metadata.name === 'orders',
  ) as Doc;
  group = (await documentsOf(path.join(sales, 'table-groups.yaml')))[0] as Doc;
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The CLI's verdict on one document, written next to the examples under a fresh name. */
async function cliAccepts(doc: Doc): Promise<boolean> {
  const file = path.join(dir, 'variant.yaml');
  await writeFile(file, stringify(doc));
  try {
    const io = captureIo(dir);
    await runCli(['validate', '-o', 'json'], io);
    const out = JSON.parse(io.stdout.join('')) as {
      diagnostics: { severity: string; source?: { file: string } }[];
    };
    return !out.diagnostics.some((d) => d.severity === 'error' && d.source?.file === 'variant.yaml');
  } finally {
    await rm(file);
  }
}

function variant(base: Doc, name: string, change: (spec: Spec) => void): Doc {
  const copy = structuredClone(base);
  copy.metadata.name = name;
  change(copy.spec);
  return copy;
}

describe('Ajv on the JSON Schema and the CLI agree', () => {
  it('accepts every shipped example document and dpac.yaml', async () => {
    for (const file of await yamlFiles(dir))
      for (const doc of await documentsOf(file)) expect([file, ajvValidate(doc)]).toEqual([file, true]);
  });

  const cases: [string, boolean, () => Doc][] = [
    ['a merge table', true, () => variant(table, 'v1', () => {})],
    [
      'a merge table without natural_keys',
      false,
      () => variant(table, 'v2', (s) => delete s.ingestion.natural_keys),
    ],
    [
      'incremental without watermark_columns',
      false,
      () => variant(table, 'v3', (s) => delete s.ingestion.watermark_columns),
    ],
    [
      'full-load with an update_strategy',
      false,
      () => variant(table, 'v4', (s) => Object.assign(s.ingestion, { sync_type: 'full-load' })),
    ],
    [
      'a TableGroup key inside a Table spec',
      false,
      () => variant(table, 'v5', (s) => Object.assign(s, { max_connections: 2 })),
    ],
    ['an enabled schedule', true, () => variant(group, 'g1', () => {})],
    [
      'an enabled schedule without start_hour',
      false,
      () => variant(group, 'g2', (s) => delete s.schedule.start_hour),
    ],
    [
      'a disabled schedule without start time',
      true,
      () =>
        variant(group, 'g3', (s) => {
          s.schedule.enabled = false;
          for (const k of ['start_hour', 'start_min', 'start_date']) delete s.schedule[k];
        }),
    ],
    [
      'WEEK without specified_days',
      false,
      () => variant(group, 'g4', (s) => delete s.schedule.specified_days),
    ],
    [
      'WEEK with day 7',
      false,
      () => variant(group, 'g5', (s) => Object.assign(s.schedule, { specified_days: [7] })),
    ],
    [
      'NEVER with repeat_interval_measure',
      false,
      () =>
        variant(group, 'g6', (s) => {
          delete s.schedule.repeat_interval_unit;
          delete s.schedule.specified_days;
        }),
    ],
    [
      'MONTH on the last day',
      true,
      () =>
        variant(group, 'g7', (s) => {
          Object.assign(s.schedule, { repeat_interval_unit: 'MONTH', repeat_on_last_day: true });
          delete s.schedule.specified_days;
        }),
    ],
    [
      'MONTH with both days and the last day',
      false,
      () =>
        variant(group, 'g8', (s) =>
          Object.assign(s.schedule, {
            repeat_interval_unit: 'MONTH',
            repeat_on_last_day: true,
            specified_days: [1],
          }),
        ),
    ],
    [
      'ends without end_date',
      false,
      () => variant(group, 'g9', (s) => Object.assign(s.schedule, { ends: true })),
    ],
    [
      'a schedule user without a token',
      false,
      () => variant(group, 'g10', (s) => Object.assign(s.schedule, { user: 'alice@example.com' })),
    ],
    [
      'a custom job without details',
      false,
      () => variant(group, 'g11', (s) => Object.assign(s.schedule, { is_custom_job: true })),
    ],
  ];

  it.each(cases)('%s: accepted %s', async (_name, accepted, make) => {
    const doc = make();
    expect(await cliAccepts(doc)).toBe(accepted);
    expect(ajvValidate(doc)).toBe(accepted);
  });
});
