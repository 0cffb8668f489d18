import { afterEach, describe, expect, it } from 'vitest';
import type { SecretRef } from '../../src/core/secret.js';
import { KINDS } from '../../src/kinds/index.js';
import { interpolate } from '../../src/manifest/interpolate.js';
import { Locator } from '../../src/manifest/locator.js';
import { lines, type TempProject, tempProject } from './helpers.js';

const at = { file: 'f.yaml', line: 3, col: 9 };
const locator = new Locator('f.yaml', new Map([['/s', { value: at }]]));

function run(
  text: string,
  options: {
    vars?: Record<string, string>;
    env?: Record<string, string>;
    sensitive?: boolean;
    plainEnv?: string[];
  } = {},
) {
  const secrets: [string, SecretRef][] = [];
  const result = interpolate(
    { s: text },
    {
      vars: options.vars ?? {},
      env: options.env ?? {},
      plainEnv: new Set(options.plainEnv ?? Object.keys(options.env ?? {})),
      isSensitive: (path) => options.sensitive === true && path.join('/') === 's',
      secretAt: (path, secret) => secrets.push([path.join('/'), secret]),
      locator,
    },
  );
  return { ...result, secrets };
}

describe('interpolate', () => {
  it('substitutes ${var.NAME} and ${env.NAME} inside strings', () => {
    const result = run('${var.team}-${env.REGION}-x', { vars: { team: 'fin' }, env: { REGION: 'eu' } });
    expect(result).toEqual({ value: { s: 'fin-eu-x' }, diagnostics: [], secrets: [] });
  });

  it('keeps $${...} as a literal ${...} and a lone $ as is', () => {
    expect(run('cost $5 and $${var.x}').value).toEqual({ s: 'cost $5 and ${var.x}' });
  });

  it('reports an undefined variable at its location, with a suggestion, never substituting ""', () => {
    const result = run('${var.tema}', { vars: { team: 'fin' } });
    expect(lines(result.diagnostics)).toEqual([
      'f.yaml:3:9 error: ${var.tema} is not defined. Did you mean ${var.team}?',
    ]);
    expect(result.value).not.toEqual({ s: '' });
  });

  it('reports an unset environment variable and malformed references', () => {
    expect(lines(run('${env.NOPE}', { plainEnv: ['NOPE'] }).diagnostics)).toEqual([
      'f.yaml:3:9 error: ${env.NOPE} is not set',
    ]);
    expect(lines(run('${foo}').diagnostics)).toEqual(['f.yaml:3:9 error: ${foo} is not a valid reference']);
    expect(lines(run('${var.x').diagnostics)).toEqual(['f.yaml:3:9 error: Unterminated ${ in a string']);
  });

  it('keeps ${env.NAME} verbatim in a secret field, records it by reference, never reads its value', () => {
    const result = run('${env.DB_PASSWORD}', { sensitive: true, env: { DB_PASSWORD: 'canary-7f3a' } });
    expect(result.value).toEqual({ s: '${env.DB_PASSWORD}' });
    expect(result.diagnostics).toEqual([]);
    expect(result.secrets.map(([path, secret]) => [path, secret.variable])).toEqual([['s', 'DB_PASSWORD']]);
    expect(JSON.stringify(result)).not.toContain('canary-7f3a');
  });

  it('never requires a secret ${env.NAME} to be set: apply checks it before writing', () => {
    expect(run('${env.DB_PASSWORD}', { sensitive: true }).diagnostics).toEqual([]);
  });

  it('warns about a literal secret without quoting it, and carries it by reference too', () => {
    const result = run('hunter2-canary', { sensitive: true });
    expect(lines(result.diagnostics)).toEqual([
      'f.yaml:3:9 warning: Literal secret in a file; use ${env.NAME}',
    ]);
    expect(JSON.stringify(result.diagnostics)).not.toContain('hunter2-canary');
    expect(JSON.stringify(result.secrets)).not.toContain('hunter2-canary');
    expect(result.secrets[0]?.[1].revealLiteral()).toBe('hunter2-canary');
  });

  it('takes a secret whole: no variable, no text around a reference', () => {
    const refused = 'f.yaml:3:9 error: A secret field takes one ${env.NAME} and nothing else';
    expect(lines(run('${var.pw}', { sensitive: true, vars: { pw: 'x' } }).diagnostics)).toEqual([refused]);
    expect(lines(run('pre-${env.PW}', { sensitive: true }).diagnostics)).toEqual([refused]);
  });

  it('reads $${ in a secret as a literal ${', () => {
    const result = run('a$${env.X}b', { sensitive: true });
    expect(result.value).toEqual({ s: 'a${env.X}b' });
    expect(result.secrets[0]?.[1].revealLiteral()).toBe('a${env.X}b');
  });

  it("never lets a manifest read dpac's or the CI's own variables, in any field", () => {
    const env = { DPAC_REFRESH_TOKEN: 'tok-canary', GITHUB_TOKEN: 'gh-canary', CI_JOB_TOKEN: 'ci-canary' };
    for (const name of Object.keys(env)) {
      for (const sensitive of [true, false]) {
        const result = run(`\${env.${name}}`, { sensitive, env, plainEnv: Object.keys(env) });
        expect(lines(result.diagnostics)).toEqual([
          `f.yaml:3:9 error: \${env.${name}} cannot be read by a manifest`,
        ]);
        expect(result.secrets).toEqual([]);
        expect(JSON.stringify(result)).not.toMatch(/canary/);
      }
    }
  });

  it('refuses ${env.NAME} in a plain field unless dpac.yaml declares NAME non-secret', () => {
    const result = run('desc ${env.SALES_DB_PASSWORD}', {
      env: { SALES_DB_PASSWORD: 'pw-canary' },
      plainEnv: [],
    });
    expect(lines(result.diagnostics)).toEqual([
      'f.yaml:3:9 error: ${env.SALES_DB_PASSWORD} is in a plain field, whose value is printed in plans and stored in clear',
    ]);
    expect(JSON.stringify(result)).not.toContain('pw-canary');
  });

  it('reads a variable once: a value holding ${env.Y} stays text', () => {
    const result = run('${var.a}', { vars: { a: '${env.Y}' }, env: { Y: 'y-canary' } });
    expect(result.value).toEqual({ s: '${env.Y}' });
  });
});

describe('interpolation while loading', () => {
  let project: TempProject | undefined;
  afterEach(async () => {
    await project?.remove();
    project = undefined;
  });

  const source = (password: string) => `apiVersion: dpac/v1
kind: Environment
metadata:
  name: prod
spec:
  platform: \${var.cloud}
---
apiVersion: dpac/v1
kind: Source
metadata:
  name: \${var.prefix}_db
spec:
  environment: prod
  connection:
    host: \${env.DB_HOST}
    password: ${password}
  tokens:
    - value: plain-token-canary
`;

  it('applies --var over --var-file over target variables', async () => {
    project = await tempProject({
      'dpac.yaml':
        'apiVersion: dpac/v1\nkind: Project\nvariables:\n  DB_HOST: { env: true, secret: false }\ntargets:\n  dev:\n    variables: { cloud: gcp, prefix: dev }\n',
      'vars.json': '{ "prefix": "file" }',
      'm.yaml': source('${env.DB_PASSWORD}'),
    });
    const env = { DB_HOST: 'db.local', DB_PASSWORD: 'secret-canary' };
    const onlyTarget = await project.load({ target: 'dev', env });
    expect(onlyTarget.manifests.map((m) => m.address)).toEqual(['Environment/prod', 'Source/dev_db']);
    expect(onlyTarget.manifests[0]?.spec).toEqual({ platform: 'gcp' });
    const withFile = await project.load({ target: 'dev', env, varFiles: ['vars.json'] });
    expect(withFile.manifests[1]?.address).toBe('Source/file_db');
    const withFlag = await project.load({
      target: 'dev',
      env,
      varFiles: ['vars.json'],
      vars: { prefix: 'flag' },
    });
    expect(withFlag.manifests[1]?.address).toBe('Source/flag_db');
    expect(JSON.parse(JSON.stringify(withFlag.manifests[1]?.spec))).toMatchObject({
      connection: { host: 'db.local', password: '${env.DB_PASSWORD}' },
    });
    expect(lines(withFlag.diagnostics)).toEqual([
      'm.yaml:18:14 warning: Literal secret in a file; use ${env.NAME}',
    ]);
    expect(JSON.stringify(withFlag)).not.toContain('secret-canary');
  });

  it('still carries a literal secret by reference in a document whose text holds no $', async () => {
    // Block style: the YAML fast path reads it and says the document holds no `$`.
    project = await tempProject({
      'm.yaml': `apiVersion: dpac/v1
kind: TableGroup
metadata:
  name: nightly
  source: sales_db
spec:
  schedule:
    user_token: literal-token-canary
`,
    });
    const result = await project.load({ registry: KINDS });
    expect(lines(result.diagnostics)).toContain(
      'm.yaml:8:17 warning: Literal secret in a file; use ${env.NAME}',
    );
    // The warning comes from interpolation: it ran, and the literal became a reference.
    expect(JSON.stringify(result.diagnostics)).not.toContain('literal-token-canary');
  });

  it('interpolates a reference spelled with an escaped $', async () => {
    project = await tempProject({
      'm.yaml':
        'apiVersion: dpac/v1\nkind: Domain\nmetadata:\n  name: d\nspec:\n  description: "\\u0024{var.team} data"\n',
    });
    const result = await project.load({ registry: KINDS, vars: { team: 'finance' } });
    expect(result.manifests[0]?.spec).toMatchObject({ description: 'finance data' });
  });

  it('refuses an unknown target with a suggestion', async () => {
    project = await tempProject({
      'dpac.yaml': 'apiVersion: dpac/v1\nkind: Project\ntargets:\n  prod: {}\n',
      'm.yaml': 'apiVersion: dpac/v1\nkind: Domain\nmetadata: { name: d }\n',
    });
    const result = await project.load({ target: 'prd' });
    expect(lines(result.diagnostics)).toEqual([
      'error: Target prd is not defined in dpac.yaml. Did you mean prod?',
    ]);
  });
});
