import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { globToRegExp, matchesGlob } from '../../src/manifest/glob.js';
import { lines, type TempProject, tempProject } from './helpers.js';

let project: TempProject | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

const domain = (name: string) => `apiVersion: dpac/v1\nkind: Domain\nmetadata: { name: ${name} }\n`;

describe('globs', () => {
  it('matches *, ** and ? over path segments', () => {
    expect(globToRegExp('tables/*.yaml').test('tables/a.yaml')).toBe(true);
    expect(globToRegExp('tables/*.yaml').test('tables/x/a.yaml')).toBe(false);
    expect(globToRegExp('**/*.yaml').test('a.yaml')).toBe(true);
    expect(globToRegExp('**/*.yaml').test('x/y/a.yaml')).toBe(true);
    expect(globToRegExp('src/**').test('src/a/b.yml')).toBe(true);
    expect(globToRegExp('v?.yaml').test('v1.yaml')).toBe(true);
    expect(globToRegExp('v?.yaml').test('v10.yaml')).toBe(false);
    expect(globToRegExp('a.yaml').test('aXyaml')).toBe(false);
  });

  it('matches names and parent/name paths for prune and protect patterns', () => {
    expect(matchesGlob('tmp_*', 'tmp_orders')).toBe(true);
    expect(matchesGlob('tmp_*', 'orders')).toBe(false);
  });
});

describe('finding manifest files', () => {
  it('walks folders for *.yaml and *.yml, skipping dot-folders, node_modules and dpac.yaml', async () => {
    project = await tempProject({
      'a.yaml': domain('a'),
      'sub/b.yml': domain('b'),
      'sub/notes.txt': 'not yaml',
      '.hidden/c.yaml': domain('c'),
      'node_modules/pkg/d.yaml': domain('d'),
      'dpac.yaml': 'apiVersion: dpac/v1\nkind: Project\n',
    });
    const result = await project.load();
    expect(result.diagnostics).toEqual([]);
    expect(result.files).toEqual(['a.yaml', 'sub/b.yml']);
    expect(result.projectFile).toBe('dpac.yaml');
  });

  it('expands globs relative to the project root and warns when one matches nothing', async () => {
    project = await tempProject({
      'x/one.yaml': domain('one'),
      'x/y/two.yaml': domain('two'),
      'z.yaml': domain('z'),
    });
    const result = await project.load({ paths: ['x/**/*.yaml', 'nothing/*.yaml'] });
    expect(result.files).toEqual(['x/one.yaml', 'x/y/two.yaml']);
    expect(lines(result.diagnostics)).toEqual(['warning: nothing/*.yaml matches no manifest files']);
  });

  it('reads each file once even when several paths name it', async () => {
    project = await tempProject({ 'a.yaml': domain('a') });
    const result = await project.load({ paths: ['a.yaml', '.', '*.yaml'] });
    expect(result.files).toEqual(['a.yaml']);
    expect(result.diagnostics).toEqual([]);
  });

  it('refuses paths, globs and symlinks that leave the project root', async () => {
    project = await tempProject({ 'inside/a.yaml': domain('a'), 'outside/secret.yaml': domain('s') });
    await symlink(
      path.join(project.root, 'outside/secret.yaml'),
      path.join(project.root, 'inside/link.yaml'),
    );
    const cwd = path.join(project.root, 'inside');
    const result = await project.load({
      cwd,
      paths: ['../outside/secret.yaml', '../**/*.yaml', '/etc/passwd', '.'],
    });
    expect(lines(result.diagnostics)).toEqual([
      'error: ../outside/secret.yaml is outside the project root',
      'error: ../**/*.yaml is outside the project root',
      'error: /etc/passwd is outside the project root',
      'error: link.yaml is outside the project root',
    ]);
    expect(result.files).toEqual(['a.yaml']);
  });

  it('reports a path that does not exist', async () => {
    project = await tempProject({});
    expect(lines((await project.load({ paths: ['missing.yaml'] })).diagnostics)).toEqual([
      'error: missing.yaml: no such file or folder',
    ]);
  });
});

describe('dpac.yaml', () => {
  it('uses its manifests globs when no paths are given', async () => {
    project = await tempProject({
      'dpac.yaml': 'apiVersion: dpac/v1\nkind: Project\nmanifests: ["prod/*.yaml"]\nparallelism: 4\n',
      'prod/a.yaml': domain('a'),
      'dev/b.yaml': domain('b'),
    });
    const result = await project.load();
    expect(result.files).toEqual(['prod/a.yaml']);
    expect(result.project).toEqual({
      manifests: ['prod/*.yaml'],
      defaults: [],
      targets: {},
      prune: [],
      protect: [],
      ownership_tag: 'managed-by:dpac',
      parallelism: 4,
    });
  });

  it('reads targets, prune and protect patterns, coercing variable scalars to strings', async () => {
    project = await tempProject({
      'dpac.yaml': `apiVersion: dpac/v1
kind: Project
targets:
  prod:
    url: https://platform.example/v3
    variables: { replicas: 3, debug: false, region: eu }
    names: { Environment/prod: prod-eu }
prune: [{ kind: Table, name: "sales_db/tmp_*" }]
protect: [{ kind: Source, name: "*" }]
ownership_tag: owner:dpac
`,
    });
    const result = await project.load();
    expect(result.diagnostics).toEqual([]);
    expect(result.project.targets.prod).toEqual({
      url: 'https://platform.example/v3',
      variables: { replicas: '3', debug: 'false', region: 'eu' },
      names: { 'Environment/prod': 'prod-eu' },
    });
    expect(result.project.prune).toEqual([{ kind: 'Table', name: 'sales_db/tmp_*' }]);
    expect(result.project.ownership_tag).toBe('owner:dpac');
  });

  it('is strict: unknown keys and unknown kinds are errors with suggestions', async () => {
    project = await tempProject({
      'dpac.yaml': 'apiVersion: dpac/v1\nkind: Project\nparalelism: 4\nprune: [{ kind: Tabel, name: x }]\n',
    });
    const result = await project.load();
    expect(lines(result.diagnostics)).toEqual([
      'dpac.yaml:3:1 error: Unknown field `paralelism`. Did you mean `parallelism`?',
      'dpac.yaml:4:17 error: `prune[0].kind` is not one of the allowed values. Did you mean "Table"?',
    ]);
  });
});
