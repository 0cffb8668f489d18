// The shipped .gitlab-ci.yml (as `dpac init --ci gitlab` writes it), each job run as GitLab's shell
// runner would (gitlab-fixture.ts) against a real emulator, the pinned release downloaded and
// checked through a fake `curl` that also serves a small GitLab recording what is posted. Which
// job runs when is read from the rules, and one apply at a time from resource_group. The attacks
// on this file are in gitlab-hardening.test.ts.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitAll } from '../../src/bench/git-repo.js';
import { VERSION } from '../../src/version.js';
import { domain } from './ci-project.js';
import { BOT, type GitLabFixture, startGitLab } from './gitlab-fixture.js';

let gl: GitLabFixture;
beforeAll(async () => {
  gl = await startGitLab();
});
afterAll(() => gl?.close());

describe('the GitLab pipeline', () => {
  it('plans merge requests, applies pushes to the protected default branch one at a time, drifts on schedule', () => {
    const { config, project } = gl;
    expect(config.variables).toEqual({
      DPAC_VERSION: VERSION,
      DPAC_SHA256: project.release.sha256,
      DPAC_RELEASES: `https://github.com/${project.repository}/releases/download`,
    });
    expect(config['dpac-plan']?.rules).toEqual([{ if: '$CI_PIPELINE_SOURCE == "merge_request_event"' }]);
    // Plans what the merge request changes since its base, with the history to find it in.
    expect(config['dpac-plan']?.variables).toEqual({ GIT_DEPTH: 0 });
    expect(config['dpac-plan']?.script?.[0]).toContain(
      'dpac plan --changed-since "$CI_MERGE_REQUEST_DIFF_BASE_SHA"',
    );
    expect(config['dpac-apply']?.rules).toEqual([
      {
        if: '$CI_PIPELINE_SOURCE == "push" && $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH && $CI_COMMIT_REF_PROTECTED == "true"',
      },
    ]);
    expect(config['dpac-apply']?.resource_group).toBe('dpac-apply');
    expect(config['dpac-drift']?.rules).toEqual([
      { if: '$CI_PIPELINE_SOURCE == "schedule" && $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH' },
    ]);
  });

  it('posts the plan as one merge request note and updates it', async () => {
    const first = await gl.runJob('dpac-plan', 'merge_request_event');
    expect(first.output).not.toContain('fake curl');
    expect(first.code).toBe(0);
    await writeFile(path.join(gl.project.repo, 'manifests/reporting.yaml'), domain('reporting', 'Second.'));
    expect((await gl.runJob('dpac-plan', 'merge_request_event')).code).toBe(0);
    const gitlab = await gl.load();
    expect(gitlab.notes).toHaveLength(1);
    expect(gitlab.notes[0]).toMatchObject({ mr: 5, author: BOT });
    const markdown = await readFile(path.join(gl.project.repo, 'plan.md'), 'utf8');
    expect(markdown).toContain('Domain/reporting');
    expect(gitlab.notes[0]?.body).toBe(`<!-- dpac-plan -->\n## dpac plan\n\n${markdown}`);
    expect(gitlab.calls.at(-1)).toMatchObject({ method: 'PUT' });
    expect(JSON.parse(await readFile(path.join(gl.project.repo, 'plan.json'), 'utf8')).summary.add).toBe(2);
  });

  it('applies, then drift opens one issue, updates it and closes it once in sync', async () => {
    expect((await gl.runJob('dpac-apply', 'push')).code).toBe(0);
    expect((await gl.runJob('dpac-drift', 'schedule')).code).toBe(0);
    expect((await gl.load()).issues).toEqual([]);
    await gl.project.editByHand('Changed by hand.');
    for (const night of [1, 2]) {
      expect((await gl.runJob('dpac-drift', 'schedule')).code, `night ${night}`).toBe(0);
      const { issues } = await gl.load();
      expect(issues).toHaveLength(1);
      expect(issues[0]).toMatchObject({ state: 'opened', labels: ['dpac-drift'], author: BOT });
      expect(issues[0]?.description).toContain('<!-- dpac-drift -->');
      const report = (await readFile(path.join(gl.project.repo, 'drift.md'), 'utf8')).trim();
      expect(report).toContain('Domain/example');
      expect(issues[0]?.description).toContain(report);
    }
    expect((await gl.runJob('dpac-apply', 'push')).code).toBe(0);
    expect((await gl.runJob('dpac-drift', 'schedule')).code).toBe(0);
    const gitlab = await gl.load();
    expect(gitlab.issues[0]?.state).toBe('closed');
    expect(gitlab.issueNotes).toEqual([
      {
        issue: gitlab.issues[0]?.iid,
        author: BOT,
        body: 'In sync again (https://gitlab.test/acme/platform/-/pipelines/77).',
      },
    ]);
  });

  it('plans only what a merge request changes since its base; the scheduled drift still reads everything', async () => {
    const repo = gl.project.repo;
    expect((await gl.runJob('dpac-apply', 'push')).code).toBe(0);
    const base = await commitAll(repo, 'main, applied');
    await gl.project.editByHand('Drifted by hand, outside the merge request.');
    await writeFile(
      path.join(repo, 'manifests/reporting.yaml'),
      domain('reporting', 'Changed in the merge request.'),
    );
    await commitAll(repo, 'the merge request');
    try {
      const planned = await gl.runJob('dpac-plan', 'merge_request_event', {
        CI_MERGE_REQUEST_DIFF_BASE_SHA: base,
      });
      expect(planned.code, planned.output).toBe(0);
      const plan = JSON.parse(await readFile(path.join(repo, 'plan.json'), 'utf8'));
      expect(plan.changes.map((c: { address: string; action: string }) => [c.address, c.action])).toEqual([
        ['Domain/reporting', 'update'],
      ]);
      expect(plan.changed_since).toMatchObject({
        commit: base,
        changed: [{ file: 'manifests/reporting.yaml', status: 'modified' }],
        files: ['manifests/reporting.yaml'],
      });
      const markdown = await readFile(path.join(repo, 'plan.md'), 'utf8');
      expect(markdown).toContain(`Only what changed since ${base} (${base.slice(0, 12)})`);
      expect((await gl.load()).notes.at(-1)?.body).toContain(markdown);

      expect((await gl.runJob('dpac-drift', 'schedule')).code).toBe(0);
      expect(await readFile(path.join(repo, 'drift.md'), 'utf8')).toContain('Domain/example');
      // A base the clone does not hold fails the job, saying how to fetch it.
      const missing = await gl.runJob('dpac-plan', 'merge_request_event', {
        CI_MERGE_REQUEST_DIFF_BASE_SHA: '0000000000000000000000000000000000000001',
      });
      expect(missing.code).not.toBe(0);
      expect(missing.output).toContain(
        '--changed-since 0000000000000000000000000000000000000001: no commit of that name',
      );
    } finally {
      await writeFile(path.join(repo, 'manifests/reporting.yaml'), domain('reporting', 'Second.'));
      expect((await gl.runJob('dpac-apply', 'push')).code).toBe(0);
    }
  });

  it('fails the job when the API token is wrong (curl --fail), not silently', async () => {
    const before = (await gl.load()).notes;
    const wrong = await gl.runJob('dpac-plan', 'merge_request_event', { DPAC_GITLAB_NOTE_TOKEN: 'expired' });
    expect(wrong.code).not.toBe(0);
    expect(wrong.output).toContain('401');
    expect((await gl.load()).notes).toEqual(before);
  });
});
