// What a plan scoped by `--changed-since REF` covers: the manifest files changed since the commit,
// and the addresses whose manifests are gone — the only objects (with what lies below them) such a
// plan may delete. Everything else undeclared is outside it: not read, not deleted, not listed.
import { ancestorAddresses, parseAddress } from '../core/address.js';
import { ancestorKinds, isKindName } from '../kinds/index.js';
import type { ChangedSince } from '../plan/plan-schema.js';

/** The plan's `changed_since` (plan/plan-schema.ts) plus what the guards need. */
export interface ChangeSet extends ChangedSince {
  /** Manifest files the project holds now: none, and nothing is deleted (as in a full plan). */
  projectFiles: number;
}

/** Whether an address is one of these or lies below one (the deleted ones: what may be deleted). */
export function withinAny(addresses: Iterable<string>): (address: string) => boolean {
  const roots = new Set<string>(addresses);
  if (roots.size === 0) return () => false;
  return (address) => {
    if (roots.has(address)) return true;
    const { kind, ancestors } = parseAddress(address);
    if (!isKindName(kind) || ancestors.length === 0) return false;
    return ancestorAddresses(ancestorKinds(kind), ancestors).some((a) => roots.has(a));
  };
}
