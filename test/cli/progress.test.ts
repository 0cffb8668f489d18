// Apply progress (issue 12, point 5): one line per resource without a terminal, with resolved
// paths; a live line with addresses and an estimate of the time left on a terminal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressReporter } from '../../src/cli/progress.js';
import { makeAddress } from '../../src/core/address.js';
import type { Call } from '../../src/core/call.js';
import { captureIo } from '../helpers/capture-io.js';
import { type E2e, startE2e } from '../helpers/e2e.js';

describe('apply progress in a CI log', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ seed: 'demo' });
    await e2e.copyExamples();
  });
  afterAll(() => e2e.close());

  it('prints one line per resource, with the paths sent, ids filled in', async () => {
    const applied = await e2e.dpac(['apply', 'examples', '--auto-approve', '--no-color']);
    expect(applied.code).toBe(0);
    const lines = applied.stdout.split('\n').filter((l) => /^ {2}\[\d+\/\d+\] /.test(l));
    expect(lines).toHaveLength(16);
    expect(lines.every((l) => l.includes('[') && / applied [A-Z][A-Za-z]+\//.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/^ {2}\[16\/16\] /);
    const table = lines.find((l) => l.includes(' applied Table/sales_db/orders: ')) as string;
    expect(table).toMatch(/POST \/sources\/[0-9a-f]{24}\/tables/);
    expect(applied.stdout).not.toContain('${Source/');
    expect((await e2e.dpac(['plan', 'examples', '--detailed-exitcode'])).code).toBe(0);
  });
});

describe('what progress counts', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ seed: 'demo' });
  });
  afterAll(() => e2e.close());

  it('counts the objects a batched create makes, as the summary does, never their parent', async () => {
    await e2e.write(
      'dpac.yaml',
      'apiVersion: dpac/v1\nkind: Project\nproject: batch\nexternal: [Environment/demo-sandbox, EnvironmentStorage/demo-sandbox/demo-lake]\n',
    );
    await e2e.write(
      'source.yaml',
      [
        'apiVersion: dpac/v1',
        'kind: Source',
        'metadata: {name: s150}',
        'spec:',
        '  {type: rdbms, sub_type: sqlserver, data_lake_path: /iw/sources/s150, data_lake_schema: s150,',
        '   environment: demo-sandbox, storage: demo-lake,',
        '   connection: {connection_mode: jdbc, connection_url: "jdbc:sqlserver://db:1433", username: r,',
        '     password: "${env.SALES_DB_PASSWORD}", database: SQLSERVER, driver_name: com.microsoft.sqlserver.jdbc.SQLServerDriver}}',
      ].join('\n'),
    );
    expect((await e2e.dpac(['apply', '--auto-approve'])).code).toBe(0);
    const tables = Array.from(
      { length: 150 },
      (_, i) =>
        `apiVersion: dpac/v1\nkind: Table\nmetadata: {name: t${i}, source: s150}\nspec: {source_table: {schema_name: dbo, table_name: t${i}}}\n`,
    );
    await e2e.write('tables.yaml', tables.join('---\n'));
    const plan = JSON.parse((await e2e.dpac(['plan', '-o', 'json'])).stdout);
    // One call creates the tables, written at their source's path.
    expect(plan.calls.filter((c: { items?: string[] }) => c.items?.length === 150)).toHaveLength(1);

    const applied = await e2e.dpac(['apply', '--auto-approve', '--no-color']);
    expect(applied.code).toBe(0);
    const lines = applied.stdout.split('\n').filter((l) => /^ {2}\[\d+\/\d+\] /.test(l));
    expect(applied.stdout).toContain('Apply complete! Resources: 150 added, 0 changed,');
    expect(lines).toHaveLength(150);
    expect(
      lines.every((l) => / applied Table\/s150\/t\d+: POST \/sources\/[0-9a-f]{24}\/tables/.test(l)),
    ).toBe(true);
    expect(lines.at(-1)).toMatch(/^ {2}\[150\/150\] /);
    expect((await e2e.dpac(['plan', '--detailed-exitcode'])).code).toBe(0);
  });
});

describe('a batched create that fails for one object', () => {
  it('reports each object it creates on its own line, with its own outcome', () => {
    const [a, b] = [makeAddress('Table', ['s'], 'a'), makeAddress('Table', ['s'], 'b')];
    const batch: Call = {
      id: 'c1',
      address: makeAddress('Source', [], 's'),
      method: 'POST',
      path: '/sources/${Source/s.id}/tables',
      depends_on: [],
      items: [a, b],
    };
    const io = captureIo();
    const report = progressReporter(io, [batch], () => 0);
    report({ type: 'start', call: batch, running: 1 });
    report({
      type: 'end',
      result: {
        call: batch,
        status: 'failed',
        ms: 1,
        path: '/sources/66cd/tables',
        items: [
          { address: a, status: 'applied', id: '1' },
          { address: b, status: 'failed', message: 'name taken' },
        ],
      },
      done: 1,
      total: 1,
    });
    expect(io.stdout).toEqual([
      '  [1/2] applied Table/s/a: POST /sources/66cd/tables (0 ms)',
      '  [2/2] failed Table/s/b: POST /sources/66cd/tables (0 ms) — name taken',
    ]);
  });
});

describe('apply progress on a terminal', () => {
  it('shows resources done, an ETA and the addresses in flight, then clears the line', () => {
    const a = makeAddress('Domain', [], 'a');
    const b = makeAddress('Source', [], 'b');
    const calls: Call[] = [
      { id: 'c1', address: a, method: 'POST', path: '/domains', depends_on: [] },
      { id: 'c2', address: b, method: 'POST', path: '/sources', depends_on: [] },
      { id: 'c3', address: b, method: 'PUT', path: '/sources/${Source/b.id}/connection', depends_on: ['c2'] },
    ];
    const statuses: string[] = [];
    const io = { ...captureIo(), isTty: true, status: (line: string) => statuses.push(line) };
    let clock = 0;
    const report = progressReporter(io, calls, () => clock);
    const [c1, c2, c3] = calls as [Call, Call, Call];
    report({ type: 'start', call: c1, running: 1 });
    report({ type: 'start', call: c2, running: 2 });
    expect(statuses.at(-1)).toBe('[0/2 resources] 0.0s  Domain/a, Source/b');
    clock = 2000;
    report({
      type: 'end',
      result: { call: c1, status: 'applied', ms: 2000, path: '/domains' },
      done: 1,
      total: 3,
    });
    expect(statuses.at(-1)).toBe('[1/2 resources] 2.0s ETA 4.0s  Source/b');
    report({
      type: 'end',
      result: { call: c2, status: 'applied', ms: 2000, path: '/sources' },
      done: 2,
      total: 3,
    });
    report({ type: 'start', call: c3, running: 1 });
    report({
      type: 'end',
      result: {
        call: c3,
        status: 'failed',
        ms: 5,
        message: 'Could not write: 400',
        path: '/sources/66cd/connection',
      },
      done: 3,
      total: 3,
    });
    expect(io.stdout).toEqual([
      '  failed Source/b: POST /sources, PUT /sources/66cd/connection (2000 ms) — Could not write: 400',
    ]);
    expect(statuses.at(-1)).toBe('');
  });
});
