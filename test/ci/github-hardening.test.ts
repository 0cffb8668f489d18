// The GitHub workflows `dpac init --ci github` writes, attacked as someone who can open a pull
// request, comment on it, start a workflow by hand on a branch, or read what a run publishes
// (issue 25, point 7). Each test runs the jobs as github-workflows.test.ts does, or reads the files
// as GitHub would, and fails on the templates before the hardening.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { VERSION } from '../../src/version.js';
import { runBinary } from '../helpers/binary.js';
import { domain, RELEASE_COMMIT } from './ci-project.js';
import { BOT, type GitHubFixture, startGitHub, WORKFLOW_TOKEN, type WorkflowName } from './github-fixture.js';
import { runJob, type Step, type StepRun } from './workflow-runner.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NAMES: WorkflowName[] = ['plan', 'apply', 'drift'];

let gh: GitHubFixture;
let repo: string;
let token: string;

beforeAll(async () => {
  gh = await startGitHub();
  repo = gh.project.repo;
  token = gh.project.emulator.adminRefreshToken;
});
afterAll(() => gh?.close());

const isDpac = (step: StepRun) => step.uses?.startsWith(`${gh.project.repository}@`) === true;
/** Every value a step's env was given, and every step of a composite action too. */
const flatten = (steps: StepRun[]): StepRun[] => steps.flatMap((s) => [s, ...flatten(s.steps ?? [])]);

describe('secrets reach only the steps that need them', () => {
  it('no workflow or job env; the platform token only on the dpac steps, the GitHub token only on gh steps', async () => {
    for (const name of NAMES) {
      const workflow = gh.workflows[name];
      expect(workflow.env, name).toBeUndefined();
      for (const job of Object.values(workflow.jobs)) expect(job.env, name).toBeUndefined();
    }
    const runs = [
      await runJob(gh.workflows.plan, 'plan', gh.context('pull_request')),
      await runJob(gh.workflows.apply, 'apply', gh.context('push')),
      await runJob(gh.workflows.drift, 'drift', gh.context('schedule')),
    ];
    for (const run of runs) {
      expect(run.code).toBe(0);
      for (const step of run.steps) {
        const values = Object.values(step.env);
        expect(values.includes(token), step.name).toBe(isDpac(step));
        expect(values.includes(WORKFLOW_TOKEN), step.name).toBe(/^(Comment|Open)/.test(step.name));
      }
    }
  });

  it('plan and drift name no secret but the refresh token; no step installs with npm, traces or dumps env', async () => {
    const action = parse(await readFile(path.join(ROOT, 'action.yml'), 'utf8')) as {
      runs: { steps: Step[] };
    };
    for (const name of NAMES) {
      const text = await gh.text(name);
      if (name !== 'apply') expect(text.match(/secrets\.\w+/g)).toEqual(['secrets.DPAC_REFRESH_TOKEN']);
      // The fake npm fails any job that runs it; no step even names it.
      const steps = [
        ...Object.values(gh.workflows[name].jobs).flatMap((job) => job.steps),
        ...action.runs.steps,
      ];
      const scripts = steps.map((s) => s.run ?? '').join('\n');
      expect(scripts).not.toMatch(/\bnpm\b/);
      expect(scripts).not.toMatch(/^\s*(env|printenv|export -p|set -x|set -o xtrace)\b/m);
    }
  });
});

describe('installs: pinned, checked, no package manager', () => {
  it('every action is pinned by a full commit SHA with its version beside it, the same pin everywhere', async () => {
    const files = [
      ...(await Promise.all(NAMES.map((n) => gh.text(n)))),
      await readFile(path.join(ROOT, 'action.yml'), 'utf8'),
    ];
    const pins = new Map<string, Set<string>>();
    for (const text of files)
      for (const [line] of text.matchAll(/^\s*(?:- )?uses: .*$/gm)) {
        const pin = /uses: ([\w.-]+\/[\w.-]+)@([0-9a-f]{40}) # v\d+\.\d+\.\d+$/.exec(line);
        expect(pin, line).not.toBeNull();
        pins.set(pin?.[1] ?? '', new Set([...(pins.get(pin?.[1] ?? '') ?? []), pin?.[2] ?? '']));
      }
    expect([...pins.keys()].sort()).toEqual(
      ['actions/checkout', 'actions/setup-node', 'actions/upload-artifact', gh.project.repository].sort(),
    );
    for (const [action, shas] of pins) expect(shas.size, action).toBe(1);
    expect(pins.get(gh.project.repository)).toEqual(new Set([RELEASE_COMMIT]));
  });

  it('the dpac steps run this version from its release, pinned to the bundle’s SHA-256', () => {
    for (const name of NAMES) {
      const dpacSteps = Object.values(gh.workflows[name].jobs).flatMap((job) =>
        job.steps.filter((s) => s.uses?.startsWith(`${gh.project.repository}@`)),
      );
      expect(dpacSteps.length, name).toBeGreaterThan(0);
      for (const step of dpacSteps)
        expect(step.with).toMatchObject({ version: VERSION, sha256: gh.project.release.sha256 });
    }
  });

  it('checks out without leaving the token in .git/config', () => {
    for (const name of NAMES)
      for (const job of Object.values(gh.workflows[name].jobs)) {
        const checkouts = job.steps.filter((s) => s.uses?.startsWith('actions/checkout@'));
        expect(checkouts, name).toHaveLength(1);
        expect(checkouts[0]?.with?.['persist-credentials'], name).toBe(false);
      }
  });
});

describe('the pull-request comment and the drift issue cannot be taken over', () => {
  it('a comment of another author holding the marker stays theirs; the job keeps its own', async () => {
    const state = await gh.load();
    const planted = {
      id: 1,
      issue: 8,
      user: { login: 'mallory' },
      body: '<!-- dpac-plan -->\nLooks fine, merge it.',
    };
    await gh.save({ ...state, comments: [...state.comments, planted] });
    for (const push of [1, 2]) {
      const run = await runJob(gh.workflows.plan, 'plan', gh.context('pull_request', { pr: 8 }));
      expect(run.code, `push ${push}`).toBe(0);
      const comments = (await gh.load()).comments.filter((c) => c.issue === 8);
      expect(comments).toHaveLength(2);
      expect(comments[0]).toEqual(planted);
      expect(comments[1]?.user.login).toBe(BOT);
      expect(comments[1]?.body).toContain('## dpac plan');
    }
  });

  it('an open dpac-drift issue of another author is neither updated nor closed', async () => {
    const state = await gh.load();
    const planted = {
      number: 2,
      state: 'open',
      title: 'dpac: live state drifted from the manifests',
      body: '<!-- dpac-drift -->\nAll fine, close me.',
      labels: ['dpac-drift'],
      user: { login: 'mallory' },
    };
    await gh.save({ ...state, issues: [...state.issues, planted] });
    await gh.project.editByHand('Drifted while nobody looked.');
    expect((await runJob(gh.workflows.drift, 'drift', gh.context('schedule'))).code).toBe(0);
    const { issues } = await gh.load();
    expect(issues.find((i) => i.number === 2)).toEqual(planted);
    expect(issues.filter((i) => i.user.login === BOT && i.state === 'open')).toHaveLength(1);
  });
});

describe('only the default branch applies', () => {
  it('runs apply in the dpac-production environment', () => {
    expect(gh.workflows.apply.jobs.apply?.environment).toBe('dpac-production');
  });

  it('a workflow_dispatch on another branch plans but applies nothing', async () => {
    await writeFile(path.join(repo, 'manifests/branch-only.yaml'), domain('branch_only', 'Never applied.'));
    const run = await runJob(
      gh.workflows.apply,
      'apply',
      gh.context('workflow_dispatch', { ref: 'refs/heads/feature' }),
    );
    expect(run.steps.map((s) => [s.name, s.code]).slice(2)).toEqual([
      ['Plan', 0],
      ['Save the plan', 0],
      ['Apply', 1],
    ]);
    expect(run.steps.at(-1)?.stdout).toContain(
      '::error::dpac apply runs only on the default branch (main), not refs/heads/feature.',
    );
    const env = { DPAC_URL: gh.project.emulator.url, DPAC_REFRESH_TOKEN: token };
    const plan = await runBinary(['plan', '--detailed-exitcode'], { cwd: repo, env });
    expect(plan.code).toBe(2);
    expect(plan.stdout.toString()).toContain('Domain/branch_only');
    await rm(path.join(repo, 'manifests/branch-only.yaml'));
  });

  it('a drift started by hand on another branch can neither raise nor close the drift issue', async () => {
    const before = await gh.load();
    const run = await runJob(
      gh.workflows.drift,
      'drift',
      gh.context('workflow_dispatch', { ref: 'refs/heads/feature' }),
    );
    expect(run.code).toBe(0);
    expect(run.steps.at(-1)?.stdout).toContain('::notice::Drift of refs/heads/feature is in this run');
    expect((await gh.load()).calls).toEqual(before.calls);
  });
});

describe('a credential never reaches what a run publishes', () => {
  it('a pull request that prints the refresh token into the plan gets no artifact, comment or summary holding it', async () => {
    await writeFile(
      path.join(repo, 'manifests/example-domain.yaml'),
      domain('example', '${env.DPAC_REFRESH_TOKEN}'),
    );
    const before = await gh.load();
    const run = await runJob(gh.workflows.plan, 'plan', gh.context('pull_request', { pr: 9 }));
    expect(run.code).not.toBe(0);
    // dpac ran, and the job stopped there: nothing after it uploaded or posted.
    expect(run.steps.at(-1)?.name).toBe('Plan');
    expect(run.steps.at(-1)?.steps?.map((s) => s.name)).toEqual([
      'Download dpac and check its SHA-256',
      'Run dpac',
    ]);
    expect(run.artifacts).toEqual({});
    const published = [
      run.summary,
      JSON.stringify(await gh.load()),
      await readFile(path.join(repo, 'plan.md'), 'utf8').catch(() => ''),
      await readFile(path.join(repo, 'plan.json'), 'utf8').catch(() => ''),
      ...flatten(run.steps).flatMap((s) => [s.stdout, s.stderr]),
    ];
    for (const text of published) expect(text).not.toContain(token);
    expect((await gh.load()).comments).toEqual(before.comments);
    await writeFile(
      path.join(repo, 'manifests/example-domain.yaml'),
      domain('example', 'An example domain.'),
    );
  });
});
