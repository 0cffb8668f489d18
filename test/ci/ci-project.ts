// What the pipeline tests share: an emulator on a free port; a fake release of this dpac version
// (a release build of the single-file bundle, made by scripts/bundle.mjs as `npm run release`
// makes it, and its SHA256SUMS) in the folder the fake curl serves release downloads from; a
// repository made by `dpac init repo --ci <system>` run from that very bundle, so the pipeline
// files pin its commit and digest as a user's would; and a bin folder put first on PATH with the
// given fakes of the forge's client (`gh`, `curl`) and an `npm` that fails the job if run.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { git } from '../../src/bench/git-repo.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/server.js';
import { VERSION } from '../../src/version.js';
import { runBinary } from '../helpers/binary.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The commit the fake release says it was made from. */
export const RELEASE_COMMIT = '0123456789abcdef0123456789abcdef01234567';

export interface CiProject {
  emulator: RunningEmulator;
  root: string;
  /** The repository `dpac init` wrote, a git repository. */
  repo: string;
  /**
   * Its first commit, holding all but the manifests: a pull request's base (its plan runs
   * `--changed-since` it), so every manifest written in the tests is a change of the pull request.
   */
  base: string;
  /** The bin folder with the fakes, then node, then the system. */
  path: string;
  /** package.json's repository, owner/name: where the pipelines download releases from. */
  repository: string;
  /** The folder the fake curl serves release downloads from ($FAKE_RELEASES). */
  releases: string;
  /** This version's release folder (dpac.mjs, SHA256SUMS), and the SHA-256 of its dpac.mjs. */
  release: { dir: string; sha256: string };
  /** Changes the domain by hand, outside the repository (a real apply from another folder). */
  editByHand(description: string): Promise<void>;
  close(): Promise<void>;
}

/** A Domain manifest (the kind `dpac init` gives as its example). */
export const domain = (name: string, description: string) =>
  `apiVersion: dpac/v1\nkind: Domain\nmetadata:\n  name: ${name}\nspec:\n  description: ${description}\n`;

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

export async function startCiProject(
  ci: 'github' | 'gitlab',
  fakes: Record<string, string>,
): Promise<CiProject> {
  const emulator = await startEmulator({ port: 0, quiet: true });
  const root = await mkdtemp(path.join(tmpdir(), `dpac-${ci}-`));
  const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8'));
  const repository = String(pkg.repository).replace(/^github:/, '');
  const releases = path.join(root, 'releases');
  const dir = path.join(releases, repository, `v${VERSION}`);
  const bundle = path.join(dir, 'dpac.mjs');
  execFileSync(process.execPath, [
    path.join(ROOT, 'scripts/bundle.mjs'),
    '--out',
    bundle,
    '--release',
    '--commit',
    RELEASE_COMMIT,
  ]);
  const digest = sha256(await readFile(bundle));
  await writeFile(path.join(dir, 'SHA256SUMS'), `${digest}  dpac.mjs\n`);
  const init = spawnSync(process.execPath, [bundle, 'init', 'repo', '--ci', ci], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(init.stderr).toBe('');
  expect(init.status).toBe(0);

  const repo = path.join(root, 'repo');
  await git(repo, 'init', '--quiet', '--initial-branch=main');
  await git(repo, 'add', '--all', '--', '.', ':(exclude)manifests');
  await git(repo, 'commit', '--quiet', '--message', 'base');
  const base = (await git(repo, 'rev-parse', 'HEAD')).trim();

  const bin = path.join(root, 'bin');
  await mkdir(bin);
  const script = (name: string, body: string) =>
    writeFile(path.join(bin, name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  await script('npm', 'echo "npm must not run in a pipeline: npm $*" >&2\nexit 1');
  for (const [name, file] of Object.entries(fakes))
    await script(name, `exec "${process.execPath}" "${file}" "$@"`);
  const env = { DPAC_URL: emulator.url, DPAC_REFRESH_TOKEN: emulator.adminRefreshToken };
  return {
    emulator,
    root,
    repo,
    base,
    path: `${bin}:${path.dirname(process.execPath)}:/usr/bin:/bin`,
    repository,
    releases,
    release: { dir, sha256: digest },
    async editByHand(description) {
      await writeFile(path.join(root, 'by-hand.yaml'), domain('example', description));
      const byHand = await runBinary(['apply', 'by-hand.yaml', '--auto-approve'], { cwd: root, env });
      expect(byHand.code).toBe(0);
    },
    async close() {
      await emulator.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
