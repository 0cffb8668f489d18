import { afterEach, describe, expect, it } from 'vitest';
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
  } = {},
) {
  return interpolate(
    { s: text },
    {
      vars: options.vars ?? {},
      env: options.env ?? {},
      isSensitive: (path) => options.sensitive === true && path.join('/') === 's',
      locator,
    },
  );
}

describe('interpolate', () => {
  it('substitutes ${var.NAME} and ${env.NAME} inside strings', () => {
    const result = run('${var.team}-${env.REGION}-x', { vars: { team: 'fin' }, env: { REGION: 'eu' } });
    expect(result).toEqual({ value: { s: 'fin-eu-x' }, diagnostics: [] });
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
    expect(lines(run('${env.NOPE}').diagnostics)).toEqual(['f.yaml:3:9 error: ${env.NOPE} is not set']);
    expect(lines(run('${foo}').diagnostics)).toEqual(['f.yaml:3:9 error: ${foo} is not a valid reference']);
    expect(lines(run('${var.x').diagnostics)).toEqual(['f.yaml:3:9 error: Unterminated ${ in a string']);
  });

  it('keeps ${env.NAME} verbatim in a sensitive field and never puts the secret in the result', () => {
    const result = run('${env.DB_PASSWORD}', { sensitive: true, env: { DB_PASSWORD: 'canary-7f3a' } });
    expect(result).toEqual({ value: { s: '${env.DB_PASSWORD}' }, diagnostics: [] });
  });

  it('never requires a sensitive ${env.NAME} to be set: apply checks it before writing', () => {
    expect(run('${env.DB_PASSWORD}', { sensitive: true }).diagnostics).toEqual([]);
  });

  it('warns about a literal secret without quoting it', () => {
    const result = run('hunter2-canary', { sensitive: true });
    expect(lines(result.diagnostics)).toEqual([
      'f.yaml:3:9 warning: Literal secret in a file; use ${env.NAME}',
    ]);
    expect(JSON.stringify(result.diagnostics)).not.toContain('hunter2-canary');
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
        'apiVersion: dpac/v1\nkind: Project\ntargets:\n  dev:\n    variables: { cloud: gcp, prefix: dev }\n',
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
    expect(withFlag.manifests[1]?.spec).toMatchObject({
      connection: { host: 'db.local', password: '${env.DB_PASSWORD}' },
    });
    expect(lines(withFlag.diagnostics)).toEqual([
      'm.yaml:18:14 warning: Literal secret in a file; use ${env.NAME}',
    ]);
    expect(JSON.stringify(withFlag)).not.toContain('secret-canary');
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
