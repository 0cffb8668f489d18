// External objects at plan time: resolved live by natural key, never written. One that is declared
// (or that a manifest needs and a pattern covers) but does not exist fails the plan: located where
// it is declared, or, when only a glob covers it, at the reference that needs it, with the live
// name it likely meant. Pure.
import { type Address, ancestorAddresses } from '../core/address.js';
import type { Diagnostic, SourceLocation } from '../core/diagnostic.js';
import { ancestorKinds, KINDS } from '../kinds/index.js';
import type { LiveObject, LiveState } from '../live/live-object.js';
import { didYouMean } from '../manifest/did-you-mean.js';
import type { ExternalDeclaration, ExternalMatcher } from '../manifest/external.js';
import type { Manifest } from '../manifest/manifest.js';
import type { Change } from './change.js';

export interface MissingExternalsInput {
  externals: readonly ExternalDeclaration[];
  match: ExternalMatcher;
  /** The manifests by address. */
  declared: ReadonlyMap<string, Manifest>;
  live: LiveState;
  url: string;
}

/** Where an address is first needed: the manifest and the place in it. */
interface Need {
  by: Manifest;
  at: SourceLocation;
}

export function missingExternals(input: MissingExternalsInput): Diagnostic[] {
  const needed = new Map<string, Need | undefined>();
  for (const e of input.externals) if (!e.pattern) needed.set(e.address, undefined);
  if (input.externals.some((e) => e.pattern)) {
    const { declared } = input;
    for (const m of declared.values()) {
      const refs = KINDS[m.kind].refs(m.spec as never, {
        ancestors: m.ancestors,
        declared: (a) => declared.get(a)?.spec,
      });
      const needs = [
        ...ancestorAddresses(ancestorKinds(m.kind), m.ancestors).map((address) => ({
          address,
          at: m.source,
        })),
        ...refs.map((r) => ({ address: r.address, at: m.locate(r.path) ?? m.source })),
      ];
      for (const { address, at } of needs)
        if (!declared.has(address) && !needed.has(address)) needed.set(address, { by: m, at });
    }
  }
  const out: Diagnostic[] = [];
  for (const [address, need] of [...needed].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const declaration = input.match(address);
    if (!declaration || input.live.objects.has(address)) continue;
    if (!declaration.pattern || !need) {
      out.push({
        severity: 'error',
        address,
        source: declaration.source,
        summary: `${address} is declared external but does not exist on ${input.url}`,
        detail:
          'dpac never creates an external object: create it first (its owner does), or correct the name.',
      });
      continue;
    }
    const hint = liveSuggestion(address, input.live);
    out.push({
      severity: 'error',
      address: need.by.address,
      source: need.at,
      summary: `${need.by.address} refers to ${address}, which does not exist on ${input.url} (the external ${declaration.address} covers it).${hint ? ` Did you mean ${hint}?` : ''}`,
      detail: 'dpac never creates an external object: correct the name, or have its owner create it first.',
    });
  }
  return out;
}

/** The live object of the same kind and parents whose name is closest to `address`'s. */
function liveSuggestion(address: string, live: LiveState): string | undefined {
  const prefix = address.slice(0, address.lastIndexOf('/') + 1);
  const names = [...live.objects.keys()]
    .filter((a) => a.startsWith(prefix))
    .map((a) => a.slice(prefix.length));
  const hint = didYouMean(address.slice(prefix.length), names);
  return hint === undefined ? undefined : `${prefix}${hint}`;
}

/** A live external object as a change that writes nothing: its id feeds the calls that refer to it. */
export function externalChange(obj: LiveObject): Change {
  return {
    address: obj.address as Address,
    kind: obj.kind,
    name: obj.name,
    ancestors: obj.ancestors,
    action: 'noop',
    reason: 'external',
    fields: [],
    liveId: obj.id,
    external: true,
  };
}
