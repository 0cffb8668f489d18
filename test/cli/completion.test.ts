// `dpac completion bash|zsh|fish`: each script parses in its shell, and completes commands, options,
// option values (kinds for --select, formats for -o) and arguments when the shell runs it. bash is
// on every machine; zsh and fish where installed (.ci/run installs them; a test says when one is missing).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import { KIND_NAMES } from '../../src/kinds/index.js';
import { captureIo } from '../helpers/capture-io.js';

const has = (shell: string) => spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0;

let dir: string;
const scripts: Record<string, string> = {};
const files: Record<string, string> = {};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dpac-completion-'));
  for (const shell of ['bash', 'zsh', 'fish']) {
    const io = captureIo(dir);
    expect(await runCli(['completion', shell], io)).toBe(0);
    scripts[shell] = io.stdout.join('\n');
    files[shell] = path.join(dir, `dpac.${shell}`);
    await writeFile(files[shell], `${scripts[shell]}\n`);
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const COMMANDS = ['init', 'validate', 'plan', 'apply', 'destroy', 'import', 'ls', 'fmt', 'completion'];

describe('the completion scripts', () => {
  it.each(['bash', 'zsh', 'fish'])('%s names every command and every kind', (shell) => {
    for (const name of [...COMMANDS, ...KIND_NAMES]) expect(scripts[shell]).toContain(name);
  });

  it('refuses a shell it has no script for', async () => {
    const io = captureIo(dir);
    expect(await runCli(['completion', 'tcsh'], io)).toBe(1);
    expect(io.stderr.join('\n')).toMatch(/'tcsh' is invalid.*Allowed choices are bash, zsh, fish\./);
  });
});

describe('bash', () => {
  /** COMPREPLY for the words typed so far (the last one being completed). */
  const complete = (...words: string[]) =>
    execFileSync(
      'bash',
      [
        '-c',
        `source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _dpac; printf '%s\\n' "\${COMPREPLY[@]}"`,
        'complete',
        files.bash as string,
        ...words,
      ],
      { encoding: 'utf8', cwd: dir },
    )
      .split('\n')
      .filter(Boolean)
      .sort();

  it('parses (bash -n)', () => {
    expect(spawnSync('bash', ['-n', files.bash as string]).status).toBe(0);
  });

  it('completes commands, options, their values and arguments', () => {
    expect(complete('dpac', 'pl')).toEqual(['plan']);
    expect(complete('dpac', 'de')).toEqual(['destroy']);
    expect(complete('dpac', 'destroy', '--auto')).toEqual(['--auto-approve']);
    expect(complete('dpac', 'plan', '--select', 'Tab')).toEqual(['Table', 'TableGroup']);
    expect(complete('dpac', 'ls', '-o', '')).toEqual(['json', 'text']);
    expect(complete('dpac', 'completion', '')).toEqual(['bash', 'fish', 'zsh']);
    expect(complete('dpac', 'import', 'Sou')).toEqual(['Source']);
    expect(complete('dpac', 'fmt', 'dpac.b')).toEqual(['dpac.bash']);
  });
});

describe.skipIf(!has('fish'))('fish', () => {
  const complete = (line: string) =>
    execFileSync('fish', ['-c', `source ${files.fish}; complete -C '${line}'`], {
      encoding: 'utf8',
      cwd: dir,
    })
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split('\t')[0])
      .sort();

  it('parses (fish --no-execute)', () => {
    expect(spawnSync('fish', ['--no-execute', files.fish as string]).status).toBe(0);
  });

  it('completes commands, options and their values', () => {
    expect(complete('dpac pl')).toEqual(['plan']);
    expect(complete('dpac destroy --auto')).toEqual(['--auto-approve']);
    expect(complete('dpac plan --select Tab')).toEqual(['Table', 'TableGroup']);
    expect(complete('dpac ls -o ')).toEqual(['json', 'text']);
  });
});

/**
 * Types a line, Tab twice and a marker into an interactive zsh (zpty); the screen up to the
 * marker's echo (zle handles keys in order, so the completion has been drawn by then).
 */
const ZSH_DRIVER = `zmodload zsh/zpty
zpty z zsh -f -i
read_until() {
  local chunk end=$(( SECONDS + 20 ))
  out=''
  while (( SECONDS < end )); do
    if zpty -r -t z chunk; then out+=$chunk; [[ $out == *$1* ]] && return 0; else sleep 0.05; fi
  done
  return 1
}
zpty -w z "PROMPT='%% '; autoload -U compinit; compinit -u -D; source \${(q)1}; zstyle ':completion:*' list-prompt ''; print READY\\$((1+1))"
read_until READY2 || { print -u2 'zsh did not start'; exit 2 }
zpty -w -n z "$2"$'\\t\\t'QQ
read_until QQ; print -r -- "$out"
zpty -d z
`;

describe.skipIf(!has('zsh'))('zsh', () => {
  const screen = async (line: string) => {
    const driver = path.join(dir, 'driver.zsh');
    await writeFile(driver, ZSH_DRIVER);
    const out = spawnSync('zsh', ['-f', driver, files.zsh as string, line], {
      encoding: 'utf8',
      cwd: dir,
      timeout: 60_000,
    });
    // Without the terminal's escape sequences.
    return out.stdout.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, '');
  };

  it('parses (zsh -n)', () => {
    expect(spawnSync('zsh', ['-n', files.zsh as string]).status).toBe(0);
  });

  it('completes commands, option values and arguments in an interactive zsh', async () => {
    expect(await screen('dpac pl')).toContain('dpac plan');
    expect(await screen('dpac plan --select Tab')).toMatch(/Table\s+TableGroup/);
    expect(await screen('dpac ls -o ')).toMatch(/json\s+text/);
    expect(await screen('dpac completion ')).toMatch(/bash\s+fish\s+zsh/);
  }, 120_000);
});
