// What the cross-manifest rules see: the valid manifests, their references, and what is declared.

import { makeAddress } from '../../core/address.js';
import type { Diagnostic, SourceLocation } from '../../core/diagnostic.js';
import type { Ref } from '../../kinds/kind.js';
import { didYouMean } from '../did-you-mean.js';
import type { ExternalDeclaration, ExternalMatcher } from '../external.js';
import type { KindRegistry, Manifest } from '../manifest.js';

export interface RuleInput {
  manifests: readonly Manifest[];
  /** The first manifest declaring each address. */
  declared: ReadonlyMap<string, Manifest>;
  /** Addresses of documents that failed validation: they exist, just not validly, so no cascades. */
  invalid: ReadonlySet<string>;
  /** External declarations: manifests with metadata.external, then dpac.yaml `external:`. */
  externals: readonly ExternalDeclaration[];
  /** The same as a lookup (a pattern declares every address it matches, for references). */
  external: ExternalMatcher;
  /** Each manifest's references (from `kind.refs`). */
  refs: ReadonlyMap<Manifest, readonly Ref[]>;
  registry: KindRegistry;
  /** Location of a document-level pointer (e.g. `/metadata/source`) of a manifest. */
  locateInDocument(manifest: Manifest, pointer: string): SourceLocation | undefined;
}

export function isDeclared(input: RuleInput, address: string): boolean {
  return input.declared.has(address) || input.invalid.has(address) || input.external(address) !== undefined;
}

/** The glob of dpac.yaml `external:` that alone covers `address` (no manifest or exact entry does). */
function coveringPattern(input: RuleInput, address: string): string | undefined {
  if (input.declared.has(address) || input.invalid.has(address)) return undefined;
  const external = input.external(address);
  return external?.pattern ? external.address : undefined;
}

/**
 * A reference (or parent) that only a glob of `external:` covers cannot be checked offline: said
 * once per address (`told`), as a note, or a warning with the known name it likely meant. Undefined
 * when no glob alone covers it.
 */
export function onlyCoveredByGlob(
  input: RuleInput,
  told: Set<string>,
  from: Manifest,
  address: string,
  // Located only when said: locating may run the full YAML parser over the file.
  locate: () => SourceLocation,
): Diagnostic | 'told' | undefined {
  const pattern = coveringPattern(input, address);
  if (pattern === undefined) return undefined;
  if (told.has(address)) return 'told';
  told.add(address);
  const suggestion = suggestionSuffix(input, address);
  return {
    severity: suggestion ? 'warning' : 'note',
    summary: `${from.address} refers to ${address}, which no manifest declares; the external ${pattern} covers it, so only plan checks that it exists on the platform.${suggestion}`,
    detail: `A typo here passes validate: plan fails if ${address} does not exist. List it under external: in dpac.yaml by its name to have validate know it.`,
    address: from.address,
    source: locate(),
  };
}

/** The declared address of the same kind closest to `address` (compared without the kind prefix). */
function suggestAddress(input: RuleInput, address: string): string | undefined {
  // Many references usually miss the same address; compute each suggestion once.
  let memo = suggestions.get(input);
  if (!memo) {
    memo = new Map();
    suggestions.set(input, memo);
  }
  if (!memo.has(address)) memo.set(address, computeSuggestion(input, address));
  return memo.get(address);
}

const suggestions = new WeakMap<RuleInput, Map<string, string | undefined>>();

function computeSuggestion(input: RuleInput, address: string): string | undefined {
  const kind = address.slice(0, address.indexOf('/') + 1);
  const known = knownAddresses(input);
  const own = known.get(address) ?? 0;
  // Only a name better known than this one: declared, or used more often under a glob.
  const names = [...known]
    .filter(([a, uses]) => a.startsWith(kind) && uses > own)
    .map(([a]) => a.slice(kind.length));
  const hint = didYouMean(address.slice(kind.length), names);
  return hint === undefined ? undefined : `${kind}${hint}`;
}

/**
 * Every address the project knows exists or will, with how well: declared (validly or not) or
 * declared external (for sure), or referred to under a glob of `external:` (as often as it is: a
 * name other manifests use is likelier right than one used once).
 */
function knownAddresses(input: RuleInput): Map<string, number> {
  let known = knownMemo.get(input);
  if (known) return known;
  known = new Map();
  for (const a of [...input.declared.keys(), ...input.invalid]) known.set(a, Number.POSITIVE_INFINITY);
  for (const e of input.externals) if (!e.pattern) known.set(e.address, Number.POSITIVE_INFINITY);
  for (const [manifest, refs] of input.refs) {
    const parent = parentAddressIn(input, manifest);
    for (const address of [...refs.map((r) => r.address), ...(parent ? [parent] : [])])
      if (coveringPattern(input, address)) known.set(address, (known.get(address) ?? 0) + 1);
  }
  knownMemo.set(input, known);
  return known;
}

const knownMemo = new WeakMap<RuleInput, Map<string, number>>();

/** The address of a manifest's parent, from its metadata (child kinds only). */
export function parentAddressIn(input: RuleInput, manifest: Manifest): string | undefined {
  const parentKind = input.registry[manifest.kind]?.parent;
  const parentName = manifest.ancestors[manifest.ancestors.length - 1];
  if (!parentKind || parentName === undefined) return undefined;
  return makeAddress(parentKind, manifest.ancestors.slice(0, -1), parentName);
}

/** ` Did you mean X?` or ''. */
export function suggestionSuffix(input: RuleInput, address: string): string {
  const hint = suggestAddress(input, address);
  return hint ? ` Did you mean ${hint}?` : '';
}
