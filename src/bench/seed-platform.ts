// Seeds a benchmark platform the way users would: writes manifests (N sources × M tables + table
// groups) and applies them once with the real CLI, so the live objects are exactly dpac's own.

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { noInterrupts } from '../cli/io.js';
import { runCli } from '../cli/run.js';
import { basePlatformYaml, sqlSourceYaml } from './base-platform.js';
import { benchEnv } from './bench-env.js';

export interface BenchShape {
  sources: number;
  tablesPerSource: number;
  /** Table groups per source; each lists `tablesPerGroup` of the source's tables. */
  groupsPerSource: number;
  tablesPerGroup: number;
}

export const FULL_SHAPE: BenchShape = {
  sources: 100,
  tablesPerSource: 100,
  groupsPerSource: 1,
  tablesPerGroup: 10,
};

const pad = (n: number): string => String(n).padStart(3, '0');
export const sourceName = (s: number): string => `bench_src_${pad(s)}`;
const tableName = (t: number): string => `table_${pad(t)}`;

const PROJECT = `apiVersion: dpac/v1
kind: Project
ownership_tag: managed-by:dpac
`;

const PLATFORM = basePlatformYaml({
  environment: 'bench',
  compute: 'etl-small',
  tokenEnv: 'BENCH_WORKSPACE_TOKEN',
  lakeKeyEnv: 'BENCH_LAKE_KEY',
  maxWorkers: 4,
});

function sourceDoc(s: number): string {
  return sqlSourceYaml({
    name: sourceName(s),
    environment: 'bench',
    passwordEnv: 'BENCH_DB_PASSWORD',
    tag: 'bench',
  });
}

/** Alternates a full reload and an incremental append, with tags and an advanced configuration now and then. */
function tableDoc(s: number, t: number): string {
  const name = tableName(t);
  const ingestion =
    t % 2 === 0
      ? '    sync_type: full-load\n'
      : '    sync_type: incremental\n    update_strategy: append\n    watermark_columns: [modified_at]\n';
  const advanced =
    t % 10 === 0
      ? '  advanced_configurations:\n    - key: fetch_size\n      value: "5000"\n      is_active: true\n'
      : '';
  return `apiVersion: dpac/v1
kind: Table
metadata:
  name: ${name}
  source: ${sourceName(s)}
spec:
  description: Table ${t} of ${sourceName(s)}.
  source_table:
    schema_name: dbo
    table_name: ${name}
  ingestion:
${ingestion}    storage_format: delta
    target_schema_name: ${sourceName(s)}
    target_table_name: ${name}
  tags: [bench]
${advanced}`;
}

function groupDoc(s: number, g: number, shape: BenchShape): string {
  const first = g * shape.tablesPerGroup;
  const count = Math.min(shape.tablesPerGroup, Math.max(0, shape.tablesPerSource - first));
  const tables = Array.from({ length: count }, (_, i) => `    - table: ${tableName(first + i)}\n`).join('');
  return `apiVersion: dpac/v1
kind: TableGroup
metadata:
  name: group_${pad(g)}
  source: ${sourceName(s)}
spec:
  compute: etl-small
  max_connections: 4
  max_parallel_entities: 2
  tables:
${tables}  schedule:
    enabled: true
    start_date: 01/05/2026
    start_hour: ${g % 24}
    start_min: 30
    repeat_interval_unit: DAY
    repeat_interval_measure: 1
`;
}

/** Writes dpac.yaml, platform.yaml and one file per source (source, its tables, its groups). */
export async function writeBenchManifests(dir: string, shape: BenchShape): Promise<{ files: number }> {
  await mkdir(path.join(dir, 'sources'), { recursive: true });
  await writeFile(path.join(dir, 'dpac.yaml'), PROJECT);
  await writeFile(path.join(dir, 'platform.yaml'), PLATFORM);
  for (let s = 0; s < shape.sources; s++) {
    const docs = [sourceDoc(s)];
    for (let t = 0; t < shape.tablesPerSource; t++) docs.push(tableDoc(s, t));
    for (let g = 0; g < shape.groupsPerSource; g++) docs.push(groupDoc(s, g, shape));
    await writeFile(path.join(dir, 'sources', `${sourceName(s)}.yaml`), docs.join('---\n'));
  }
  return { files: shape.sources + 2 };
}

/**
 * Policies every bench manifest meets (docs/policies.md's kind), added to dpac.yaml: validate then
 * evaluates each over its kinds' manifests without printing a result, so what it costs is the rules.
 */
const BENCH_POLICIES = `policies:
  - name: description-required
    kinds: [Table, Source]
    rule: has(object.spec.description) && object.spec.description.trim() != ''
    message: describe it
  - name: table-names
    kinds: [Table]
    rule: object.metadata.name.matches('^[a-z][a-z0-9_]*$')
    message: lower snake case
  - name: delta-tables
    kinds: [Table]
    rule: "!has(object.spec.ingestion) || object.spec.ingestion.storage_format == 'delta'"
    message: tables are stored as delta
  - name: schedules-off-hours
    kinds: [TableGroup]
    rule: "!has(object.spec.schedule) || !object.spec.schedule.enabled || object.spec.schedule.start_hour < 7"
    message: schedule outside business hours
`;

/** dpac.yaml with (`on`) or without the bench policies; returns how many policies it holds. */
export async function writeBenchProject(dir: string, policies: boolean): Promise<number> {
  await writeFile(path.join(dir, 'dpac.yaml'), policies ? `${PROJECT}${BENCH_POLICIES}` : PROJECT);
  return policies ? (BENCH_POLICIES.match(/- name:/g) ?? []).length : 0;
}

export interface CliRun {
  code: number;
  ms: number;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI in-process with `cwd = dir` and the bench environment. */
export async function runBenchCli(
  args: readonly string[],
  options: { dir: string; url: string },
): Promise<CliRun> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const started = performance.now();
  const code = await runCli(args, {
    out: (text) => stdout.push(text),
    err: (text) => stderr.push(text),
    env: benchEnv(options.url),
    isTty: false,
    cwd: options.dir,
    interrupts: noInterrupts(),
  });
  return { code, ms: performance.now() - started, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

/** Writes the manifests and applies them: afterwards a plan of `dir` is a no-op. */
export async function seedPlatform(options: {
  dir: string;
  url: string;
  shape: BenchShape;
}): Promise<CliRun> {
  await writeBenchManifests(options.dir, options.shape);
  return runBenchCli(['apply', '.', '--auto-approve'], options);
}
