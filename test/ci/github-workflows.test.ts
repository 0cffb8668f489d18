// The shipped GitHub Actions workflows (as `dpac init --ci github` writes them), run step by step
// against a real emulator with a faked runner (workflow-runner.ts), the dpac action of this
// repository run for real (it downloads the fake release through a fake `curl` and checks it), and
// a fake `gh` (fake-gh.mjs: a small GitHub that records what the steps post). A pull request's
// plan becomes an artifact, the job summary and ONE comment updated in place; a merge applies;
// the nightly drift opens, updates and closes ONE issue; a broken manifest fails the job with
// annotations on the file. The attacks on these files are in github-hardening.test.ts.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitAll } from '../../src/bench/git-repo.js';
import { domain } from './ci-project.js';
import { artifact, BOT, type GitHubFixture, startGitHub } from './github-fixture.js';
import { runJob } from './workflow-runner.js';

const MARKER = '<!-- dpac-plan -->';

let gh: GitHubFixture;
let repo: string;

beforeAll(async () => {
  gh = await startGitHub();
  repo = gh.project.repo;
});
afterAll(() => gh?.close());

const manifest = (description: string) => domain('example', description);
/** What the comment step posts: the marker, a heading, and the markdown dpac printed. */
const commentOf = (markdown: string) => `${MARKER}\n## dpac plan\n\n${markdown}`;
const restoreManifest = () =>
  writeFile(path.join(repo, 'manifests/example-domain.yaml'), manifest('An example domain.'));

describe('the workflow files', () => {
  it('trigger on pull requests, pushes to main and a schedule; applies queue in one group', () => {
    const { plan, apply, drift } = gh.workflows;
    expect(Object.keys(plan.on)).toEqual(['pull_request']);
    expect(apply.on.push).toEqual({ branches: ['main'] });
    expect(drift.on.schedule).toEqual([{ cron: expect.any(String) }]);
    expect(apply.concurrency).toEqual({ group: 'dpac-apply', 'cancel-in-progress': false });
    expect(plan.jobs.plan?.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
    // A pull request plans what it changes since its base; the checkout holds the base.
    const planSteps = plan.jobs.plan?.steps ?? [];
    expect(planSteps.find((s) => s.uses?.startsWith('actions/checkout@'))?.with?.['fetch-depth']).toBe(2);
    expect(planSteps.find((s) => s.name === 'Plan')?.with?.args).toBe(
      '--changed-since ${{ github.event.pull_request.base.sha }}',
    );
    for (const workflow of [apply, drift])
      for (const step of Object.values(workflow.jobs).flatMap((j) => j.steps))
        expect(step.with?.args ?? '').not.toContain('--changed-since');
    expect(apply.jobs.apply?.permissions).toEqual({ contents: 'read' });
    expect(drift.jobs.drift?.permissions).toEqual({ contents: 'read', issues: 'write' });
    for (const workflow of [plan, apply, drift]) expect(workflow.permissions).toEqual({});
  });
});

describe('a pull request, its merge and the nightly drift', () => {
  it('plans a pull request: artifact, job summary, one comment; dpac comes from the pinned release', async () => {
    const run = await runJob(gh.workflows.plan, 'plan', gh.context('pull_request'));
    expect(run.steps.map((s) => [s.name, s.code])).toEqual([
      [expect.stringMatching(/^actions\/checkout@/), 0],
      [expect.stringMatching(/^actions\/setup-node@/), 0],
      ['Plan', 0],
      ['Save the plan', 0],
      ['Comment on the pull request', 0],
    ]);
    expect(run.steps[2]?.steps?.map((s) => [s.name, s.code])).toEqual([
      ['Download dpac and check its SHA-256', 0],
      ['Run dpac', 0],
    ]);
    expect(run.outputs.plan).toEqual({ 'exit-code': '2' });
    const saved = JSON.parse(await artifact(run, 'dpac-plan', 'plan.json'));
    expect(saved.changes.map((c: { address: string; action: string }) => [c.address, c.action])).toEqual([
      ['Domain/example', 'create'],
    ]);
    // Against the pull request's base, which holds no manifest yet.
    expect(saved.changed_since).toMatchObject({
      commit: gh.project.base,
      changed: [{ file: 'manifests/example-domain.yaml', status: 'added' }],
    });
    const markdown = await artifact(run, 'dpac-plan', 'plan.md');
    expect(markdown).toContain('Domain/example');
    expect(run.summary).toContain(markdown.trim());
    const github = await gh.load();
    expect(github.comments).toHaveLength(1);
    expect(github.comments[0]).toMatchObject({ issue: 7, user: { login: BOT } });
    expect(github.comments[0]?.body).toBe(commentOf(markdown));
  });

  it('updates the same comment on the next push', async () => {
    await writeFile(
      path.join(repo, 'manifests/reporting.yaml'),
      domain('reporting', 'Added in a second commit.'),
    );
    const run = await runJob(gh.workflows.plan, 'plan', gh.context('pull_request'));
    expect(run.code).toBe(0);
    const github = await gh.load();
    expect(github.comments).toHaveLength(1);
    expect(JSON.parse(await artifact(run, 'dpac-plan', 'plan.json')).summary).toMatchObject({ add: 2 });
    const markdown = await artifact(run, 'dpac-plan', 'plan.md');
    expect(markdown).toContain('Domain/reporting');
    expect(github.comments[0]?.body).toBe(commentOf(markdown));
    expect(github.calls.at(-1)).toMatchObject({
      method: 'PATCH',
      path: `/repos/acme/platform/issues/comments/${github.comments[0]?.id}`,
    });
  });

  it('fails on a broken manifest with an annotation on the file, and posts nothing', async () => {
    const before = (await gh.load()).calls.length;
    await writeFile(
      path.join(repo, 'manifests/example-domain.yaml'),
      manifest('x').replace('description', 'descripton'),
    );
    const run = await runJob(gh.workflows.plan, 'plan', gh.context('pull_request'));
    expect(run.code).toBe(1);
    expect(run.steps.at(-1)?.name).toBe('Plan');
    expect(run.steps.at(-1)?.stderr).toContain(
      '::error file=manifests/example-domain.yaml,line=6,col=3,title=Domain/example::Unknown field `spec.descripton`.',
    );
    expect((await gh.load()).calls).toHaveLength(before);
    await restoreManifest();
  });

  it('applies on merge to main, with the applied plan kept; the next plan is empty', async () => {
    const run = await runJob(gh.workflows.apply, 'apply', gh.context('push'));
    expect(run.steps.map((s) => [s.name, s.code]).slice(2)).toEqual([
      ['Plan', 0],
      ['Save the plan', 0],
      ['Apply', 0],
    ]);
    expect(run.steps.at(-1)?.stdout).toContain('2 added');
    expect(run.summary).toContain((await artifact(run, 'dpac-applied-plan', 'plan.md')).trim());
    expect(run.summary).toMatch(/### dpac apply\n\n```text\n[\s\S]*2 added[\s\S]*\n```\n/);
    const applied = JSON.parse(await artifact(run, 'dpac-applied-plan', 'plan.json'));
    expect(applied.summary).toMatchObject({ add: 2 });

    const again = await runJob(gh.workflows.plan, 'plan', gh.context('pull_request'));
    expect(again.outputs.plan).toEqual({ 'exit-code': '0' });
    expect(JSON.parse(await artifact(again, 'dpac-plan', 'plan.json')).calls).toEqual([]);
    expect((await gh.load()).comments[0]?.body).toBe(
      commentOf(await artifact(again, 'dpac-plan', 'plan.md')),
    );
  });

  it('reports nightly drift as one issue, updates it, and closes it once in sync', async () => {
    const inSync = await runJob(gh.workflows.drift, 'drift', gh.context('schedule'));
    expect(inSync.code).toBe(0);
    expect(inSync.outputs.drift).toEqual({ 'exit-code': '0' });
    expect((await gh.load()).issues).toEqual([]);

    await gh.project.editByHand('Changed by hand.');

    for (const night of [1, 2]) {
      const drifted = await runJob(gh.workflows.drift, 'drift', gh.context('schedule'));
      expect(drifted.code).toBe(0);
      expect(drifted.outputs.drift).toEqual({ 'exit-code': '2' });
      const report = (await readFile(path.join(repo, 'drift.md'), 'utf8')).trim();
      expect(report).toContain('Domain/example');
      expect(drifted.summary).toContain(report);
      const { issues } = await gh.load();
      expect(issues, `night ${night}`).toHaveLength(1);
      expect(issues[0]).toMatchObject({ state: 'open', labels: ['dpac-drift'], user: { login: BOT } });
      expect(issues[0]?.body).toContain('<!-- dpac-drift -->');
      expect(issues[0]?.body).toContain('https://github.test/acme/platform/actions/runs/4242');
      expect(issues[0]?.body).toContain(report);
    }

    expect((await runJob(gh.workflows.apply, 'apply', gh.context('push'))).code).toBe(0);
    const healed = await runJob(gh.workflows.drift, 'drift', gh.context('schedule'));
    expect(healed.outputs.drift).toEqual({ 'exit-code': '0' });
    const github = await gh.load();
    expect(github.issues[0]?.state).toBe('closed');
    expect(github.comments.at(-1)).toMatchObject({ issue: github.issues[0]?.number });
    expect(github.comments.at(-1)?.body).toContain('In sync again');
  });
});

describe('a pull request plans only what it changes', () => {
  it('plans the manifests changed since its base; the nightly drift still reads everything', async () => {
    expect((await runJob(gh.workflows.apply, 'apply', gh.context('push'))).code).toBe(0);
    const base = await commitAll(repo, 'main, applied');
    await gh.project.editByHand('Drifted by hand, outside the pull request.');
    await writeFile(
      path.join(repo, 'manifests/reporting.yaml'),
      domain('reporting', 'Changed in the pull request.'),
    );
    await commitAll(repo, 'the pull request');
    try {
      const run = await runJob(gh.workflows.plan, 'plan', gh.context('pull_request', { base }));
      expect(run.code).toBe(0);
      expect(run.outputs.plan).toEqual({ 'exit-code': '2' });
      const saved = JSON.parse(await artifact(run, 'dpac-plan', 'plan.json'));
      expect(saved.changes.map((c: { address: string; action: string }) => [c.address, c.action])).toEqual([
        ['Domain/reporting', 'update'],
      ]);
      expect(saved.changed_since).toMatchObject({
        commit: base,
        changed: [{ file: 'manifests/reporting.yaml', status: 'modified' }],
        files: ['manifests/reporting.yaml'],
      });
      const markdown = await artifact(run, 'dpac-plan', 'plan.md');
      expect(markdown).toContain(`Only what changed since ${base} (${base.slice(0, 12)})`);
      expect((await gh.load()).comments[0]?.body).toBe(commentOf(markdown));

      const drift = await runJob(gh.workflows.drift, 'drift', gh.context('schedule'));
      expect(drift.outputs.drift).toEqual({ 'exit-code': '2' });
      expect(await readFile(path.join(repo, 'drift.md'), 'utf8')).toContain('Domain/example');

      // A base the checkout does not hold fails the plan, saying how to fetch it.
      const missing = await runJob(
        gh.workflows.plan,
        'plan',
        gh.context('pull_request', { base: '0000000000000000000000000000000000000001' }),
      );
      expect(missing.code).toBe(1);
      expect(missing.steps.at(-1)?.stderr).toContain(
        '--changed-since 0000000000000000000000000000000000000001: no commit of that name in this repository',
      );
    } finally {
      await writeFile(
        path.join(repo, 'manifests/reporting.yaml'),
        domain('reporting', 'Added in a second commit.'),
      );
      await restoreManifest();
      expect((await runJob(gh.workflows.apply, 'apply', gh.context('push'))).code).toBe(0);
    }
  });
});
