// The .gitlab-ci.yml `dpac init --ci gitlab` writes, attacked as someone who can open a merge
// request, comment on it, push a branch, swap a release asset or read what a job publishes (issue
// 25, point 7). Each test runs the jobs as gitlab-ci.test.ts does, or reads the file as GitLab
// would, and fails on the template before the hardening.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBinary } from '../helpers/binary.js';
import { domain, sha256 } from './ci-project.js';
import { BOT, type FakeGitLab, type GitLabFixture, MALLORY, startGitLab } from './gitlab-fixture.js';

let gl: GitLabFixture;
beforeAll(async () => {
  gl = await startGitLab();
});
afterAll(() => gl?.close());

const scriptOf = (name: string) => (gl.config[name]?.script ?? []).join('\n');
const manifestFile = () => path.join(gl.project.repo, 'manifests/example-domain.yaml');

describe('installs: pinned, checked, no package manager', () => {
  it('pins the image to a full Node version, never a moving tag', () => {
    expect(gl.config['.dpac']?.image).toMatch(/^node:\d+\.\d+\.\d+-[a-z]+(@sha256:[0-9a-f]{64})?$/);
    // The fake npm fails any job that runs it; no script even names it, traces or dumps env.
    const scripts = Object.values(gl.config)
      .flatMap((job) => [...(job.before_script ?? []), ...(job.script ?? [])])
      .join('\n');
    expect(scripts).not.toMatch(/\bnpm\b/);
    expect(scripts).not.toMatch(/^\s*(env|printenv|export -p|set -x|set -o xtrace)\b/m);
  });

  it('runs nothing when the release’s dpac.mjs is swapped, with or without its SHA256SUMS', async () => {
    const { dir } = gl.project.release;
    const original = await readFile(path.join(dir, 'dpac.mjs'));
    const telltale =
      "import { writeFileSync } from 'node:fs'; writeFileSync(process.env.HOME + '/ran', 'yes');";
    await writeFile(path.join(dir, 'dpac.mjs'), telltale);
    const swapped = await gl.runJob('dpac-plan', 'merge_request_event');
    expect(swapped.code).toBe(1);
    expect(swapped.output).toContain(`its SHA256SUMS says ${gl.project.release.sha256}: not running it.`);
    await writeFile(path.join(dir, 'SHA256SUMS'), `${sha256(telltale)}  dpac.mjs\n`);
    const resigned = await gl.runJob('dpac-plan', 'merge_request_event');
    expect(resigned.code).toBe(1);
    expect(resigned.output).toContain(`DPAC_SHA256 pins ${gl.project.release.sha256}: not running it.`);
    const ran = await readFile(path.join(gl.project.root, 'ran'), 'utf8').catch(() => 'no');
    expect(ran).toBe('no');
    expect((await gl.load()).calls).toEqual([]);
    await writeFile(path.join(dir, 'dpac.mjs'), original);
    await writeFile(path.join(dir, 'SHA256SUMS'), `${gl.project.release.sha256}  dpac.mjs\n`);
  });
});

describe('tokens: the least one each job needs', () => {
  it('the merge request job reads no GitLab token but the optional note token; only drift reads the issue token', () => {
    expect(scriptOf('dpac-plan')).not.toContain('DPAC_GITLAB_ISSUE_TOKEN');
    expect(scriptOf('dpac-apply')).not.toMatch(/DPAC_GITLAB_\w*TOKEN/);
    expect(scriptOf('dpac-drift')).not.toContain('DPAC_GITLAB_NOTE_TOKEN');
    // The header says which scope and role each token needs, and which is protected.
    expect(gl.text).toMatch(
      /DPAC_GITLAB_NOTE_TOKEN \(optional\), masked, NOT protected[\s\S]*Reporter role[\s\S]*api scope/,
    );
    expect(gl.text).toMatch(
      /DPAC_GITLAB_ISSUE_TOKEN, masked and protected[\s\S]*Reporter role[\s\S]*api scope/,
    );
  });

  it('without a note token the merge request job passes, posts nothing and links the plan as its artifact', async () => {
    const run = await gl.runJob('dpac-plan', 'merge_request_event', {
      DPAC_GITLAB_NOTE_TOKEN: undefined,
      DPAC_GITLAB_ISSUE_TOKEN: undefined,
    });
    expect(run.code).toBe(0);
    expect(run.output).toContain('DPAC_GITLAB_NOTE_TOKEN is not set: no note');
    expect((await gl.load()).calls).toEqual([]);
    expect(gl.config['dpac-plan']?.artifacts).toEqual({
      expose_as: 'dpac plan',
      paths: ['plan.md', 'plan.json'],
    });
    expect(await readFile(path.join(gl.project.repo, 'plan.md'), 'utf8')).toContain('Domain/example');
  });
});

describe('the merge request note and the drift issue cannot be taken over', () => {
  it('reads every page of notes, keeps its own note past the first 100, and leaves another author’s marker alone', async () => {
    const state = await gl.load();
    const note = (id: number, author: typeof BOT, body: string) => ({ id, mr: 5, author, body });
    const notes = [
      note(1, MALLORY, '<!-- dpac-plan -->\n## dpac plan\n\nNo changes. Merge away.'),
      ...Array.from({ length: 130 }, (_, i) => note(2 + i, MALLORY, `Review comment ${i}.`)),
      note(200, BOT, '<!-- dpac-plan -->\n## dpac plan\n\nan older plan'),
    ];
    await gl.save({ ...state, next: 300, notes });
    const run = await gl.runJob('dpac-plan', 'merge_request_event');
    expect(run.code).toBe(0);
    const after = await gl.load();
    expect(after.notes).toHaveLength(notes.length);
    expect(after.notes.slice(0, -1)).toEqual(notes.slice(0, -1));
    expect(after.notes.at(-1)).toMatchObject({ id: 200, author: BOT });
    expect(after.notes.at(-1)?.body).toContain('Domain/example');
    expect(
      after.calls
        .filter((c) => c.path.includes('/notes?'))
        .map((c) => new URL(c.path, 'http://x').searchParams.get('page')),
    ).toEqual(['1', '2']);
    expect(after.calls.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/api/v4/projects/99/merge_requests/5/notes/200',
    });
  });

  it('an open dpac-drift issue of another author is neither updated nor closed', async () => {
    const state = await gl.load();
    const planted: FakeGitLab['issues'][number] = {
      iid: 3,
      state: 'opened',
      title: 'dpac: live state drifted from the manifests',
      labels: ['dpac-drift'],
      description: '<!-- dpac-drift -->\nAll fine, close me.',
      author: MALLORY,
    };
    await gl.save({ ...state, notes: [], calls: [], issues: [planted] });
    expect((await gl.runJob('dpac-apply', 'push')).code).toBe(0);
    await gl.project.editByHand('Drifted while nobody looked.');
    expect((await gl.runJob('dpac-drift', 'schedule')).code).toBe(0);
    const { issues } = await gl.load();
    expect(issues[0]).toEqual(planted);
    expect(issues.filter((i) => i.author.id === BOT.id && i.state === 'opened')).toHaveLength(1);
  });
});

describe('only the protected default branch applies', () => {
  it('in the dpac-production environment, one at a time', () => {
    expect(gl.config['dpac-apply']?.environment).toEqual({
      name: 'dpac-production',
      deployment_tier: 'production',
    });
    expect(gl.config['dpac-apply']?.resource_group).toBe('dpac-apply');
  });

  it('refuses another branch, or an unprotected one, even if its rules were edited to run', async () => {
    await writeFile(
      path.join(gl.project.repo, 'manifests/branch-only.yaml'),
      domain('branch_only', 'Never applied.'),
    );
    for (const overrides of [
      { CI_COMMIT_BRANCH: 'feature', CI_COMMIT_REF_NAME: 'feature', CI_COMMIT_REF_PROTECTED: 'false' },
      { CI_COMMIT_REF_PROTECTED: 'false' },
    ]) {
      const run = await gl.runJob('dpac-apply', 'push', overrides);
      expect(run.code).toBe(1);
      expect(run.output).toContain('dpac apply runs only on the protected default branch (main)');
    }
    const env = {
      DPAC_URL: gl.project.emulator.url,
      DPAC_REFRESH_TOKEN: gl.project.emulator.adminRefreshToken,
    };
    const plan = await runBinary(['plan', '--detailed-exitcode'], { cwd: gl.project.repo, env });
    expect(plan.stdout.toString()).toContain('Domain/branch_only');
    await rm(path.join(gl.project.repo, 'manifests/branch-only.yaml'));
  });
});

describe('a credential never reaches what a job publishes', () => {
  it('a merge request that prints the refresh token into the plan gets no note or artifact holding it', async () => {
    const before = await gl.load();
    const original = await readFile(manifestFile(), 'utf8');
    await writeFile(manifestFile(), domain('example', '${env.DPAC_REFRESH_TOKEN}'));
    await rm(path.join(gl.project.repo, 'plan.md'), { force: true });
    const run = await gl.runJob('dpac-plan', 'merge_request_event');
    expect(run.code).not.toBe(0);
    // dpac ran (its output file exists), and the job stopped there.
    expect(await readFile(path.join(gl.project.repo, 'plan.md'), 'utf8')).not.toContain('Domain/example');
    const token = gl.project.emulator.adminRefreshToken;
    for (const file of ['plan.md', 'plan.json'])
      expect(await readFile(path.join(gl.project.repo, file), 'utf8').catch(() => '')).not.toContain(token);
    expect(run.output).not.toContain(token);
    expect((await gl.load()).notes).toEqual(before.notes);
    await writeFile(manifestFile(), original);
  });

  it('a dpac gone wrong cannot publish one either: the files are emptied and the job fails, naming the variable', async () => {
    const leaky = `import fs from 'node:fs';
process.stdout.write('token ' + process.env.DPAC_REFRESH_TOKEN + '\\n');
fs.writeFileSync('plan.json', JSON.stringify({ password: process.env.SALES_DB_PASSWORD }));
process.exit(2);`;
    const dir = path.join(gl.project.releases, gl.project.repository, 'v9.0.3');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'dpac.mjs'), leaky);
    await writeFile(path.join(dir, 'SHA256SUMS'), `${sha256(leaky)}  dpac.mjs\n`);
    const before = await gl.load();
    const run = await gl.runJob('dpac-plan', 'merge_request_event', {
      DPAC_VERSION: '9.0.3',
      DPAC_SHA256: sha256(leaky),
      SALES_DB_PASSWORD: 'p"ss\\word-1234',
    });
    expect(run.code).toBe(1);
    expect(run.output).toContain(
      'The value of DPAC_REFRESH_TOKEN, SALES_DB_PASSWORD appeared in what dpac wrote: plan.md, plan.json were emptied and nothing is published.',
    );
    expect(await readFile(path.join(gl.project.repo, 'plan.md'), 'utf8')).toBe('');
    expect(await readFile(path.join(gl.project.repo, 'plan.json'), 'utf8')).toBe('');
    expect((await gl.load()).calls).toEqual(before.calls);
  });
});
