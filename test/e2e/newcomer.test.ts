// The first week of a new user (issue 27, "done when"), as the README tells it, through the built
// binary a clean clone makes (`npm ci && npm run build`, then `npx dpac`): start the emulator and
// read its URL and token from what it prints, `dpac init`, add one's own manifests, validate, plan,
// apply, plan again (empty), drift, plan from a subfolder, graph, export, and plan the export.
// Every step runs clean: the expected exit code and nothing on stderr. The environment holds only
// what the README says to set.
import { type ChildProcess, spawn } from 'node:child_process';
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DPAC_BIN, runBinary } from '../helpers/binary.js';

let home: string;
let emulator: ChildProcess;
let env: Record<string, string>;

/** `dpac …` in a folder of the new project, as the user types it. */
async function dpac(cwd: string, ...args: string[]) {
  const run = await runBinary(args, { cwd, env });
  return { code: run.code, stdout: run.stdout.toString('utf8'), stderr: run.stderr };
}

/** `dpac emulator --port 0 --seed demo`, and the URL and refresh token it prints. */
async function startEmulator(): Promise<{ url: string; token: string }> {
  emulator = spawn(process.execPath, [DPAC_BIN, 'emulator', '--port', '0', '--seed', 'demo'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  return new Promise((resolve, reject) => {
    emulator.on('exit', (code) => reject(new Error(`the emulator exited (${code}): ${printed}`)));
    emulator.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8');
      const url = /listening on (\S+)/.exec(printed)?.[1];
      const token = /refresh token: (\S+)/.exec(printed)?.[1];
      if (url && token) resolve({ url, token });
    });
  });
}

const OWN_MANIFESTS = `# The sales database, ingested into the sandbox the platform team runs.
apiVersion: dpac/v1
kind: Source
metadata: {name: sales_db}
spec:
  type: rdbms
  sub_type: sqlserver
  data_lake_path: /iw/sources/sales_db
  data_lake_schema: sales
  environment: demo-sandbox
  storage: demo-lake
  connection:
    connection_mode: jdbc
    connection_url: "jdbc:sqlserver://sales-db.internal:1433;databaseName=sales"
    username: reader
    password: \${env.SALES_DB_PASSWORD}
    database: SQLSERVER
    driver_name: com.microsoft.sqlserver.jdbc.SQLServerDriver
---
apiVersion: dpac/v1
kind: Table
metadata: {name: orders, source: sales_db}
spec:
  source_table: {schema_name: dbo, table_name: orders}
  ingestion: {sync_type: full-load, storage_format: delta, target_schema_name: sales, target_table_name: orders}
---
apiVersion: dpac/v1
kind: TableGroup
metadata: {name: nightly, source: sales_db}
spec:
  compute: demo-etl
  tables: [{table: orders}]
`;

/** What the platform team owns, uncommented in dpac.yaml's documented `external:` block. */
const EXTERNAL = `external:
  - Environment/demo-sandbox
  - EnvironmentStorage/demo-sandbox/demo-lake
  - ComputeTemplate/demo-sandbox/demo-etl
`;

beforeAll(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'dpac-newcomer-'));
  const { url, token } = await startEmulator();
  env = {
    PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`,
    DPAC_URL: url,
    DPAC_REFRESH_TOKEN: token,
    SALES_DB_PASSWORD: 'a-newcomer-password',
  };
});
afterAll(async () => {
  emulator?.kill('SIGTERM');
  await rm(home, { recursive: true, force: true });
});

describe('the newcomer path', () => {
  it('runs clean from dpac init to a plan of the export', async () => {
    const init = await dpac(home, 'init', 'team-a');
    expect(init.stderr).toBe('');
    expect(init.code).toBe(0);
    const project = path.join(home, 'team-a');

    // Own manifests: the platform team's objects as externals, then a source of one's own.
    const settings = await readFile(path.join(project, 'dpac.yaml'), 'utf8');
    expect(settings).toContain('# external:\n#   - Environment/prod\n#   - ComputeTemplate/prod/*\n');
    await writeFile(
      path.join(project, 'dpac.yaml'),
      settings.replace('# external:\n#   - Environment/prod\n#   - ComputeTemplate/prod/*\n', EXTERNAL),
    );
    await writeFile(path.join(project, 'manifests/sales.yaml'), OWN_MANIFESTS);

    const validate = await dpac(project, 'validate');
    expect(validate).toEqual({ code: 0, stdout: '4 resources in 2 files are valid.\n', stderr: '' });

    const plan = await dpac(project, 'plan', '--detailed-exitcode', '--no-color');
    expect(plan.stderr).toBe('');
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain(`Target: ${env.DPAC_URL}\n`);
    expect(plan.stdout).toContain('Plan: 4 to add, 0 to change, 0 to replace, 0 to destroy.');

    const apply = await dpac(project, 'apply', '--auto-approve', '--no-color');
    expect(apply.stderr).toBe('');
    expect(apply.code).toBe(0);
    expect(apply.stdout).toContain('Apply complete! Resources: 4 added, 0 changed, 0 replaced, 0 destroyed.');

    expect((await dpac(project, 'plan', '--detailed-exitcode')).code).toBe(0);
    const drift = await dpac(project, 'drift', '--no-color');
    expect(drift.stderr).toBe('');
    expect(drift.code).toBe(0);
    expect(drift.stdout).toMatch(/^No drift\. Live state matches the manifests\./);

    // From a subfolder, the project is the same project.
    const fromSub = await dpac(path.join(project, 'manifests'), 'plan', '--detailed-exitcode');
    expect(fromSub.stderr).toBe('');
    expect(fromSub.code).toBe(0);

    const graph = await dpac(project, 'graph');
    expect(graph.code).toBe(0);
    expect(graph.stdout).not.toContain('undefined');
    expect(graph.stdout).toContain('["ComputeTemplate/demo-sandbox/demo-etl"]');

    const exported = await dpac(project, 'export', '--out', 'platform');
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain('run `dpac plan platform`');
    // README, "Adopting an existing platform", step 4: name the project in a dpac.yaml next to the
    // exported files (unless export wrote one).
    const exportSettings = path.join(project, 'platform/dpac.yaml');
    const written = await access(exportSettings).then(
      () => true,
      () => false,
    );
    if (!written) await writeFile(exportSettings, 'apiVersion: dpac/v1\nkind: Project\nproject: team-a\n');
    const validateExport = await dpac(project, 'validate', 'platform');
    expect(validateExport.stderr).toBe('');
    expect(validateExport.code).toBe(0);
    const planExport = await dpac(project, 'plan', 'platform', '--detailed-exitcode', '--no-color');
    expect(planExport.stderr).toBe('');
    expect(planExport.stdout).toContain('No changes. Live state matches the manifests.');
    expect(planExport.code).toBe(0);
  });
});
