// Where a project is (issue 27, points 14, 15 and 17): dpac.yaml is found from a subfolder as git
// finds its repository (and never above a repository's root), its externals and project name then
// apply to every command — plan, export and apply --plan alike; diagnostics name files from the
// current folder in text and from the project root in JSON; YAML files of other tools beside the
// manifests are skipped with a note.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import { loadProjectSettings } from '../../src/library.js';
import { captureIo } from '../helpers/capture-io.js';
import { type E2e, startE2e } from '../helpers/e2e.js';

let e2e: E2e;
let project: string;

/** `dpac …` run in a folder of the project (or anywhere), without an API. */
async function dpacIn(cwd: string, args: string[], env: Record<string, string | undefined> = {}) {
  const io = captureIo(cwd, env);
  const code = await runCli(args, io);
  return { code, stdout: io.stdout.join('\n'), stderr: io.stderr.join('\n') };
}

const DOMAIN = (name: string, env: string) =>
  `apiVersion: dpac/v1\nkind: Domain\nmetadata: {name: ${name}}\nspec: {environments: [${env}]}\n`;

beforeAll(async () => {
  e2e = await startE2e({ seed: 'demo' });
  project = path.join(e2e.dir, 'repo');
  await mkdir(path.join(project, '.git'), { recursive: true });
  await e2e.write(
    'repo/dpac.yaml',
    [
      'apiVersion: dpac/v1',
      'kind: Project',
      'project: team-a',
      'external: [Environment/demo-sandbox]',
      'targets:',
      `  here: {url: ${e2e.emulator.url}}`,
      '',
    ].join('\n'),
  );
  await e2e.write('repo/platform/domains/sales.yaml', DOMAIN('sales', 'demo-sandbox'));
  await e2e.write('repo/platform/domains/ops.yaml', DOMAIN('ops_team', 'demo-sandbox'));
});
afterAll(() => e2e.close());

describe('dpac.yaml found from a subfolder', () => {
  it('applies its externals to validate run two folders below it, which reads the whole project', async () => {
    const run = await dpacIn(path.join(project, 'platform/domains'), ['validate']);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('2 resources in 2 files are valid.');
    expect(run.code).toBe(0);
  });

  it("plans the project's own objects from a subfolder as from its root: its name is its ownership", async () => {
    const env = { ...e2e.env, DPAC_URL: e2e.emulator.url };
    expect((await dpacIn(project, ['apply', '--auto-approve'], env)).code).toBe(0);
    const sub = await dpacIn(path.join(project, 'platform'), ['plan', '--detailed-exitcode'], env);
    expect(sub.stderr).toBe('');
    expect(sub.stdout).toContain('No changes. Live state matches the manifests.');
    expect(sub.code).toBe(0);
  });

  it('is found the same way by what reads dpac.yaml alone (export, apply --plan)', async () => {
    const settings = await loadProjectSettings({ cwd: path.join(project, 'platform/domains') });
    expect(settings.project.project).toBe('team-a');
    expect(settings.root).toBe(project);
    // The target exists only in dpac.yaml: export from a subfolder finds it.
    const out = path.join(e2e.dir, 'exported');
    const exported = await dpacIn(
      path.join(project, 'platform'),
      ['export', '--target', 'here', '--out', out],
      {
        DPAC_HERE_REFRESH_TOKEN: e2e.env.DPAC_REFRESH_TOKEN,
      },
    );
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
  });

  it('stops at the root of a repository: a dpac.yaml above it is not this project', async () => {
    await e2e.write('outer/dpac.yaml', 'apiVersion: dpac/v1\nkind: Project\nexternal: [Environment/far]\n');
    await mkdir(path.join(e2e.dir, 'outer/inner/.git'), { recursive: true });
    await e2e.write('outer/inner/domain.yaml', DOMAIN('d', 'far'));
    const run = await dpacIn(path.join(e2e.dir, 'outer/inner'), ['validate']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('refers to Environment/far, which no manifest declares');
  });
});

describe('file names in diagnostics', () => {
  beforeAll(async () => {
    await e2e.write('names/dpac.yaml', 'apiVersion: dpac/v1\nkind: Project\n');
    await e2e.write('names/a/good.yaml', DOMAIN('good', 'x'));
    await e2e.write(
      'names/b/bad.yaml',
      'apiVersion: dpac/v1\nkind: Domain\nmetadata: {name: bad}\nspec: {descripton: x}\n',
    );
  });

  it('are relative to the current folder in text, to the project root in JSON (with the root)', async () => {
    const names = path.join(e2e.dir, 'names');
    const fromSub = await dpacIn(path.join(names, 'a'), ['validate', '--no-color']);
    expect(fromSub.stdout).toMatch(/^\.\.\/b\/bad\.yaml:4:8 error: Unknown field `spec\.descripton`/m);
    expect(fromSub.stdout).toMatch(/^good\.yaml:4:23 error: Domain\/good refers to Environment\/x/m);
    const json = JSON.parse((await dpacIn(path.join(names, 'a'), ['validate', '-o', 'json'])).stdout);
    expect(json.root).toBe('..');
    expect(json.diagnostics.map((d: { source: { file: string } }) => d.source.file)).toEqual([
      'a/good.yaml',
      'b/bad.yaml',
    ]);
    const fromAbove = await dpacIn(e2e.dir, ['validate', 'names', '--no-color']);
    expect(fromAbove.stdout).toMatch(/^names\/b\/bad\.yaml:4:8 error/m);
    expect(JSON.parse((await dpacIn(e2e.dir, ['validate', 'names', '-o', 'json'])).stdout).root).toBe(
      'names',
    );
  });

  it('are the same for plan, whose diagnostics go to stderr', async () => {
    const run = await dpacIn(path.join(e2e.dir, 'names/a'), ['plan', '--no-color'], e2e.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^\.\.\/b\/bad\.yaml:4:8 error/m);
  });
});

describe('YAML files of other tools beside the manifests', () => {
  const MKDOCS =
    'site_name: Platform\nmarkdown_extensions:\n  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\n';
  const OPENAPI = 'openapi: 3.0.0\ninfo: {title: x, version: "1"}\npaths: {}\n';
  const K8S = 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {replicas: 1}\n';

  beforeAll(async () => {
    await e2e.write('docs-beside/dpac.yaml', 'apiVersion: dpac/v1\nkind: Project\n');
    await e2e.write('docs-beside/mkdocs.yml', MKDOCS);
    await e2e.write('docs-beside/api/openapi.yaml', OPENAPI);
    await e2e.write('docs-beside/deploy/web.yaml', K8S);
    await e2e.write(
      'docs-beside/domain.yaml',
      'apiVersion: dpac/v1\nkind: Domain\nmetadata: {name: d}\nspec: {}\n',
    );
  });

  it('are skipped with a note, not an error, and not counted as manifest files', async () => {
    const run = await dpacIn(path.join(e2e.dir, 'docs-beside'), ['validate', '--no-color']);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')).toEqual([
      'api/openapi.yaml:1:1 note: Not a dpac manifest (no apiVersion: dpac/v1): skipped',
      expect.stringContaining('Name it on the command line to check it as a manifest'),
      'deploy/web.yaml:1:1 note: Not a dpac manifest (no apiVersion: dpac/v1): skipped',
      expect.any(String),
      'mkdocs.yml:1:1 note: Not a dpac manifest (no apiVersion: dpac/v1): skipped',
      expect.any(String),
      '1 resource in 1 file is valid (3 notes).',
    ]);
    const json = JSON.parse(
      (await dpacIn(path.join(e2e.dir, 'docs-beside'), ['validate', '-o', 'json'])).stdout,
    );
    expect(json.valid).toBe(true);
    expect(json.diagnostics.map((d: { severity: string }) => d.severity)).toEqual(['note', 'note', 'note']);
  });

  it('are annotated as notices in GitHub Actions', async () => {
    const run = await dpacIn(path.join(e2e.dir, 'docs-beside'), ['validate'], {
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: path.join(e2e.dir, 'docs-beside'),
    });
    expect(run.stderr).toContain('::notice file=mkdocs.yml,line=1,col=1::Not a dpac manifest');
  });

  it('are still errors when named on their own, and a manifest without apiVersion is never skipped', async () => {
    const named = await dpacIn(path.join(e2e.dir, 'docs-beside'), ['validate', 'api/openapi.yaml']);
    expect(named.code).toBe(1);
    expect(named.stdout).toContain('The document has no `kind`');
    await e2e.write('no-version/t.yaml', 'kind: Domain\nmetadata: {name: d}\nspec: {}\n');
    const missing = await dpacIn(path.join(e2e.dir, 'no-version'), ['validate']);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('apiVersion');
  });
});
