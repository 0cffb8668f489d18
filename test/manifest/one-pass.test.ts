// Validate reports schema, rule and reference errors of every document in one run: a file that
// once took three rounds (type errors, then the rules they hid, then references) takes one.
import { cp, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import { captureIo } from '../helpers/capture-io.js';

const REPO = path.resolve(import.meta.dirname, '../..');
let dir: string;

beforeAll(async () => {
  dir = await realpath(await mkdtemp(path.join(tmpdir(), 'dpac-one-pass-')));
  await cp(path.join(REPO, 'examples/platform'), path.join(dir, 'platform'), { recursive: true });
  await cp(path.join(REPO, 'test/fixtures/one-pass/mistakes.yaml'), path.join(dir, 'mistakes.yaml'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it('reports every mistake of every document at once', async () => {
  const io = captureIo(dir);
  expect(await runCli(['validate', '--no-color'], io)).toBe(1);
  const errors = io.stdout
    .join('\n')
    .split('\n')
    .filter((line) => line.includes(' error: '));
  const expected = [
    // structural
    'mistakes.yaml:9:3 error: Unknown field `spec.descripton`. Did you mean `description`?',
    'mistakes.yaml:19:24 error: `spec.ingestion.target_table_name` must be a string, not a number',
    'mistakes.yaml:28:20 error: `spec.max_connections` must be a number, not a string',
    'mistakes.yaml:47:3 error: Unknown field `spec.colour`.',
    // cross-field rules of objects that also hold a type error
    'mistakes.yaml:13:3 error: `spec.ingestion.natural_keys`: update_strategy merge needs natural_keys',
    'mistakes.yaml:31:3 error: `spec.schedule.start_hour`: start_hour (0–23) is required when enabled',
    'mistakes.yaml:31:3 error: `spec.schedule.start_min`: start_min (0–59) is required when enabled',
    'mistakes.yaml:31:3 error: `spec.schedule.specified_days`: specified_days must list weekdays',
    // references of documents that are themselves invalid
    'mistakes.yaml:30:14 error: TableGroup/sales_db/nightly refers to Table/sales_db/orderz',
    'mistakes.yaml:44:16 error: Source/sales_db refers to Environment/prodd',
  ];
  for (const line of expected) expect(errors.some((e) => e.startsWith(line))).toBe(true);
  expect(io.stdout.join('\n')).toContain('11 errors, 0 warnings.');
});
