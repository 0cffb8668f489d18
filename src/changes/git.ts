// git, run as a child process, for `--changed-since REF`: the repository around the project, the
// commit REF names, the files changed between it and the working tree (untracked ones included),
// and their text at that commit. Every failure is a GitProblem whose message says what to do.
import { spawn } from 'node:child_process';
import path from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

/** A failure of git worth telling the user: the message is complete and safe to print. */
export class GitProblem extends Error {}

export interface ChangedPath {
  status: 'added' | 'modified' | 'deleted' | 'renamed';
  /** Absolute path in the working tree (for `deleted`, where the file was). */
  path: string;
  /** A renamed file's path at the commit (absolute). */
  from?: string;
}

export interface Repository {
  /** The working tree's top folder (absolute, as git reports it). */
  top: string;
  /** A shallow clone holds only some of the history (CI checkouts). */
  shallow: boolean;
  env: Env;
}

/** The repository holding `folder`, or a GitProblem (no git, or not a git working tree). */
export async function openRepository(folder: string, env: Env, flag: string): Promise<Repository> {
  const gitEnv = environmentForGit(env);
  const asked = ['rev-parse', '--show-toplevel', '--is-shallow-repository'];
  const found = await git(asked, folder, gitEnv).catch((error: Error) => {
    throw new GitProblem(
      `${flag} needs git, and git could not be run (${error.message}). Install git, or plan without ${flag}.`,
    );
  });
  if (found.code !== 0)
    throw new GitProblem(
      `${flag}: ${folder} is not inside a git working tree (git: ${firstLine(found.stderr)}). Run dpac in a clone of the repository, or plan without ${flag}.`,
    );
  const [top = '', shallow] = found.stdout.toString('utf8').trim().split('\n');
  return { top, shallow: shallow === 'true', env: gitEnv };
}

/**
 * The commit `ref` names. An unknown ref is an error that says whether the clone is shallow (a CI
 * checkout usually is, and then holds neither older commits nor other branches) and how to fetch it.
 */
export async function resolveCommit(repo: Repository, ref: string, flag: string): Promise<string> {
  if (ref === '' || ref.startsWith('-'))
    throw new GitProblem(`${flag} takes a git ref (a branch, tag or commit), not ${JSON.stringify(ref)}.`);
  const resolved = await git(
    ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`],
    repo.top,
    repo.env,
  );
  if (resolved.code === 0) return resolved.stdout.toString('utf8').trim();
  if (repo.shallow)
    throw new GitProblem(
      `${flag} ${ref}: this clone is shallow (as CI checkouts are) and does not hold ${ref}. Fetch it first (git fetch --no-tags --depth=1 origin ${ref}), or check out with more history: actions/checkout with fetch-depth: 2 on a pull request's merge commit, or 0 for all of it; GitLab GIT_DEPTH: 0.`,
    );
  throw new GitProblem(
    `${flag} ${ref}: no commit of that name in this repository. Name a branch, tag or commit it holds (git fetch it first if it is only on a remote).`,
  );
}

/**
 * Files under `paths` that differ between `commit` and the working tree, renames followed, plus
 * the untracked files git does not ignore (a new manifest not yet added is a change too).
 */
export async function changedPaths(
  repo: Repository,
  commit: string,
  paths: readonly string[],
): Promise<ChangedPath[]> {
  const spec = ['--', ...paths];
  const [diff, untracked] = await Promise.all([
    mustRun(repo, [
      'diff',
      '--name-status',
      '-z',
      '--find-renames',
      '--no-ext-diff',
      '--no-textconv',
      commit,
      ...spec,
    ]),
    mustRun(repo, ['ls-files', '--others', '--exclude-standard', '-z', ...spec]),
  ]);
  const out: ChangedPath[] = [];
  const fields = diff.toString('utf8').split('\0');
  for (let i = 0; i < fields.length - 1; ) {
    const status = fields[i++] ?? '';
    const first = path.join(repo.top, fields[i++] ?? '');
    // Renames and copies name two paths: where it was, where it is.
    if (status.startsWith('R') || status.startsWith('C')) {
      const to = path.join(repo.top, fields[i++] ?? '');
      out.push(
        status.startsWith('R') ? { status: 'renamed', path: to, from: first } : { status: 'added', path: to },
      );
    } else if (status === 'A') out.push({ status: 'added', path: first });
    else if (status === 'D') out.push({ status: 'deleted', path: first });
    else out.push({ status: 'modified', path: first });
  }
  for (const file of names(repo, untracked)) out.push({ status: 'added', path: file });
  return out;
}

/** The text of each file (absolute paths in the working tree) at `commit`, in one git process. */
export async function textsAt(
  repo: Repository,
  commit: string,
  files: readonly string[],
): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  if (files.length === 0) return texts;
  const names = files.map((f) => path.relative(repo.top, f).split(path.sep).join('/'));
  if (names.some((n) => n.includes('\n')))
    throw new GitProblem(
      'A changed file has a line break in its name; git cannot be asked for it in one batch.',
    );
  const input = names.map((n) => `${commit}:${n}\n`).join('');
  const out = await mustRun(repo, ['cat-file', '--batch'], input);
  let at = 0;
  for (const file of files) {
    const end = out.indexOf(10, at);
    const header = out.subarray(at, end).toString('utf8');
    at = end + 1;
    const size = /^[0-9a-f]+ blob (\d+)$/.exec(header)?.[1];
    if (size === undefined) continue;
    texts.set(file, out.subarray(at, at + Number(size)).toString('utf8'));
    at += Number(size) + 1;
  }
  return texts;
}

/**
 * Files under `paths` (absolute) of the working tree holding any of `strings`, untracked ones that
 * git does not ignore included; git reads them (a thousand files in a few tens of ms, many threads).
 */
export async function filesContaining(
  repo: Repository,
  strings: readonly string[],
  paths: readonly string[],
): Promise<string[]> {
  const patterns = strings.filter((s) => s !== '');
  if (patterns.length === 0) return [];
  return grep(repo, ['-F', '-f', '-'], paths, `${patterns.join('\n')}\n`);
}

/** Files under `paths` with a line matching one of these extended regular expressions. */
export function filesMatching(
  repo: Repository,
  expressions: readonly string[],
  paths: readonly string[],
): Promise<string[]> {
  return grep(repo, ['-E', ...expressions.flatMap((e) => ['-e', e])], paths);
}

/** The files under `paths` git sees: tracked, or untracked and not ignored (absolute). */
export async function visibleFiles(repo: Repository, paths: readonly string[]): Promise<Set<string>> {
  const out = await mustRun(repo, [
    'ls-files',
    '-z',
    '--cached',
    '--others',
    '--exclude-standard',
    '--',
    ...paths,
  ]);
  return new Set(names(repo, out));
}

async function grep(
  repo: Repository,
  how: string[],
  paths: readonly string[],
  input?: string,
): Promise<string[]> {
  const args = ['grep', '-l', '-z', '--full-name', '--untracked', '--no-color', ...how, '--', ...paths];
  const run = await git(args, repo.top, repo.env, input);
  // 1: nothing matched.
  if (run.code === 1) return [];
  if (run.code !== 0) throw new GitProblem(`git grep failed: ${firstLine(run.stderr)}`);
  return names(repo, run.stdout);
}

/** NUL-separated paths relative to the top, made absolute. */
function names(repo: Repository, out: Buffer): string[] {
  return out
    .toString('utf8')
    .split('\0')
    .filter(Boolean)
    .map((p) => path.join(repo.top, p));
}

async function mustRun(repo: Repository, args: string[], input?: string): Promise<Buffer> {
  const run = await git(args, repo.top, repo.env, input);
  if (run.code !== 0) throw new GitProblem(`git ${args[0]} failed: ${firstLine(run.stderr)}`);
  return run.stdout;
}

/**
 * What git needs of the environment and nothing more (no platform credential reaches it), with
 * optional locks off (a plan never writes to .git) and no prompt or pager.
 */
function environmentForGit(env: Env): Record<string, string> {
  const kept = [
    'PATH',
    'HOME',
    'USERPROFILE',
    'XDG_CONFIG_HOME',
    'SYSTEMROOT',
    'SystemRoot',
    'TMPDIR',
    'TEMP',
    'TMP',
  ];
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env))
    if (value !== undefined && (kept.includes(name) || name.startsWith('GIT_'))) out[name] = value;
  return { ...out, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', LC_ALL: 'C' };
}

function git(
  args: string[],
  cwd: string,
  env: Record<string, string> | Env,
  input?: string,
): Promise<{ code: number; stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd, env: env as NodeJS.ProcessEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({
        code: code ?? 1,
        stdout: Buffer.concat(stdout),
        stderr: Buffer.concat(stderr).toString('utf8'),
      }),
    );
    child.stdin.on('error', () => {});
    child.stdin.end(input ?? '');
  });
}

function firstLine(text: string): string {
  return (
    text
      .trim()
      .split('\n')[0]
      ?.replace(/^fatal: /, '') ?? 'no message'
  );
}
