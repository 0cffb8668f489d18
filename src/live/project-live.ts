// Projects raw live records into spec shape with ids turned into names. Pure.
import { makeAddress } from '../core/address.js';
import { getPointer, setPointer } from '../core/json-pointer.js';
import { KINDS, type KindName } from '../kinds/index.js';
import type { NameLookup } from '../kinds/kind.js';
import type { LiveObject, LiveState } from './live-object.js';
import type { RawObject } from './read-live.js';

export function projectLive(raws: readonly RawObject[], ownershipTag: string): LiveState {
  const index = new Map<string, string>();
  for (const raw of raws) index.set(`${raw.kind}\u0000${raw.record.id}`, raw.name);
  const names: NameLookup = { nameOf: (kind: KindName, id: string) => index.get(`${kind}\u0000${id}`) };

  const objects = new Map<string, LiveObject>();
  const problems: LiveState['problems'] = [];
  for (const raw of raws) {
    const kind = KINDS[raw.kind];
    const address = makeAddress(raw.kind, raw.ancestors, raw.name);
    if (!raw.name) {
      problems.push({ address, why: `a live ${raw.kind} (id ${raw.record.id}) has no name` });
      continue;
    }
    try {
      let spec = kind.fromApi(raw.record, names) as Record<string, unknown>;
      if (kind.normalize) spec = kind.normalize(spec) as Record<string, unknown>;
      let owned = false;
      if (kind.ownershipTags) {
        const tags = getPointer(spec, kind.ownershipTags);
        if (Array.isArray(tags)) {
          owned = tags.includes(ownershipTag);
          spec = setPointer(
            spec,
            kind.ownershipTags,
            tags.filter((t) => t !== ownershipTag),
          );
        }
      }
      if (objects.has(address)) {
        problems.push({
          address,
          why: `two live objects share this name (ids ${objects.get(address)?.id}, ${raw.record.id})`,
        });
        continue;
      }
      objects.set(address, {
        kind: raw.kind,
        address,
        name: raw.name,
        ancestors: raw.ancestors,
        id: raw.record.id,
        spec,
        owned,
        raw: raw.record,
      });
    } catch (error) {
      problems.push({ address, why: `cannot be expressed as a manifest: ${(error as Error).message}` });
    }
  }
  return { objects, problems };
}
