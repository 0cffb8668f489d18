// External objects at plan time: resolved live by natural key, never written. One that is declared
// (or that a manifest needs and a pattern covers) but does not exist fails the plan, located where
// it is declared. Pure.
import { type Address, ancestorAddresses } from '../core/address.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { ancestorKinds, KINDS } from '../kinds/index.js';
import type { LiveObject, LiveState } from '../live/live-object.js';
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

export function missingExternals(input: MissingExternalsInput): Diagnostic[] {
  const needed = new Set<string>();
  for (const e of input.externals) if (!e.pattern) needed.add(e.address);
  if (input.externals.some((e) => e.pattern)) {
    const { declared } = input;
    for (const m of declared.values()) {
      const refs = KINDS[m.kind].refs(m.spec as never, {
        ancestors: m.ancestors,
        declared: (a) => declared.get(a)?.spec,
      });
      for (const a of [
        ...ancestorAddresses(ancestorKinds(m.kind), m.ancestors),
        ...refs.map((r) => r.address),
      ])
        if (!declared.has(a)) needed.add(a);
    }
  }
  const out: Diagnostic[] = [];
  for (const address of [...needed].sort()) {
    const declaration = input.match(address);
    if (!declaration || input.live.objects.has(address)) continue;
    const by = declaration.pattern ? ` (by ${declaration.address})` : '';
    out.push({
      severity: 'error',
      address,
      source: declaration.source,
      summary: `${address} is declared external${by} but does not exist on ${input.url}`,
      detail: 'dpac never creates an external object: create it first (its owner does), or correct the name.',
    });
  }
  return out;
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
