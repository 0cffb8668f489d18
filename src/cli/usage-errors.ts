// A usage error (an unknown command or option, a bad or missing argument) prints commander's one
// line, a suggestion when the word is a typo of a real one, and where the usage is: `See dpac
// plan --help.` — never the whole help, which buries the one line that matters.
import type { Command } from 'commander';
import { typoOf } from '../manifest/did-you-mean.js';

/** Makes `command` report its usage errors this way (commander's own suggestions are off). */
export function explainUsageErrors(command: Command, path: string): Command {
  return command.showSuggestionAfterError(false).configureOutput({
    outputError: (message, write) => write(explain(command, path, message)),
  });
}

function explain(command: Command, path: string, message: string): string {
  const suggestion = suggest(command, message);
  return `${message.trimEnd()}\n${suggestion ? `${suggestion}\n` : ''}See ${path} --help.\n`;
}

function suggest(command: Command, message: string): string | undefined {
  const option = /^error: unknown option '(.+)'/.exec(message)?.[1];
  if (option !== undefined) return suggestOption(command, option);
  const name = /^error: unknown command '(.+)'/.exec(message)?.[1];
  if (name === undefined) return undefined;
  const close = typoOf(
    name,
    command.commands.map((c) => c.name()),
  );
  return close ? `Did you mean dpac ${close}?` : undefined;
}

/** A long option given with one dash (`-auto-approve`), or a typo of one. */
function suggestOption(command: Command, flag: string): string | undefined {
  const longs = [...command.options, ...(command.parent?.options ?? [])].flatMap((o) =>
    o.long ? [o.long] : [],
  );
  const word = flag.replace(/^-+/, '').split('=')[0] as string;
  if (!flag.startsWith('--') && longs.includes(`--${word}`))
    return `Did you mean --${word}? Long options take two dashes.`;
  const close = typoOf(
    word,
    longs.map((l) => l.slice(2)),
  );
  return close ? `Did you mean --${close}?` : undefined;
}
