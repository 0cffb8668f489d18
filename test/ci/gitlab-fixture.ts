// What the GitLab pipeline tests share: a CI project (ci-project.ts) with the fake `curl` (release
// downloads and a small GitLab in a state file), the .gitlab-ci.yml `dpac init` wrote, and a job
// runner: each job's before_script and script in order with bash, as GitLab's shell runner does
// (`set -eo pipefail`), with GitLab's predefined variables faked and the project's CI/CD variables
// set (any of them can be overridden or unset per run).
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { type CiProject, startCiProject } from './ci-project.js';

const FAKE_CURL = path.resolve(import.meta.dirname, 'fake-curl.mjs');
/** The project access tokens of the fake GitLab, and the users they act as. */
const NOTE_TOKEN = 'glpat-fake-note-token';
const ISSUE_TOKEN = 'glpat-fake-issue-token';
export const BOT = { id: 501, username: 'project_99_bot_dpac' };
export const MALLORY = { id: 666, username: 'mallory' };

interface GitLabJob {
  extends?: string;
  stage?: string;
  image?: string;
  rules?: { if: string }[];
  variables?: Record<string, string | number>;
  environment?: { name: string; deployment_tier?: string };
  resource_group?: string;
  before_script?: string[];
  script?: string[];
  artifacts?: { paths: string[]; expose_as?: string };
}

export interface FakeGitLab {
  next: number;
  tokens: Record<string, { id: number; username: string }>;
  notes: { id: number; mr: number; body: string; author: { id: number; username: string } }[];
  issues: {
    iid: number;
    state: string;
    title: string;
    labels: string[];
    description: string;
    author: { id: number; username: string };
  }[];
  issueNotes: { issue: number; body: string }[];
  calls: { method: string; path: string }[];
}

export interface GitLabFixture {
  project: CiProject;
  text: string;
  config: Record<string, GitLabJob> & { variables: Record<string, string> };
  /** Runs one job; `overrides` set variables, an undefined value unsets one. */
  runJob(
    name: string,
    source: string,
    overrides?: Record<string, string | undefined>,
  ): Promise<{ code: number | null; output: string }>;
  load(): Promise<FakeGitLab>;
  save(state: FakeGitLab): Promise<void>;
  close(): Promise<void>;
}

export async function startGitLab(): Promise<GitLabFixture> {
  const project = await startCiProject('gitlab', { curl: FAKE_CURL });
  const stateFile = path.join(project.root, 'gitlab.json');
  const text = await readFile(path.join(project.repo, '.gitlab-ci.yml'), 'utf8');
  const config = parse(text);
  const fixture: GitLabFixture = {
    project,
    text,
    config,
    async runJob(name, source, overrides = {}) {
      const job = config[name] as GitLabJob;
      const merged = { ...(job.extends ? config[job.extends] : {}), ...job };
      const script = ['set -eo pipefail', ...(merged.before_script ?? []), ...(merged.script ?? [])].join(
        '\n',
      );
      const env: Record<string, string | undefined> = {
        PATH: project.path,
        HOME: project.root,
        CI: 'true',
        GITLAB_CI: 'true',
        ...config.variables,
        ...Object.fromEntries(Object.entries(merged.variables ?? {}).map(([k, v]) => [k, String(v)])),
        CI_PIPELINE_SOURCE: source,
        // The merge request's base: the repository's first commit (ci-project.ts).
        CI_MERGE_REQUEST_DIFF_BASE_SHA: project.base,
        CI_API_V4_URL: 'https://gitlab.test/api/v4',
        CI_PROJECT_ID: '99',
        CI_MERGE_REQUEST_IID: '5',
        CI_COMMIT_BRANCH: 'main',
        CI_COMMIT_REF_NAME: 'main',
        CI_COMMIT_REF_PROTECTED: 'true',
        CI_DEFAULT_BRANCH: 'main',
        CI_PIPELINE_URL: 'https://gitlab.test/acme/platform/-/pipelines/77',
        DPAC_URL: project.emulator.url,
        DPAC_REFRESH_TOKEN: project.emulator.adminRefreshToken,
        DPAC_GITLAB_NOTE_TOKEN: NOTE_TOKEN,
        DPAC_GITLAB_ISSUE_TOKEN: ISSUE_TOKEN,
        FAKE_GITLAB_STATE: stateFile,
        FAKE_RELEASES: project.releases,
        ...overrides,
      };
      const child = spawn('bash', ['--noprofile', '--norc', '-c', script], {
        cwd: project.repo,
        env: Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)),
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
      });
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      return { code, output };
    },
    load: async () => JSON.parse(await readFile(stateFile, 'utf8')),
    save: (state) => writeFile(stateFile, JSON.stringify(state)),
    close: () => project.close(),
  };
  await fixture.save({
    next: 10,
    tokens: { [NOTE_TOKEN]: BOT, [ISSUE_TOKEN]: BOT, 'glpat-mallory': MALLORY },
    notes: [],
    issues: [],
    issueNotes: [],
    calls: [],
  });
  return fixture;
}
