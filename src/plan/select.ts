// `--select KIND[/NAME...]` narrows a run to addresses and everything below them; `--exclude` (same
// form, each name a glob of manifest/glob.ts) takes addresses and everything below them out, and
// wins over --select. A selector or exclude that matches nothing is an error with a did-you-mean.
import { type Address, makeAddress, selectorParts } from '../core/address.js';
import type { Diagnostic } from '../core/diagnostic.js';
import type { Change } from '../diff/change.js';
import { ancestorKinds, type KindName, needsOf } from '../kinds/index.js';
import { didYouMean } from '../manifest/did-you-mean.js';
import { matchesGlob } from '../manifest/glob.js';

interface Named {
  kind: KindName;
  ancestors: readonly string[];
  name: string;
}

type NameMatch = (pattern: string, name: string) => boolean;
const exact: NameMatch = (pattern, name) => pattern === name;

/**
 * Whether `selector` covers an object: its kind is the object's kind or an ancestor's, and its names
 * lead to it from the top (`Table/sales_db` covers the tables of sales_db, `Source/sales_db` the
 * source and everything below it, `Table/sales_db/orders` one table). Parsed once: a run asks for
 * every manifest, change and live object.
 */
function covering(selector: string, match: NameMatch): (o: Named) => boolean {
  const { kind: selKind, names: selNames } = selectorParts(selector);
  return (o) => {
    const above = ancestorKinds(o.kind);
    const at = selKind === o.kind ? above.length : above.indexOf(selKind as KindName);
    if (at < 0 || selNames.length > at + 1) return false;
    return selNames.every((n, i) => match(n, (i < o.ancestors.length ? o.ancestors[i] : o.name) as string));
  };
}

function coveredByAny(selectors: readonly string[], match: NameMatch): (o: Named) => boolean {
  const tests = selectors.map((s) => covering(s, match));
  return (o) => tests.some((covers) => covers(o));
}

export function selectedBy(selectors: readonly string[] | undefined) {
  const covered = selectors?.length ? coveredByAny(selectors, exact) : undefined;
  return (kind: KindName, ancestors: readonly string[], name: string): boolean =>
    !covered || covered({ kind, ancestors, name });
}

export function excludedBy(patterns: readonly string[] | undefined) {
  const covered = coveredByAny(patterns ?? [], matchesGlob);
  return (kind: KindName, ancestors: readonly string[], name: string): boolean =>
    covered({ kind, ancestors, name });
}

/** A run's `--select` and `--exclude`: in scope is selected (or nothing is) and not excluded. */
export function scopeOf(select: readonly string[] | undefined, exclude: readonly string[] | undefined) {
  const selected = selectedBy(select);
  const excludedHere = excludedBy(exclude);
  const excluded = (o: Named): boolean => excludedHere(o.kind, o.ancestors, o.name);
  return {
    excluded,
    inScope: (o: Named): boolean => selected(o.kind, o.ancestors, o.name) && !excluded(o),
  };
}

/**
 * An error for each `--select` / `--exclude` that covers none of `candidates` (the manifests and
 * the live objects read), with the closest address: the same kind and name under its parents
 * (`TableGroup/finance_daily` → `TableGroup/sales_db/finance_daily`), else the nearest by spelling.
 */
export function unmatchedSelectors(
  flag: '--select' | '--exclude',
  selectors: readonly string[] | undefined,
  candidates: Iterable<Named>,
  /** Where suggestions come from, when more was read for them (export). */
  suggestFrom?: readonly Named[],
): Diagnostic[] {
  if (!selectors?.length) return [];
  const all = [...candidates];
  const match = flag === '--select' ? exact : matchesGlob;
  return selectors
    .filter((s) => !all.some(covering(s, match)))
    .map((s) => {
      const hint = suggestion(s, suggestFrom ?? all);
      return {
        severity: 'error',
        summary: `${flag} ${s} matches nothing.${hint ? ` Did you mean ${hint}?` : ''}`,
        detail:
          'A selector is KIND, or KIND with the names that lead to the object from the top (a table: Table/SOURCE/TABLE). It is matched against the manifests and the live objects read.',
      };
    });
}

function suggestion(selector: string, all: readonly Named[]): string | undefined {
  const { kind, names } = selectorParts(selector);
  const last = names.at(-1);
  const ofKind = all.filter((o) => o.kind === kind);
  const addresses = [...new Set(ofKind.map((o) => makeAddress(o.kind, o.ancestors, o.name)))].sort();
  if (last !== undefined) {
    const sameName = ofKind.find((o) => o.name === last);
    if (sameName) return makeAddress(sameName.kind, sameName.ancestors, sameName.name);
  }
  return didYouMean(selector, addresses);
}

/**
 * Changes without the excluded ones (which --select may have pulled in as dependencies) and
 * without those that need an excluded change first: a parent or a referenced object it creates
 * or replaces (their calls would have no id to use). Each change left out that way is a warning.
 */
export function withoutExcluded(
  changes: readonly Change[],
  isExcluded: (c: Change) => boolean,
  declared: (address: Address) => unknown,
): { changes: Change[]; diagnostics: Diagnostic[] } {
  const out = new Set(changes.filter(isExcluded).map((c) => c.address));
  if (out.size === 0) return { changes: [...changes], diagnostics: [] };
  const byAddress = new Map(changes.map((c) => [c.address, c]));
  // Worked out once per change: the loop below runs until nothing more is left out.
  const needed = new Map<Change, Address[]>();
  const needs = (c: Change): Address[] => {
    let list = needed.get(c);
    if (!list) {
      list = needsOf(c, declared);
      needed.set(c, list);
    }
    return list;
  };
  const diagnostics: Diagnostic[] = [];
  for (let grew = true; grew; ) {
    grew = false;
    for (const c of changes) {
      if (out.has(c.address) || c.action === 'noop' || c.action === 'delete') continue;
      const blocker = needs(c).find((a) => {
        const action = byAddress.get(a)?.action;
        return out.has(a) && (action === 'create' || action === 'replace');
      });
      if (!blocker) continue;
      out.add(c.address);
      grew = true;
      diagnostics.push({
        severity: 'warning',
        summary: `${c.address} is left out: it needs ${blocker}, which --exclude leaves out`,
        detail: 'Its change waits for a run that includes both.',
        address: c.address,
      });
    }
  }
  return { changes: changes.filter((c) => !out.has(c.address)), diagnostics };
}
