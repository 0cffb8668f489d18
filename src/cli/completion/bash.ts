// The bash completion script: `source <(dpac completion bash)`, e.g. in ~/.bashrc. Plain bash
// (compgen, no bash-completion package needed): commands, then per command its options, the
// value an option takes, and its arguments.
import type { CommandSpec, ValueHint } from './model.js';

export function bashScript(commands: readonly CommandSpec[]): string {
  const cases = commands.map((c) => {
    const valued = c.options.filter((o) => o.value);
    const values = valued.map(
      (o) =>
        `        ${[o.short, o.long].filter(Boolean).join('|')}) ${reply(o.value as ValueHint)}; return ;;`,
    );
    const flags = c.options.flatMap((o) => [o.long, ...(o.short ? [o.short] : [])]).join(' ');
    return [
      `    ${c.name})`,
      ...(values.length ? ['      case "$prev" in', ...values, '      esac'] : []),
      `      if [[ "$cur" == -* ]]; then ${reply({ words: flags.split(' ') })}; return; fi`,
      `      ${c.argument ? reply(c.argument) : 'COMPREPLY=()'}`,
      '      ;;',
    ].join('\n');
  });
  const names = commands.map((c) => c.name).join(' ');
  return `# dpac completion for bash. Load it with: source <(dpac completion bash)
_dpac() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" cmd="" i
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "\${COMP_WORDS[i]}" in -*) ;; *) cmd="\${COMP_WORDS[i]}"; break ;; esac
  done
  if [[ -z "$cmd" ]]; then
    COMPREPLY=($(compgen -W "${names} --help --version" -- "$cur"))
    return
  fi
  case "$cmd" in
${cases.join('\n')}
  esac
}
complete -o bashdefault -o default -F _dpac dpac
`;
}

function reply(hint: ValueHint): string {
  if (hint === 'any') return 'COMPREPLY=()';
  if (hint === 'files') return 'COMPREPLY=($(compgen -f -- "$cur"))';
  if (hint === 'folders') return 'COMPREPLY=($(compgen -d -- "$cur"))';
  return `COMPREPLY=($(compgen -W "${hint.words.join(' ')}" -- "$cur"))`;
}
