// What the cross-manifest rules see: the valid manifests, their references, and what is declared.
import type { SourceLocation } from '../../core/diagnostic.js';
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
  const names = [...input.declared.keys(), ...input.invalid]
    .filter((a) => a.startsWith(kind))
    .map((a) => a.slice(kind.length));
  const hint = didYouMean(address.slice(kind.length), names);
  return hint === undefined ? undefined : `${kind}${hint}`;
}

/** ` Did you mean X?` or ''. */
export function suggestionSuffix(input: RuleInput, address: string): string {
  const hint = suggestAddress(input, address);
  return hint ? ` Did you mean ${hint}?` : '';
}
