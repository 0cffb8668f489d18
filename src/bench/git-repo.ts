// A git repository around a manifest folder, for the scoped-plan bench and the tests of
// `--changed-since`: git run asynchronously (an emulator may share the process), with a fixed
// identity and no user or system configuration.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

const ENV = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'dpac bench',
  GIT_AUTHOR_EMAIL: 'bench@dpac.invalid',
  GIT_COMMITTER_NAME: 'dpac bench',
  GIT_COMMITTER_EMAIL: 'bench@dpac.invalid',
};

/** `git ARGS` in `dir`; its standard output. */
export async function git(dir: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('git', args, { cwd: dir, env: ENV, maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

/** Commits every file of the working tree (a new repository first when there is none); the commit. */
export async function commitAll(dir: string, message: string): Promise<string> {
  await git(dir, 'init', '--quiet', '--initial-branch=main').catch(() => undefined);
  await git(dir, 'add', '--all');
  await git(dir, 'commit', '--quiet', '--allow-empty', '--message', message);
  return (await git(dir, 'rev-parse', 'HEAD')).trim();
}
