// Builds the commander program. Each command lives in its own file and returns an exit code.
import { Command } from 'commander';
import { VERSION } from '../version.js';
import type { CliIo } from './io.js';
import { explainUsageErrors } from './usage-errors.js';

export type CommandFactory = (io: CliIo, setExit: (code: number) => void) => Command;

const factories: CommandFactory[] = [];

/** Commands register themselves here (see cli/commands/index.ts). */
export function registerCommand(factory: CommandFactory): void {
  factories.push(factory);
}

export function buildProgram(io: CliIo, setExit: (code: number) => void): Command {
  const program = new Command('dpac')
    .description('Run a data platform as code: validate, plan, apply, drift and export v3 API configuration.')
    .version(VERSION)
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) })
    .exitOverride();
  for (const factory of factories) {
    const command = factory(io, setExit).copyInheritedSettings(program);
    program.addCommand(explainUsageErrors(command, `dpac ${command.name()}`));
  }
  return explainUsageErrors(program, 'dpac');
}
