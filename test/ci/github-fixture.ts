// What the GitHub pipeline tests share: a CI project (ci-project.ts) with the fake `gh` and `curl`,
// its small GitHub (fake-gh.mjs) in a state file, the three workflows `dpac init` wrote, and the
// runner context of an event: the dpac action under test (this repository's action.yml) runs for
// real, from the repository the workflows name.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type CiProject, startCiProject } from './ci-project.js';
import { type Context, type JobRun, readWorkflow, type Workflow } from './workflow-runner.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FAKE_GH = path.resolve(import.meta.dirname, 'fake-gh.mjs');
const FAKE_CURL = path.resolve(import.meta.dirname, 'fake-curl.mjs');
/** The token of github.token, and the account GitHub says it writes as. */
export const WORKFLOW_TOKEN = 'ghs_fake_workflow_token';
export const BOT = 'github-actions[bot]';

interface FakeGitHub {
  next: number;
  logins: Record<string, string>;
  issues: {
    number: number;
    state: string;
    title: string;
    body: string;
    labels: string[];
    user: { login: string };
  }[];
  comments: { id: number; issue: number; body: string; user: { login: string } }[];
  calls: { method: string; path: string; fields: Record<string, unknown> }[];
}

export type WorkflowName = 'plan' | 'apply' | 'drift';

export interface GitHubFixture {
  project: CiProject;
  workflows: Record<WorkflowName, Workflow>;
  /** The text of a workflow file as `dpac init` wrote it. */
  text(name: WorkflowName): Promise<string>;
  /** A run's context; a pull request's `base` is its base commit (default: the repository's first). */
  context(event: string, options?: { ref?: string; pr?: number; base?: string }): Context;
  load(): Promise<FakeGitHub>;
  save(state: FakeGitHub): Promise<void>;
  close(): Promise<void>;
}

export async function startGitHub(): Promise<GitHubFixture> {
  const project = await startCiProject('github', { gh: FAKE_GH, curl: FAKE_CURL });
  const stateFile = path.join(project.root, 'github.json');
  const file = (name: WorkflowName) => path.join(project.repo, '.github/workflows', `dpac-${name}.yml`);
  const fixture: GitHubFixture = {
    project,
    workflows: {
      plan: await readWorkflow(file('plan')),
      apply: await readWorkflow(file('apply')),
      drift: await readWorkflow(file('drift')),
    },
    text: (name) => readFile(file(name), 'utf8'),
    context(event, { ref, pr = 7, base = project.base } = {}) {
      const gitRef = ref ?? (event === 'pull_request' ? `refs/pull/${pr}/merge` : 'refs/heads/main');
      return {
        workspace: project.repo,
        runnerTemp: path.join(project.root, 'runner'),
        env: {
          PATH: project.path,
          HOME: project.root,
          CI: 'true',
          GITHUB_ACTIONS: 'true',
          GITHUB_EVENT_NAME: event,
          GITHUB_REPOSITORY: 'acme/platform',
          GITHUB_WORKSPACE: project.repo,
          GITHUB_SERVER_URL: 'https://github.test',
          GITHUB_RUN_ID: '4242',
          GITHUB_REF: gitRef,
          GITHUB_REF_NAME: gitRef.replace(/^refs\/(heads|tags)\//, '').replace(/^refs\/pull\//, ''),
          FAKE_GITHUB_STATE: stateFile,
          FAKE_RELEASES: project.releases,
        },
        secrets: { DPAC_REFRESH_TOKEN: project.emulator.adminRefreshToken },
        vars: { DPAC_URL: project.emulator.url },
        github: {
          token: WORKFLOW_TOKEN,
          event: {
            ...(event === 'pull_request' ? { pull_request: { number: pr, base: { sha: base } } } : {}),
            ...(event === 'schedule' ? {} : { repository: { default_branch: 'main' } }),
          },
        },
        actions: { [project.repository]: ROOT },
      };
    },
    load: async () => JSON.parse(await readFile(stateFile, 'utf8')),
    save: (state) => writeFile(stateFile, JSON.stringify(state)),
    close: () => project.close(),
  };
  await fixture.save({ next: 100, logins: { [WORKFLOW_TOKEN]: BOT }, issues: [], comments: [], calls: [] });
  return fixture;
}

export const artifact = (run: JobRun, name: string, file: string) =>
  readFile(path.join(run.artifacts[name] ?? '', file), 'utf8');
