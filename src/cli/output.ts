// How a command shows its result, decided once per run: the format (`-o/--output`, with the
// older `--json`, `--markdown` and `--format` as aliases) and whether to colour. Commands then call
// the chosen format's renderer (render/view.ts); none branches on the format itself.
import { type Command, Option } from 'commander';
import type { Style } from '../render/style.js';
import type { Views } from '../render/view.js';
import type { CliIo } from './io.js';

/** The older spellings a command keeps: `--json`, `--markdown`, `--format <format>`. */
export type OutputAlias = 'json' | 'markdown' | 'format';

export interface OutputFlags {
  output?: string;
  format?: string;
  json?: boolean;
  markdown?: boolean;
  color?: boolean;
}

export interface Output<Model> {
  format: string;
  style: Style;
  render(model: Model): string;
}

/**
 * Adds `-o, --output <format>` with the formats of `views` (the first is the default) and the
 * aliases the command had before. Giving two of them is a usage error, even when they agree.
 */
export function addOutputOption<Format extends string>(
  command: Command,
  views: Views<never, Format>,
  aliases: readonly OutputAlias[] = [],
): Command {
  const formats = Object.keys(views) as Format[];
  const flags = ['output', ...aliases];
  const others = (self: string) => flags.filter((f) => f !== self);
  command.addOption(
    new Option('-o, --output <format>', `output format (default: ${formats[0]})`).choices(formats),
  );
  for (const alias of aliases) {
    const option =
      alias === 'format'
        ? new Option('--format <format>', 'alias of --output').choices(formats)
        : new Option(`--${alias}`, `alias of --output ${alias}`);
    command.addOption(option.conflicts(others(alias)));
  }
  return command;
}

export function addColorOption(command: Command): Command {
  return command.option(
    '--no-color',
    'plain output without colours (also NO_COLOR; FORCE_COLOR forces them)',
  );
}

/** The one place the format is read from the flags. */
export function outputFor<Model, Format extends string>(
  io: CliIo,
  flags: OutputFlags,
  views: Views<Model, Format>,
): Output<Model> {
  const format = (flags.output ??
    flags.format ??
    (flags.json ? 'json' : flags.markdown ? 'markdown' : Object.keys(views)[0])) as Format;
  const style = styleFor(io, flags);
  return { format, style, render: (model) => views[format](model, style) };
}

/**
 * Colour: `--no-color` turns it off; else FORCE_COLOR turns it on (off when `0` or `false`) and
 * wins over NO_COLOR, as in Node itself; else NO_COLOR turns it off; else only on a terminal
 * that is not TERM=dumb. Empty variables count as unset (no-color.org, force-color.org).
 */
export function styleFor(io: Pick<CliIo, 'env' | 'isTty'>, flags: { color?: boolean } = {}): Style {
  return { color: colorEnabled(io, flags.color) };
}

function colorEnabled(io: Pick<CliIo, 'env' | 'isTty'>, flag: boolean | undefined): boolean {
  if (flag === false) return false;
  const force = io.env.FORCE_COLOR;
  if (force) return force !== '0' && force !== 'false';
  if (io.env.NO_COLOR) return false;
  return io.isTty && io.env.TERM !== 'dumb';
}
