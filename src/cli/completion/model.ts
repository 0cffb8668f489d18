// What shell completion knows, read from the commander program itself so it never drifts from
// the commands: each command, its options (which take a value, and what that value may be) and
// its arguments. Kinds complete --select, --exclude and an import's address; files complete the
// options and arguments that name files.
import type { Command } from 'commander';
import { KIND_NAMES } from '../../kinds/index.js';

/** What a value may be: a word from a list, a file or folder name, or anything (nothing to offer). */
export type ValueHint = { words: readonly string[] } | 'files' | 'folders' | 'any';

export interface OptionSpec {
  /** `--select` (without its short form). */
  long: string;
  /** `-o`, when it has one. */
  short?: string;
  description: string;
  /** Absent for a flag. */
  value?: ValueHint;
  /** Repeatable (--select, --var…). */
  repeatable: boolean;
}

export interface CommandSpec {
  name: string;
  description: string;
  options: OptionSpec[];
  /** What its positional arguments complete to, or undefined when it takes none. */
  argument?: ValueHint;
}

const FILE_OPTIONS = new Set(['--out', '--plan', '--var-file', '--ca-file', '--data']);
const KIND_OPTIONS = new Set(['--select', '--exclude']);
const REPEATABLE = new Set(['--select', '--exclude', '--var', '--var-file']);

export function completionModel(program: Command): CommandSpec[] {
  return program.commands.map((command) => ({
    name: command.name(),
    description: command.description(),
    options: [
      ...command.options.map((o): OptionSpec => {
        const long = o.long ?? o.flags;
        const takesValue = o.required || o.optional;
        const value: ValueHint | undefined = !takesValue
          ? undefined
          : o.argChoices
            ? { words: o.argChoices }
            : KIND_OPTIONS.has(long)
              ? { words: KIND_NAMES }
              : FILE_OPTIONS.has(long)
                ? 'files'
                : 'any';
        return {
          long,
          ...(o.short ? { short: o.short } : {}),
          description: o.description,
          ...(value ? { value } : {}),
          repeatable: REPEATABLE.has(long),
        };
      }),
      { long: '--help', short: '-h', description: 'display help for command', repeatable: false },
    ],
    ...argumentOf(command),
  }));
}

function argumentOf(command: Command): { argument?: ValueHint } {
  const [first] = command.registeredArguments;
  if (!first) return {};
  if (first.argChoices) return { argument: { words: first.argChoices } };
  if (first.name() === 'address') return { argument: { words: KIND_NAMES } };
  if (first.name() === 'dir') return { argument: 'folders' };
  return { argument: 'files' };
}
