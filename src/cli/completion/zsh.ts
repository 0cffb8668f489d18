// The zsh completion script: save it as _dpac in a folder of $fpath (`dpac completion zsh >
// "\${fpath[1]}/_dpac"`), or `source <(dpac completion zsh)` after compinit. _arguments per
// command: options with their descriptions and values, then the arguments.
import type { CommandSpec, OptionSpec, ValueHint } from './model.js';

export function zshScript(commands: readonly CommandSpec[]): string {
  const described = commands.map((c) => `    ${quote(`${c.name.replace(/:/g, '\\:')}:${c.description}`)}`);
  const cases = commands.map((c) => {
    const specs = [
      ...c.options.map(optionSpec),
      ...(c.argument ? [quote(`*:argument:${action(c.argument)}`)] : []),
    ];
    return [
      `    ${c.name})`,
      `      _arguments -s \\\n        ${specs.join(' \\\n        ')}`,
      '      ;;',
    ].join('\n');
  });
  return `#compdef dpac
# dpac completion for zsh. Save it as _dpac in a folder of $fpath, or: source <(dpac completion zsh)
_dpac() {
  local -a commands
  commands=(
${described.join('\n')}
  )
  local state line
  _arguments -C '(- *)'{-h,--help}'[display help]' '(- *)'{-V,--version}'[print the version]' \\
    '1: :->command' '*:: :->argument'
  case $state in
  command) _describe -t commands 'dpac command' commands ;;
  argument)
    case $words[1] in
${cases.join('\n')}
    esac
    ;;
  esac
}
if [[ "$funcstack[1]" == _dpac ]]; then _dpac "$@"; else compdef _dpac dpac; fi
`;
}

/** `'*--select=[limit to a kind]:value:(Environment …)'`, with its short form when it has one. */
function optionSpec(o: OptionSpec): string {
  const help = `[${o.description.replace(/[[\]\\:]/g, (c) => `\\${c}`)}]`;
  const value = o.value ? `:value:${action(o.value)}` : '';
  const names = o.short ? [o.short, o.long] : [o.long];
  const exclusive = o.repeatable ? '*' : `(${names.join(' ')})`;
  // A value after `--long=` or as the next word; after `-s` in the same word or the next.
  const withValue = (n: string) => (o.value ? `${n}${n.startsWith('--') ? '=' : '+'}` : n);
  if (names.length === 1) return quote(`${exclusive}${withValue(o.long)}${help}${value}`);
  return `${quote(exclusive)}{${names.map(withValue).join(',')}}${quote(`${help}${value}`)}`;
}

function action(hint: ValueHint): string {
  if (hint === 'any') return ' ';
  if (hint === 'files') return '_files';
  if (hint === 'folders') return '_files -/';
  return `(${hint.words.join(' ')})`;
}

/** A single-quoted zsh word. */
function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
