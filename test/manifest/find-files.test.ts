import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inclusionMatcher } from '../../src/manifest/find-files.js';
import { matchesGlob } from '../../src/manifest/glob.js';
import { lines, type TempProject, tempProject } from './helpers.js';

let project: TempProject | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

const domain = (name: string) => `apiVersion: dpac/v1\nkind: Domain\nmetadata: { name: ${name} }\n`;

describe('globs', () => {
  it('matches *, ** and ? over path segments, and nothing else', () => {
    expect(matchesGlob('tables/*', 'tables/a')).toBe(true);
    expect(matchesGlob('tables/*', 'tables/x/a')).toBe(false);
    expect(matchesGlob('**/a', 'a')).toBe(true);
    expect(matchesGlob('**/a', 'x/y/a')).toBe(true);
    expect(matchesGlob('src/**', 'src/a/b')).toBe(true);
    expect(matchesGlob('v?', 'v1')).toBe(true);
    expect(matchesGlob('v?', 'v10')).toBe(false);
    expect(matchesGlob('a.b', 'aXb')).toBe(false);
    expect(matchesGlob('{a,b}', '{a,b}')).toBe(true);
    expect(matchesGlob('{a,b}', 'a')).toBe(false);
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

describe('include and exclude', () => {
  it('skips CI, compose and dot-files by default, but reads a file named on its own', async () => {
    project = await tempProject({
      'a.yaml': domain('a'),
      '.gitlab-ci.yml': 'stages: [plan]\n',
      '.pre-commit-config.yaml': 'repos: []\n',
      'docker-compose.override.yaml': 'services: {}\n',
      'deploy/compose.yml': 'services: {}\n',
      '.github/workflows/plan.yml': 'on: push\n',
    });
    const walked = await project.load();
    expect(walked.diagnostics).toEqual([]);
    expect(walked.files).toEqual(['a.yaml']);
    const named = await project.load({ paths: ['docker-compose.override.yaml'] });
    expect(named.files).toEqual(['docker-compose.override.yaml']);
  });

  it('takes include with braces and ! patterns, and exclude, from dpac.yaml', async () => {
    project = await tempProject({
      'dpac.yaml':
        'apiVersion: dpac/v1\nkind: Project\ninclude: ["{prod,shared}/**/*.yaml", "!**/draft-*.yaml"]\nexclude: ["shared/legacy/**"]\n',
      'prod/a.yaml': domain('a'),
      'prod/draft-b.yaml': domain('b'),
      'shared/c.yaml': domain('c'),
      'shared/legacy/d.yaml': domain('d'),
      'dev/e.yaml': domain('e'),
    });
    const result = await project.load();
    expect(result.diagnostics).toEqual([]);
    expect(result.files).toEqual(['prod/a.yaml', 'shared/c.yaml']);
  });

  it('tells of a file that is gone whether the include would have picked it, as the walk does', async () => {
    const files = [
      'prod/a.yaml',
      'prod/draft-b.yaml',
      'prod/deep/c.yml',
      'prod/.hidden/d.yaml',
      'prod/node_modules/e.yaml',
      'prod/notes.txt',
      'shared/f.yaml',
      'shared/legacy/g.yaml',
      'shared/.gitlab-ci.yml',
      'dev/h.yaml',
      'single.yaml',
      'dpac.yaml',
    ];
    for (const include of [
      ['{prod,shared}/**/*.yaml', '!**/draft-*.yaml'],
      ['prod', 'shared', 'single.yaml'],
      ['*.yaml', 'prod/**/*.yml'],
    ]) {
      project = await tempProject({
        'dpac.yaml': `apiVersion: dpac/v1\nkind: Project\ninclude: ${JSON.stringify(include)}\nexclude: ["shared/legacy/**"]\n`,
      });
      for (const file of files.filter((f) => f !== 'dpac.yaml')) await project.write(file, domain('x'));
      const found = (await project.load()).files;
      const options = { root: project.root, base: project.root, exclude: ['shared/legacy/**'] };
      const included = await inclusionMatcher(include, options);
      const picked = (): string[] => files.filter((f) => included(path.join(project?.root ?? '', f))).sort();
      expect(picked(), include.join(' ')).toEqual(found);
      await project.remove();
      // Gone, the files are judged the same.
      expect(picked(), include.join(' ')).toEqual(found);
      project = undefined;
    }
  });

  it('keeps manifests as the older name of include, and refuses both', async () => {
    project = await tempProject({
      'dpac.yaml': 'apiVersion: dpac/v1\nkind: Project\ninclude: ["a.yaml"]\nmanifests: ["b.yaml"]\n',
      'a.yaml': domain('a'),
    });
    expect(lines((await project.load()).diagnostics)).toEqual([
      'dpac.yaml:4:1 error: Give `include` or its older name `manifests`, not both',
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
      external: [],
      include: ['prod/*.yaml'],
      exclude: [],
      variables: {},
      defaults: [],
      targets: {},
      prune: [],
      protect: [],
      ownership_tag: 'managed-by:dpac',
      parallelism: 4,
      policies: [],
      allow_impact: [],
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
