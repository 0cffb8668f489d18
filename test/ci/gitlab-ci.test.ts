// The shipped .gitlab-ci.yml (as `dpac init --ci gitlab` writes it): each job's before_script and
// script run in order with bash, as GitLab's shell runner does (`set -eo pipefail`), with GitLab's
// predefined variables faked, against a real emulator, a fake `npm` and a fake `curl`
// (fake-curl.mjs: a small GitLab recording what is posted). Which job runs when is read from the
// rules, and one apply at a time from resource_group.
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { VERSION } from '../../src/version.js';
import { type CiProject, domain, startCiProject } from './ci-project.js';

const FAKE_CURL = path.resolve(import.meta.dirname, 'fake-curl.mjs');
const TOKEN = 'glpat-fake-token';

interface GitLabJob {
  extends?: string;
  stage?: string;
  image?: string;
  rules?: { if: string }[];
  resource_group?: string;
  before_script?: string[];
  script?: string[];
  artifacts?: { paths: string[] };
}

interface FakeGitLab {
  next: number;
  notes: { id: number; mr: number; body: string }[];
  issues: { iid: number; state: string; title: string; labels: string[]; description: string }[];
  issueNotes: { issue: number; body: string }[];
  calls: { method: string; path: string }[];
}

let project: CiProject;
let config: Record<string, GitLabJob> & { variables: Record<string, string> };
const stateFile = () => path.join(project.root, 'gitlab.json');
const loadGitLab = async (): Promise<FakeGitLab> => JSON.parse(await readFile(stateFile(), 'utf8'));

beforeAll(async () => {
  project = await startCiProject('gitlab', { curl: FAKE_CURL });
  config = parse(await readFile(path.join(project.repo, '.gitlab-ci.yml'), 'utf8'));
  await writeFile(
    stateFile(),
    JSON.stringify({ next: 10, notes: [], issues: [], issueNotes: [], calls: [] }),
  );
});
afterAll(() => project?.close());

/** Runs one job's scripts as GitLab's shell runner would; returns its exit code and output. */
async function runJob(name: string, source: string, overrides: Record<string, string> = {}) {
  const job = config[name] as GitLabJob;
  const merged = { ...(job.extends ? config[job.extends] : {}), ...job };
  const script = ['set -eo pipefail', ...(merged.before_script ?? []), ...(merged.script ?? [])].join('\n');
  const env = {
    PATH: project.path,
    HOME: project.root,
    CI: 'true',
    GITLAB_CI: 'true',
    ...config.variables,
    CI_PIPELINE_SOURCE: source,
    CI_API_V4_URL: 'https://gitlab.test/api/v4',
    CI_PROJECT_ID: '99',
    CI_MERGE_REQUEST_IID: '5',
    CI_COMMIT_BRANCH: 'main',
    CI_DEFAULT_BRANCH: 'main',
    CI_COMMIT_REF_NAME: 'main',
    CI_PIPELINE_URL: 'https://gitlab.test/acme/platform/-/pipelines/77',
    DPAC_URL: project.emulator.url,
    DPAC_REFRESH_TOKEN: project.emulator.adminRefreshToken,
    DPAC_GITLAB_TOKEN: TOKEN,
    FAKE_GITLAB_TOKEN: TOKEN,
    FAKE_GITLAB_STATE: stateFile(),
    ...overrides,
  };
  const child = spawn('bash', ['--noprofile', '--norc', '-c', script], { cwd: project.repo, env });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, output };
}

describe('the GitLab pipeline', () => {
  it('plans merge requests, applies pushes to the default branch one at a time, drifts on schedule', () => {
    expect(config.variables).toEqual({ DPAC_VERSION: VERSION });
    expect(config['dpac-plan']?.rules).toEqual([{ if: '$CI_PIPELINE_SOURCE == "merge_request_event"' }]);
    expect(config['dpac-apply']?.rules).toEqual([
      { if: '$CI_PIPELINE_SOURCE == "push" && $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH' },
    ]);
    expect(config['dpac-apply']?.resource_group).toBe('dpac-apply');
    expect(config['dpac-drift']?.rules).toEqual([{ if: '$CI_PIPELINE_SOURCE == "schedule"' }]);
  });

  it('posts the plan as one merge request note and updates it', async () => {
    const first = await runJob('dpac-plan', 'merge_request_event');
    expect(first.output).not.toContain('fake curl');
    expect(first.code).toBe(0);
    expect(await project.npmLog()).toContain(`npm install --global --no-audit --no-fund dpac@${VERSION}`);
    await writeFile(path.join(project.repo, 'manifests/reporting.yaml'), domain('reporting', 'Second.'));
    expect((await runJob('dpac-plan', 'merge_request_event')).code).toBe(0);
    const gitlab = await loadGitLab();
    expect(gitlab.notes).toHaveLength(1);
    expect(gitlab.notes[0]?.mr).toBe(5);
    const markdown = await readFile(path.join(project.repo, 'plan.md'), 'utf8');
    expect(markdown).toContain('Domain/reporting');
    expect(gitlab.notes[0]?.body).toBe(`<!-- dpac-plan -->\n## dpac plan\n\n${markdown}`);
    expect(gitlab.calls.at(-1)).toMatchObject({ method: 'PUT' });
    expect(JSON.parse(await readFile(path.join(project.repo, 'plan.json'), 'utf8')).summary.add).toBe(2);
  });

  it('applies, then drift opens one issue, updates it and closes it once in sync', async () => {
    expect((await runJob('dpac-apply', 'push')).code).toBe(0);
    expect((await runJob('dpac-drift', 'schedule')).code).toBe(0);
    expect((await loadGitLab()).issues).toEqual([]);
    await project.editByHand('Changed by hand.');
    for (const night of [1, 2]) {
      expect((await runJob('dpac-drift', 'schedule')).code, `night ${night}`).toBe(0);
      const { issues } = await loadGitLab();
      expect(issues).toHaveLength(1);
      expect(issues[0]).toMatchObject({ state: 'opened', labels: ['dpac-drift'] });
      expect(issues[0]?.description).toContain('<!-- dpac-drift -->');
      const report = (await readFile(path.join(project.repo, 'drift.md'), 'utf8')).trim();
      expect(report).toContain('Domain/example');
      expect(issues[0]?.description).toContain(report);
    }
    expect((await runJob('dpac-apply', 'push')).code).toBe(0);
    expect((await runJob('dpac-drift', 'schedule')).code).toBe(0);
    const gitlab = await loadGitLab();
    expect(gitlab.issues[0]?.state).toBe('closed');
    expect(gitlab.issueNotes).toEqual([
      {
        issue: gitlab.issues[0]?.iid,
        body: 'In sync again (https://gitlab.test/acme/platform/-/pipelines/77).',
      },
    ]);
  });

  it('fails the job when the API token is wrong (curl --fail), not silently', async () => {
    const before = (await loadGitLab()).notes;
    const wrong = await runJob('dpac-plan', 'merge_request_event', { DPAC_GITLAB_TOKEN: 'expired' });
    expect(wrong.code).not.toBe(0);
    expect(wrong.output).toContain('401');
    expect((await loadGitLab()).notes).toEqual(before);
  });
});
