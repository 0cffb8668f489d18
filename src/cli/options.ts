// Shared CLI options: --var, --var-file, --target (manifest loading), --select, --parallelism.
// Parsers throw commander's InvalidArgumentError, so a bad flag is a usage error (exit 1).
import { type Command, InvalidArgumentError, Option } from 'commander';
import { selectorFrom, selectorParts } from '../core/address.js';
import { isKindName, KIND_NAMES, type KindName } from '../kinds/index.js';
import { didYouMean } from '../manifest/did-you-mean.js';
import type { LoadManifestsOptions } from '../manifest/load-manifests.js';
import { MAX_PARALLELISM, parallelismSchema } from '../manifest/project-config.js';
import type { CliIo } from './io.js';

/** What commander hands a command that called addManifestOptions. */
export interface ManifestFlags {
  var?: Record<string, string>;
  varFile?: string[];
  target?: string;
  /** `--changed-since REF` (plan and apply only). */
  changedSince?: string;
}

/** `--select Table/sales_db/orders`: a kind and, optionally, a name path below it. */
export interface Selector {
  kind: KindName;
  /** Parent names then name; empty selects every object of the kind. */
  names: string[];
}

/** What commander hands a command that called addSelectOption. */
export interface SelectFlags {
  select?: Selector[];
  exclude?: Selector[];
}

const VAR_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** `K=V` into the accumulated map; the value may contain `=`. */
function parseVarFlag(value: string, previous: Record<string, string> | undefined): Record<string, string> {
  const eq = value.indexOf('=');
  const name = eq < 0 ? value : value.slice(0, eq);
  if (eq < 0 || !VAR_NAME.test(name)) {
    throw new InvalidArgumentError('expected NAME=VALUE (NAME: letters, digits, _ . -).');
  }
  return { ...(previous ?? {}), [name]: value.slice(eq + 1) };
}

function collectList(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

function parseSelector(value: string): Selector {
  const { kind, names } = selectorParts(value);
  if (!isKindName(kind)) {
    const hint = didYouMean(kind, KIND_NAMES);
    throw new InvalidArgumentError(`unknown kind ${kind}.${hint ? ` Did you mean ${hint}?` : ''}`);
  }
  if (names.some((n) => n === ''))
    throw new InvalidArgumentError('expected KIND or KIND/NAME (no empty names).');
  return { kind, names };
}

/**
 * Commander copies exitOverride/configureOutput only to subcommands made with `.command()`, not to
 * those added with `addCommand`: without this a usage error would call process.exit and print to
 * the real stderr. Harmless once program.ts applies `copyInheritedSettings`.
 */
export function addManifestOptions(command: Command): Command {
  return command
    .addOption(
      new Option(
        '--var <NAME=VALUE>',
        'set ${var.NAME} (repeatable; beats --var-file and target variables)',
      ).argParser(parseVarFlag),
    )
    .addOption(
      new Option('--var-file <FILE>', 'read variables from a YAML or JSON map (repeatable)').argParser(
        collectList,
      ),
    )
    .option('--target <NAME>', 'use a target from dpac.yaml (its variables, url and name maps)');
}

/** `--select` and `--exclude`, both repeatable; an exclude wins over a select. */
export function addSelectOption(command: Command): Command {
  const collect = (value: string, previous: Selector[] | undefined) => [
    ...(previous ?? []),
    parseSelector(value),
  ];
  return command
    .addOption(
      new Option(
        '--select <KIND[/NAME]>',
        'limit to a kind or one object (repeatable; a parent selects its children)',
      ).argParser(collect),
    )
    .addOption(
      new Option(
        '--exclude <KIND[/NAME]>',
        'leave out a kind or objects, names as globs like Source/tmp_* (repeatable; wins over --select; a parent excludes its children)',
      ).argParser(collect),
    );
}

/** `--changed-since REF`, for plan and apply (drift always reads everything). */
export function addChangedSinceOption(command: Command): Command {
  return command.option(
    '--changed-since <ref>',
    'plan only the manifests changed since this git commit (and what they refer to or what refers to them); nothing else is read or deleted',
  );
}

/** Selectors as `KIND/NAME...` text. */
export function selectorTexts(selectors: readonly Selector[] | undefined): string[] | undefined {
  return selectors?.map((s) => selectorFrom(s.kind, s.names));
}

/** loadManifests options for a command run in `io.cwd`. */
export function loadOptionsFrom(
  paths: readonly string[],
  flags: ManifestFlags,
  io: CliIo,
): LoadManifestsOptions {
  return {
    paths: paths.length > 0 ? paths : undefined,
    cwd: io.cwd,
    env: io.env,
    vars: flags.var ?? {},
    varFiles: flags.varFile ?? [],
    target: flags.target,
    ...(flags.changedSince === undefined ? {} : { changedSince: flags.changedSince }),
  };
}

/** `--parallelism N`, checked by the same schema as dpac.yaml's `parallelism`. */
export function parseParallelism(value: string): number {
  const parsed = parallelismSchema.safeParse(/^\d+$/.test(value.trim()) ? Number(value) : Number.NaN);
  if (!parsed.success)
    throw new InvalidArgumentError(`expected a whole number from 1 to ${MAX_PARALLELISM}.`);
  return parsed.data;
}
