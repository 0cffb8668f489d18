// A typo behind an external glob (issue 27, point 10): validate says a name only a glob of
// `external:` covers is checked at plan (a warning with the name it likely meant, else a note),
// a reference to an exact external gets its did-you-mean like any other, and plan fails at the
// reference, never at the glob's line, with the live name it likely meant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../helpers/e2e.js';

let e2e: E2e;

const PROJECT = `apiVersion: dpac/v1
kind: Project
project: globs
external:
  - Environment/demo-sandbox
  - EnvironmentStorage/demo-sandbox/*
`;

/** A source of the demo seed's sandbox, on `storage`. */
const source = (name: string, storage: string) => `apiVersion: dpac/v1
kind: Source
metadata: {name: ${name}}
spec:
  type: rdbms
  sub_type: sqlserver
  data_lake_path: /iw/sources/${name}
  data_lake_schema: ${name}
  environment: demo-sandbox
  storage: ${storage}
  connection:
    connection_mode: jdbc
    connection_url: "jdbc:sqlserver://db:1433"
    username: reader
    password: \${env.SALES_DB_PASSWORD}
    database: SQLSERVER
    driver_name: com.microsoft.sqlserver.jdbc.SQLServerDriver
`;

beforeAll(async () => {
  e2e = await startE2e({ seed: 'demo' });
  await e2e.write('dpac.yaml', PROJECT);
});
afterAll(() => e2e.close());

describe('a name only a glob of external: covers', () => {
  it('is a note at validate, checked at plan', async () => {
    await e2e.write('sources.yaml', source('one', 'demo-lakee'));
    const run = await e2e.dpac(['validate', '--no-color']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'sources.yaml:10:12 note: Source/one refers to EnvironmentStorage/demo-sandbox/demo-lakee, which no manifest declares; the external EnvironmentStorage/demo-sandbox/* covers it, so only plan checks that it exists on the platform.\n',
    );
  });

  it('is a warning with the name other manifests use more when it is close to one', async () => {
    await e2e.write(
      'sources.yaml',
      [source('one', 'demo-lakee'), source('two', 'demo-lake'), source('three', 'demo-lake')].join('---\n'),
    );
    const run = await e2e.dpac(['validate', '--no-color']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'sources.yaml:10:12 warning: Source/one refers to EnvironmentStorage/demo-sandbox/demo-lakee, which no manifest declares; the external EnvironmentStorage/demo-sandbox/* covers it, so only plan checks that it exists on the platform. Did you mean EnvironmentStorage/demo-sandbox/demo-lake?',
    );
    // The name used twice is the likelier one: said once, as a note.
    expect(run.stdout).toContain(
      'sources.yaml:28:12 note: Source/two refers to EnvironmentStorage/demo-sandbox/demo-lake,',
    );
    expect(run.stdout).toContain('3 resources in 1 file are valid (1 warning, 1 note).');
  });

  it('fails the plan at the reference, with the live name it likely meant, and writes nothing', async () => {
    await e2e.write('sources.yaml', source('one', 'demo-lakee'));
    const seq = e2e.lastSeq();
    const run = await e2e.dpac(['apply', '--auto-approve', '--no-color']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `sources.yaml:10:12 error: Source/one refers to EnvironmentStorage/demo-sandbox/demo-lakee, which does not exist on ${e2e.emulator.url} (the external EnvironmentStorage/demo-sandbox/* covers it). Did you mean EnvironmentStorage/demo-sandbox/demo-lake?`,
    );
    expect(run.stderr).not.toContain('dpac.yaml:');
    expect(e2e.writesSince(seq)).toEqual([]);
  });
});

describe('notes', () => {
  it('are part of the report of validate: plan, which checks the name, leaves them out', async () => {
    await e2e.write('sources.yaml', source('one', 'demo-lake'));
    expect((await e2e.dpac(['validate', '--no-color'])).stdout).toContain('note: Source/one refers to');
    const planned = await e2e.dpac(['plan', '--no-color']);
    expect(planned.stderr).toBe('');
    expect(planned.code).toBe(0);
  });
});

describe('a name an exact external declares', () => {
  it('gets a did-you-mean when mistyped, like a declared one', async () => {
    await e2e.write(
      'sources.yaml',
      'apiVersion: dpac/v1\nkind: Domain\nmetadata: {name: d}\nspec: {environments: [demo-sandbx]}\n',
    );
    const run = await e2e.dpac(['validate', '--no-color']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'error: Domain/d refers to Environment/demo-sandbx, which no manifest declares. Did you mean Environment/demo-sandbox?',
    );
  });
});
