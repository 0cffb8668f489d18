// `dpac init`: the scaffold validates clean as written (also with the commented keys switched on
// where they need no further input), refuses to overwrite and lists what is in the way, and
// --ci writes the pipeline files of that CI.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import packageJson from '../../package.json' with { type: 'json' };
import { runCli } from '../../src/cli/run.js';
import { VERSION } from '../../src/version.js';
import { captureIo } from '../helpers/capture-io.js';

/** owner/name, from package.json (the one place that names dpac's repository). */
const REPOSITORY = packageJson.repository.replace(/^github:/, '');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dpac-init-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function dpac(args: string[], cwd = dir) {
  const io = captureIo(cwd, {});
  const code = await runCli(args, io);
  return { code, stdout: io.stdout.join('\n'), stderr: io.stderr.join('\n') };
}

async function filesIn(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(folder, path.join(e.parentPath, e.name)))
    .sort();
}

describe('dpac init', () => {
  it('scaffolds a project that validates clean', async () => {
    const init = await dpac(['init', 'team-a']);
    expect(init.stderr).toBe('');
    expect(init.code).toBe(0);
    const project = path.join(dir, 'team-a');
    expect(await filesIn(project)).toEqual([
      '.gitignore',
      'dpac.schema.json',
      'dpac.yaml',
      'manifests/example-domain.yaml',
    ]);
    const validate = await dpac(['validate'], project);
    expect(validate.stdout).toBe('1 resource in 1 file is valid.');
    expect(validate.code).toBe(0);
    const written = parse(await readFile(path.join(project, 'dpac.yaml'), 'utf8'));
    // A new project is named once, by project: (on a shared platform its ownership tag is its own).
    expect(written.project).toBe('team-a');
    expect(written.metadata).toBeUndefined();
    expect(await readFile(path.join(project, '.gitignore'), 'utf8')).toMatch(/^plan\.json$/m);
  });

  it('documents every key of dpac.yaml, and the commented examples validate when switched on', async () => {
    await dpac(['init']);
    const text = await readFile(path.join(dir, 'dpac.yaml'), 'utf8');
    for (const key of [
      'project',
      'required_version',
      'external',
      'include',
      'exclude',
      'targets',
      'default_target',
      'variables',
      'prune',
      'protect',
      'ownership_tag',
      'parallelism',
    ])
      expect(text).toMatch(new RegExp(`^#? ?${key}:`, 'm'));
    // Uncomment the examples.
    const switchedOn = text.replace(/^( *)# ?([a-z_]+:.*| {2,}[-a-z].*|- .*)$/gm, '$1$2');
    expect(switchedOn).toContain('\nprune:\n  - kind: Domain\n');
    await writeFile(path.join(dir, 'dpac.yaml'), switchedOn);
    const validate = await dpac(['validate']);
    expect(validate.stdout).toBe('1 resource in 1 file is valid.');
  });

  it('refuses to overwrite, lists the files in the way and writes nothing; --force overwrites', async () => {
    await writeFile(path.join(dir, 'dpac.yaml'), 'mine\n');
    await writeFile(path.join(dir, '.gitignore'), 'mine\n');
    const refused = await dpac(['init', '.']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      'Error: 2 file(s) already exist in .; nothing was written. Pass --force to overwrite them.\n' +
        '  .gitignore\n  dpac.yaml\n' +
        'To add the pipeline files to this project: dpac init --ci github|gitlab',
    );
    expect(await filesIn(dir)).toEqual(['.gitignore', 'dpac.yaml']);
    const forced = await dpac(['init', '.', '--force']);
    expect(forced.code).toBe(0);
    expect(await readFile(path.join(dir, 'dpac.yaml'), 'utf8')).toContain('kind: Project');
  });

  it('adds the pipeline files alone to an existing project, never touching its dpac.yaml, even with --force', async () => {
    expect((await dpac(['init', 'team-a'])).code).toBe(0);
    const project = path.join(dir, 'team-a');
    await writeFile(path.join(project, 'dpac.yaml'), 'apiVersion: dpac/v1\nkind: Project\nproject: mine\n');
    const before = await filesIn(project);

    const added = await dpac(['init', 'team-a', '--ci', 'gitlab']);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toContain(
      'team-a already holds a project (dpac.yaml): kept as it is.\nWrote 1 file in team-a:\n  .gitlab-ci.yml',
    );
    expect(await filesIn(project)).toEqual([...before, '.gitlab-ci.yml'].sort());

    const again = await dpac(['init', 'team-a', '--ci', 'gitlab']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('1 file(s) already exist in team-a; nothing was written.');
    await writeFile(path.join(project, '.gitlab-ci.yml'), 'edited\n');
    expect((await dpac(['init', 'team-a', '--ci', 'gitlab', '--force'])).code).toBe(0);
    expect(await readFile(path.join(project, '.gitlab-ci.yml'), 'utf8')).toContain('dpac-apply');
    expect(await readFile(path.join(project, 'dpac.yaml'), 'utf8')).toBe(
      'apiVersion: dpac/v1\nkind: Project\nproject: mine\n',
    );
    expect((await dpac(['init', 'team-a', '--ci', 'github'])).code).toBe(0);
    expect((await dpac(['validate'], project)).code).toBe(0);
  });

  it('warns that metadata.name names nothing, and says what does', async () => {
    await writeFile(
      path.join(dir, 'dpac.yaml'),
      'apiVersion: dpac/v1\nkind: Project\nmetadata:\n  name: old-name\n',
    );
    await writeFile(
      path.join(dir, 'd.yaml'),
      'apiVersion: dpac/v1\nkind: Domain\nmetadata: {name: d}\nspec: {}\n',
    );
    const run = await dpac(['validate']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'dpac.yaml:3:1 warning: metadata.name in dpac.yaml is deprecated and does nothing: `project:` names the project\n' +
        '    Remove metadata. To name the project, write project: old-name',
    );
    expect(run.stdout).toContain('1 resource in 1 file is valid (1 warning).');
  });

  it('writes the pipeline files of --ci, pinned to this dpac version', async () => {
    expect((await dpac(['init', 'gh', '--ci', 'github'])).code).toBe(0);
    expect((await filesIn(path.join(dir, 'gh'))).filter((f) => f.startsWith('.github'))).toEqual([
      '.github/workflows/dpac-apply.yml',
      '.github/workflows/dpac-drift.yml',
      '.github/workflows/dpac-plan.yml',
    ]);
    expect((await dpac(['init', 'gl', '--ci', 'gitlab'])).code).toBe(0);
    const gitlab = parse(await readFile(path.join(dir, 'gl/.gitlab-ci.yml'), 'utf8'));
    // Not a release build (no release.json): no digest to pin; the release's SHA256SUMS is checked.
    expect(gitlab.variables).toEqual({
      DPAC_VERSION: VERSION,
      DPAC_SHA256: '',
      DPAC_RELEASES: `https://github.com/${REPOSITORY}/releases/download`,
    });
    expect(gitlab['dpac-apply'].resource_group).toBe('dpac-apply');
    expect((await dpac(['validate'], path.join(dir, 'gl'))).code).toBe(0);
  });

  it('names the dpac action of package.json’s repository, by its release tag when the commit is unknown', async () => {
    expect((await dpac(['init', 'gh', '--ci', 'github'])).code).toBe(0);
    const text = await readFile(path.join(dir, 'gh/.github/workflows/dpac-plan.yml'), 'utf8');
    expect(text).toContain(
      `uses: ${REPOSITORY}@v${VERSION} # a tag: pin it to the commit of the release (docs/ci.md in dpac)\n`,
    );
    const plan = parse(text).jobs.plan.steps.find((s: { name?: string }) => s.name === 'Plan');
    expect(plan.with).toEqual({
      command: 'plan',
      version: VERSION,
      sha256: '',
      args: '--changed-since ${{ github.event.pull_request.base.sha }}',
    });
  });

  it('package.json names the repository once, as github:owner/name; homepage and bugs agree', () => {
    const pkg = packageJson;
    expect(pkg.repository).toMatch(/^github:[\w.-]+\/[\w.-]+$/);
    expect(pkg.homepage).toBe(`https://github.com/${REPOSITORY}#readme`);
    expect(pkg.bugs).toBe(`https://github.com/${REPOSITORY}/issues`);
  });

  it('rejects an unknown CI', async () => {
    const result = await dpac(['init', '--ci', 'jenkins']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("argument 'jenkins' is invalid. Allowed choices are github, gitlab.");
  });
});
