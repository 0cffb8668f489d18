// The fish completion script: `dpac completion fish > ~/.config/fish/completions/dpac.fish`. One
// `complete` line per command and per option of each command, with descriptions and values.
import type { CommandSpec, ValueHint } from './model.js';

export function fishScript(commands: readonly CommandSpec[]): string {
  const lines = [
    '# dpac completion for fish. Save it as ~/.config/fish/completions/dpac.fish',
    'complete -c dpac -f',
    `complete -c dpac -n __fish_use_subcommand -s h -l help -d ${quote('display help')}`,
    `complete -c dpac -n __fish_use_subcommand -s V -l version -d ${quote('print the version')}`,
  ];
  for (const c of commands) {
    lines.push(`complete -c dpac -n __fish_use_subcommand -a ${c.name} -d ${quote(c.description)}`);
    const when = `-n ${quote(`__fish_seen_subcommand_from ${c.name}`)}`;
    for (const o of c.options) {
      const names = [o.short ? `-s ${o.short.slice(1)}` : '', `-l ${o.long.slice(2)}`]
        .filter(Boolean)
        .join(' ');
      lines.push(
        `complete -c dpac ${when} ${names}${o.value ? ` ${values(o.value)}` : ''} -d ${quote(o.description)}`,
      );
    }
    if (c.argument) lines.push(`complete -c dpac ${when} ${arguments_(c.argument)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** An option's value: `-x -a 'words'` (no files), `-r -F` (files), `-x` (anything). */
function values(hint: ValueHint): string {
  if (hint === 'files' || hint === 'folders') return '-r -F';
  if (hint === 'any') return '-x';
  return `-x -a ${quote(hint.words.join(' '))}`;
}

function arguments_(hint: ValueHint): string {
  if (hint === 'files' || hint === 'folders') return '-F';
  if (hint === 'any') return '-f';
  return `-a ${quote(hint.words.join(' '))}`;
}

/** A single-quoted fish word. */
function quote(text: string): string {
  return `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;
}
