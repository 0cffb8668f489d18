// External objects: ones a project refers to but never manages (like Terraform data sources). Declared
// by a manifest with `metadata.external: true`, or listed in dpac.yaml `external:` as addresses whose
// names may be globs (`ComputeTemplate/prod/*`, the one glob rule of manifest/glob.ts).
import { type Address, makeAddress, namePath, parseAddress, selectorFrom } from '../core/address.js';
import type { Diagnostic, SourceLocation } from '../core/diagnostic.js';
import type { KindName } from '../kinds/kind.js';
import { isGlob, matchesGlob } from './glob.js';
import { ancestorKindsIn, type KindRegistry, registeredKinds } from './manifest.js';

export interface ExternalDeclaration {
  kind: KindName;
  /** The declared address, or the pattern as written (`ComputeTemplate/prod/*`). */
  address: string;
  /** Whether a name in it is a glob (then it declares every address it matches). */
  pattern: boolean;
  /** Where it is declared: the manifest, or the entry of dpac.yaml. */
  source?: SourceLocation;
}

/** Answers, for an address, the external declaration covering it (an exact one before a pattern). */
export type ExternalMatcher = (address: string) => ExternalDeclaration | undefined;

export function externalMatcher(declarations: readonly ExternalDeclaration[]): ExternalMatcher {
  const exact = new Map<string, ExternalDeclaration>();
  const patterns: ExternalDeclaration[] = [];
  for (const d of declarations) {
    if (d.pattern) patterns.push(d);
    else if (!exact.has(d.address)) exact.set(d.address, d);
  }
  if (patterns.length === 0) return (address) => exact.get(address);
  return (address) => {
    const found = exact.get(address);
    if (found) return found;
    const { kind, ancestors, name } = parseAddress(address);
    const rest = namePath(ancestors, name);
    return patterns.find((p) => {
      if (p.kind !== kind) return false;
      const glob = parseAddress(p.address);
      return matchesGlob(namePath(glob.ancestors, glob.name), rest);
    });
  };
}

/** One `external:` entry of dpac.yaml: a known kind and as many names as its address has. */
export function parseExternalEntry(
  text: string,
  registry: KindRegistry,
  source: SourceLocation | undefined,
): { declaration: ExternalDeclaration; diagnostic?: undefined } | { diagnostic: Diagnostic } {
  const { kind, ancestors, name } = parseAddress(text);
  const wrong = (summary: string, detail: string) => ({
    diagnostic: { severity: 'error' as const, summary, detail, source },
  });
  if (!text.includes('/') || !Object.hasOwn(registry, kind))
    return wrong(
      `external entry ${text} does not start with a kind`,
      `Write KIND/NAME or KIND/PARENT/.../NAME, e.g. Environment/prod. Known kinds: ${registeredKinds(registry).join(', ')}.`,
    );
  const chain = ancestorKindsIn(registry, kind as KindName);
  const names = [...ancestors, name];
  if (names.length !== chain.length + 1 || names.some((n) => n === ''))
    return wrong(
      `external entry ${text} needs ${chain.length + 1} name${chain.length ? 's' : ''} after ${kind}`,
      `A ${kind} is addressed as ${selectorFrom(kind, [...chain.map((k) => `<${k}>`), '<name>'])}; names may be globs (*, ?).`,
    );
  const address: Address = makeAddress(kind, ancestors, name);
  return { declaration: { kind: kind as KindName, address, pattern: names.some(isGlob), source } };
}
