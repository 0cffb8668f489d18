// The shipped GitHub Actions workflows (as `dpac init --ci github` writes them), run step by step
// against a real emulator with a faked runner (workflow-runner.ts), a fake `npm` (the install
// step: the built dpac is on PATH instead) and a fake `gh` (fake-gh.mjs: a small GitHub that
// records what the steps post). A pull request's plan becomes an artifact, the job summary and
// ONE comment updated in place; a merge applies; the nightly drift opens, updates and closes ONE
// issue; a broken manifest fails the job with annotations on the file.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION } from '../../src/version.js';
import { type CiProject, domain, startCiProject } from './ci-project.js';
import { type Context, readWorkflow, runJob, type Workflow } from './workflow-runner.js';

const FAKE_GH = path.resolve(import.meta.dirname, 'fake-gh.mjs');
const MARKER = '<!-- dpac-plan -->';

interface FakeGitHub {
  next: number;
  issues: { number: number; state: string; title: string; body: string; labels: string[] }[];
  comments: { id: number; issue: number; body: string }[];
  calls: { method: string; path: string; fields: Record<string, unknown> }[];
}

let project: CiProject;
let root: string;
let repo: string;
let workflows: Record<'plan' | 'apply' | 'drift', Workflow>;

beforeAll(async () => {
  project = await startCiProject('github', { gh: FAKE_GH });
  ({ root, repo } = project);
  await saveGitHub({ next: 100, issues: [], comments: [], calls: [] });
  const read = (name: string) => readWorkflow(path.join(repo, '.github/workflows', `dpac-${name}.yml`));
  workflows = { plan: await read('plan'), apply: await read('apply'), drift: await read('drift') };
});

afterAll(() => project?.close());

const githubFile = () => path.join(root, 'github.json');
const loadGitHub = async (): Promise<FakeGitHub> => JSON.parse(await readFile(githubFile(), 'utf8'));
const saveGitHub = (state: FakeGitHub) => writeFile(githubFile(), JSON.stringify(state));

function context(event: string): Context {
  return {
    workspace: repo,
    runnerTemp: path.join(root, 'runner'),
    env: {
      PATH: project.path,
      HOME: root,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_EVENT_NAME: event,
      GITHUB_REPOSITORY: 'acme/platform',
      GITHUB_WORKSPACE: repo,
      GITHUB_SERVER_URL: 'https://github.test',
      GITHUB_RUN_ID: '4242',
      GITHUB_REF_NAME: event === 'pull_request' ? '7/merge' : 'main',
      FAKE_GITHUB_STATE: githubFile(),
    },
    secrets: { DPAC_REFRESH_TOKEN: project.emulator.adminRefreshToken },
    vars: { DPAC_URL: project.emulator.url },
    github: { token: 'ghs_fake_token', event: { pull_request: { number: 7 } } },
  };
}

const manifest = (description: string) => domain('example', description);
const artifact = (run: { artifacts: Record<string, string> }, name: string, file: string) =>
  readFile(path.join(run.artifacts[name] ?? '', file), 'utf8');
/** What the comment step posts: the marker, a heading, and the markdown dpac printed. */
const commentOf = (markdown: string) => `${MARKER}\n## dpac plan\n\n${markdown}`;
const restoreManifest = () =>
  writeFile(path.join(repo, 'manifests/example-domain.yaml'), manifest('An example domain.'));

describe('the workflow files', () => {
  it('trigger on pull requests, pushes to main and a schedule; applies queue in one group', () => {
    expect(Object.keys(workflows.plan.on)).toEqual(['pull_request']);
    expect(workflows.apply.on.push).toEqual({ branches: ['main'] });
    expect(workflows.drift.on.schedule).toEqual([{ cron: expect.any(String) }]);
    expect(workflows.apply.concurrency).toEqual({ group: 'dpac-apply', 'cancel-in-progress': false });
    expect(workflows.plan.permissions).toMatchObject({ 'pull-requests': 'write' });
    expect(workflows.drift.permissions).toMatchObject({ issues: 'write' });
  });

  it('give plan and drift no secret but the refresh token', async () => {
    for (const name of ['plan', 'drift']) {
      const text = await readFile(path.join(repo, `.github/workflows/dpac-${name}.yml`), 'utf8');
      expect(text.match(/secrets\.\w+/g)).toEqual(['secrets.DPAC_REFRESH_TOKEN']);
    }
  });
});

describe('a pull request, its merge and the nightly drift', () => {
  it('plans a pull request: artifact, job summary, one comment; dpac is installed at this version', async () => {
    const run = await runJob(workflows.plan, 'plan', context('pull_request'));
    expect(run.steps.map((s) => [s.name, s.code])).toEqual([
      ['actions/checkout@v4', 0],
      ['actions/setup-node@v4', 0],
      ['Install dpac', 0],
      ['Validate', 0],
      ['Plan', 0],
      ['Save the plan', 0],
      ['Comment on the pull request', 0],
    ]);
    expect(run.outputs.plan).toEqual({ exit_code: '2' });
    expect(await project.npmLog()).toContain(`npm install --global --no-audit --no-fund dpac@${VERSION}`);
    const saved = JSON.parse(await artifact(run, 'dpac-plan', 'plan.json'));
    expect(saved.changes.map((c: { address: string; action: string }) => [c.address, c.action])).toEqual([
      ['Domain/example', 'create'],
    ]);
    const markdown = await artifact(run, 'dpac-plan', 'plan.md');
    expect(markdown).toContain('Domain/example');
    expect(run.summary).toContain(markdown.trim());
    const github = await loadGitHub();
    expect(github.comments).toHaveLength(1);
    expect(github.comments[0]).toMatchObject({ issue: 7 });
    expect(github.comments[0]?.body).toBe(commentOf(markdown));
  });

  it('updates the same comment on the next push', async () => {
    await writeFile(
      path.join(repo, 'manifests/reporting.yaml'),
      domain('reporting', 'Added in a second commit.'),
    );
    const run = await runJob(workflows.plan, 'plan', context('pull_request'));
    expect(run.code).toBe(0);
    const github = await loadGitHub();
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
    const before = (await loadGitHub()).calls.length;
    await writeFile(
      path.join(repo, 'manifests/example-domain.yaml'),
      manifest('x').replace('description', 'descripton'),
    );
    const run = await runJob(workflows.plan, 'plan', context('pull_request'));
    expect(run.code).toBe(1);
    expect(run.steps.at(-1)?.name).toBe('Validate');
    expect(run.steps.at(-1)?.stderr).toContain(
      '::error file=manifests/example-domain.yaml,line=6,col=3,title=Domain/example::Unknown field `spec.descripton`.',
    );
    expect((await loadGitHub()).calls).toHaveLength(before);
    await restoreManifest();
  });

  it('applies on merge to main, with the applied plan kept; the next plan is empty', async () => {
    const run = await runJob(workflows.apply, 'apply', context('push'));
    expect(run.steps.map((s) => [s.name, s.code]).slice(2)).toEqual([
      ['Install dpac', 0],
      ['Plan', 0],
      ['Save the plan', 0],
      ['Apply', 0],
    ]);
    expect(run.steps.at(-1)?.stdout).toContain('2 added');
    expect(run.summary).toContain((await artifact(run, 'dpac-applied-plan', 'plan.md')).trim());
    const applied = JSON.parse(await artifact(run, 'dpac-applied-plan', 'plan.json'));
    expect(applied.summary).toMatchObject({ add: 2 });

    const again = await runJob(workflows.plan, 'plan', context('pull_request'));
    expect(again.outputs.plan).toEqual({ exit_code: '0' });
    expect(JSON.parse(await artifact(again, 'dpac-plan', 'plan.json')).calls).toEqual([]);
    expect((await loadGitHub()).comments[0]?.body).toBe(
      commentOf(await artifact(again, 'dpac-plan', 'plan.md')),
    );
  });

  it('reports nightly drift as one issue, updates it, and closes it once in sync', async () => {
    const inSync = await runJob(workflows.drift, 'drift', context('schedule'));
    expect(inSync.code).toBe(0);
    expect(inSync.outputs.drift).toEqual({ exit_code: '0' });
    expect((await loadGitHub()).issues).toEqual([]);

    await project.editByHand('Changed by hand.');

    for (const night of [1, 2]) {
      const drifted = await runJob(workflows.drift, 'drift', context('schedule'));
      expect(drifted.code).toBe(0);
      expect(drifted.outputs.drift).toEqual({ exit_code: '2' });
      const report = (await readFile(path.join(repo, 'drift.md'), 'utf8')).trim();
      expect(report).toContain('Domain/example');
      expect(drifted.summary).toContain(report);
      const { issues } = await loadGitHub();
      expect(issues, `night ${night}`).toHaveLength(1);
      expect(issues[0]).toMatchObject({ state: 'open', labels: ['dpac-drift'] });
      expect(issues[0]?.body).toContain('<!-- dpac-drift -->');
      expect(issues[0]?.body).toContain('https://github.test/acme/platform/actions/runs/4242');
      expect(issues[0]?.body).toContain(report);
    }

    expect((await runJob(workflows.apply, 'apply', context('push'))).code).toBe(0);
    const healed = await runJob(workflows.drift, 'drift', context('schedule'));
    expect(healed.outputs.drift).toEqual({ exit_code: '0' });
    const github = await loadGitHub();
    expect(github.issues[0]?.state).toBe('closed');
    expect(github.comments.at(-1)).toMatchObject({ issue: github.issues[0]?.number });
    expect(github.comments.at(-1)?.body).toContain('In sync again');
  });
});
