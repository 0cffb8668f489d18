// The dpac GitHub Action (action.yml at the repository root) on its own: its steps run as the
// workflow tests run them (workflow-runner.ts, the context of github-fixture.ts), from a one-step
// workflow, with the fake `curl` serving releases. The release of this version is the real bundle
// (ci-project.ts); stand-in releases hold a small script in place of dpac.mjs, to show what is
// never run and what is never published.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION } from '../../src/version.js';
import { type CiProject, domain, RELEASE_COMMIT, sha256 } from './ci-project.js';
import { type GitHubFixture, startGitHub } from './github-fixture.js';
import { type JobRun, runJob, type Workflow } from './workflow-runner.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

let gh: GitHubFixture;
let project: CiProject;
beforeAll(async () => {
  gh = await startGitHub();
  project = gh.project;
});
afterAll(() => gh?.close());

/** One step using the action, with these inputs and this env. */
async function runAction(inputs: Record<string, string>, env: Record<string, string> = {}, ref?: string) {
  const workflow: Workflow = {
    on: {},
    jobs: {
      test: { steps: [{ id: 'dpac', uses: `${project.repository}@${RELEASE_COMMIT}`, with: inputs, env }] },
    },
  };
  const run = await runJob(workflow, 'test', gh.context('push', { ref }));
  const inner = run.steps[0]?.steps ?? [];
  return { run, output: inner.map((s) => s.stdout + s.stderr).join('') };
}

const credentials = () => ({
  DPAC_URL: project.emulator.url,
  DPAC_REFRESH_TOKEN: project.emulator.adminRefreshToken,
});

/** A release holding `script` as dpac.mjs, listed in its SHA256SUMS (or with `sums` instead). */
async function standInRelease(version: string, script: string, sums?: string): Promise<string> {
  const dir = path.join(project.releases, project.repository, `v${version}`);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'dpac.mjs'), script);
  await writeFile(path.join(dir, 'SHA256SUMS'), sums ?? `${sha256(script)}  dpac.mjs\n`);
  return sha256(script);
}

/** A stand-in dpac that, if it ever runs, leaves a file behind. */
const TELLTALE = "import { writeFileSync } from 'node:fs'; writeFileSync(process.env.HOME + '/ran', 'yes');";
const ran = () =>
  readFile(path.join(project.root, 'ran'), 'utf8').then(
    () => true,
    () => false,
  );
const codes = (run: JobRun) => run.steps[0]?.steps?.map((s) => [s.name, s.code]);

describe('download and check', () => {
  it('runs the pinned release: the default version is the action’s own, the digest is checked', async () => {
    const { run, output } = await runAction(
      { command: 'plan', sha256: project.release.sha256 },
      credentials(),
    );
    expect(codes(run)).toEqual([
      ['Download dpac and check its SHA-256', 0],
      ['Run dpac', 0],
    ]);
    expect(VERSION).toBe(JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')).version);
    expect(output).not.toContain('::warning::');
    expect(run.outputs.dpac).toEqual({ 'exit-code': '2' });
    expect(await readFile(path.join(project.repo, 'plan.md'), 'utf8')).toContain('Domain/example');
    expect(run.summary).toContain('Domain/example');
  });

  it('fails, running nothing, when dpac.mjs does not match its SHA256SUMS (a swapped asset)', async () => {
    await standInRelease('9.0.1', TELLTALE, `${project.release.sha256}  dpac.mjs\n`);
    const { run, output } = await runAction({ command: 'plan', version: '9.0.1' }, credentials());
    expect(codes(run)).toEqual([['Download dpac and check its SHA-256', 1]]);
    expect(output).toContain(
      `::error::dpac.mjs of release v9.0.1 has SHA-256 ${sha256(TELLTALE)}, its SHA256SUMS says ${project.release.sha256}: not running it.`,
    );
    expect(await ran()).toBe(false);
  });

  it('fails, running nothing, when the release matches its own SHA256SUMS but not the pinned digest', async () => {
    const digest = await standInRelease('9.0.2', TELLTALE);
    const { run, output } = await runAction(
      { command: 'plan', version: '9.0.2', sha256: project.release.sha256 },
      credentials(),
    );
    expect(codes(run)).toEqual([['Download dpac and check its SHA-256', 1]]);
    expect(output).toContain(
      `has SHA-256 ${digest}, the workflow pins ${project.release.sha256}: not running it.`,
    );
    expect(await ran()).toBe(false);
  });

  it('without a pinned digest, checks SHA256SUMS and says that proves only an intact download', async () => {
    const { run, output } = await runAction({ command: 'plan', version: VERSION }, credentials());
    expect(run.code).toBe(0);
    expect(output).toContain(
      `::warning::No sha256 input: dpac.mjs of v${VERSION} matches its release's SHA256SUMS, which proves an intact download, not the right file. Pin sha256: ${project.release.sha256}`,
    );
  });

  it('fails when the release does not exist', async () => {
    const { run, output } = await runAction({ command: 'plan', version: '9.9.9' }, credentials());
    expect(codes(run)).toEqual([['Download dpac and check its SHA-256', 22]]);
    expect(output).toContain('404');
  });
});

describe('the command', () => {
  it('passes args, split on whitespace, and runs in working-directory', async () => {
    await writeFile(path.join(project.repo, 'manifests/other.yaml'), domain('other', 'Another.'));
    const selected = await runAction(
      { command: 'plan', args: '--select   Domain/other', sha256: project.release.sha256 },
      credentials(),
    );
    expect(selected.run.outputs.dpac).toEqual({ 'exit-code': '2' });
    const markdown = await readFile(path.join(project.repo, 'plan.md'), 'utf8');
    expect(markdown).toContain('Domain/other');
    expect(markdown).not.toContain('Domain/example');
    await rm(path.join(project.repo, 'manifests/other.yaml'));

    // A project of its own in a subfolder (without its dpac.yaml, the repository's would apply).
    await mkdir(path.join(project.repo, 'sub'));
    await writeFile(
      path.join(project.repo, 'sub/dpac.yaml'),
      'apiVersion: dpac/v1\nkind: Project\nproject: sub\n',
    );
    await writeFile(path.join(project.repo, 'sub/only.yaml'), domain('sub_only', 'In a subfolder.'));
    const moved = await runAction(
      { command: 'plan', 'working-directory': 'sub', sha256: project.release.sha256 },
      credentials(),
    );
    expect(moved.run.code).toBe(0);
    expect(await readFile(path.join(project.repo, 'sub/plan.md'), 'utf8')).toContain('Domain/sub_only');
    await rm(path.join(project.repo, 'sub'), { recursive: true });
  });

  it('refuses a command it does not know', async () => {
    const { run, output } = await runAction(
      { command: 'destroy', sha256: project.release.sha256 },
      credentials(),
    );
    expect(run.code).toBe(1);
    expect(output).toContain("::error::command must be plan, apply or drift, not 'destroy'.");
  });

  it('applies only on the default branch', async () => {
    const { run, output } = await runAction(
      { command: 'apply', sha256: project.release.sha256 },
      credentials(),
      'refs/pull/3/merge',
    );
    expect(run.code).toBe(1);
    expect(output).toContain(
      '::error::dpac apply runs only on the default branch (main), not refs/pull/3/merge.',
    );
  });
});

describe('what the step publishes never holds a credential', () => {
  // A dpac gone wrong: it prints the refresh token and a source password (JSON-escaped) into
  // its markdown and its saved plan.
  const leaky = `
import fs from 'node:fs';
process.stdout.write('token ' + process.env.DPAC_REFRESH_TOKEN + '\\n');
fs.writeFileSync('plan.json', JSON.stringify({ password: process.env.SALES_DB_PASSWORD }));
fs.appendFileSync(process.env.GITHUB_STEP_SUMMARY, 'summary ' + process.env.DPAC_REFRESH_TOKEN);
process.exit(2);`;

  it('empties plan.md, plan.json and the summary and fails, naming the variables, not their values', async () => {
    const digest = await standInRelease('9.0.3', leaky);
    const env = { ...credentials(), SALES_DB_PASSWORD: 'p"ss\\word-1234' };
    const { run, output } = await runAction({ command: 'plan', version: '9.0.3', sha256: digest }, env);
    expect(codes(run)).toEqual([
      ['Download dpac and check its SHA-256', 0],
      ['Run dpac', 1],
    ]);
    expect(output).toContain(
      '::error::The value of DPAC_REFRESH_TOKEN, SALES_DB_PASSWORD appeared in what dpac wrote: plan.md, plan.json, the job summary were emptied and nothing is published.',
    );
    expect(await readFile(path.join(project.repo, 'plan.md'), 'utf8')).toBe('');
    expect(await readFile(path.join(project.repo, 'plan.json'), 'utf8')).toBe('');
    expect(run.summary).toBe('');
    expect(output).not.toContain(project.emulator.adminRefreshToken);
    await rm(path.join(project.repo, 'plan.json'));
  });
});
