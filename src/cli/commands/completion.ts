// `dpac completion bash|zsh|fish`: prints the shell's completion script (commands, options, the
// values they take, kinds for --select), generated from this very program.
import { Argument, Command } from 'commander';
import { bashScript } from '../completion/bash.js';
import { fishScript } from '../completion/fish.js';
import { completionModel } from '../completion/model.js';
import { zshScript } from '../completion/zsh.js';
import { EXIT } from '../exit-codes.js';
import { registerCommand } from '../program.js';

const SCRIPTS = { bash: bashScript, zsh: zshScript, fish: fishScript };

registerCommand((io, setExit) =>
  new Command('completion')
    .description('Print the shell completion script (bash, zsh or fish).')
    .addArgument(new Argument('<shell>', 'the shell').choices(Object.keys(SCRIPTS)))
    .addHelpText(
      'after',
      [
        '',
        'Install:',
        '  bash  source <(dpac completion bash)                     (in ~/.bashrc)',
        '  zsh   dpac completion zsh > "${fpath[1]}/_dpac"           (then restart zsh)',
        '  fish  dpac completion fish > ~/.config/fish/completions/dpac.fish',
      ].join('\n'),
    )
    .action((shell: keyof typeof SCRIPTS, _flags: object, command: Command) => {
      const program = command.parent as Command;
      io.out(SCRIPTS[shell](completionModel(program)).trimEnd());
      setExit(EXIT.ok);
    }),
);
