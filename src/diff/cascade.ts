// The cascade guard: deleting (or replacing) a parent never silently deletes children this project
// does not own. Such a plan fails for that parent, naming the children, unless `--cascade` or
// `metadata.prune: true` on a declared parent being replaced. The plan shows the cascade either way.
import type { Address } from '../core/address.js';
import type { Diagnostic } from '../core/diagnostic.js';
import type { LiveObject } from '../live/live-object.js';
import type { Manifest } from '../manifest/manifest.js';
import type { Change } from './change.js';
import type { Owner } from './ownership.js';

export interface CascadeInput {
  /** Child address → the parent whose delete or replace takes it along. */
  cascaded: ReadonlyMap<string, Address>;
  changes: ReadonlyMap<string, Change>;
  live: ReadonlyMap<string, LiveObject>;
  declared: ReadonlyMap<string, Manifest>;
  owner(obj: LiveObject): Owner;
  /** `--cascade`: the user accepts deleting unowned children. */
  cascade: boolean;
}

const SHOWN = 10;

export function checkCascade(input: CascadeInput): Diagnostic[] {
  const byRoot = new Map<Address, string[]>();
  const foreign = new Map<Address, string[]>();
  for (const [child, parent] of input.cascaded) {
    const obj = input.live.get(child);
    if (!obj) continue;
    const owner = input.owner(obj);
    if (owner.state === 'ours') continue;
    const change = input.changes.get(child);
    if (change)
      change.reason +=
        owner.state === 'theirs'
          ? ` (owned by ${owner.tag}: never deleted)`
          : ' (a cascade: this project does not own it)';
    let root = parent;
    for (let up = input.cascaded.get(root); up; up = input.cascaded.get(root)) root = up;
    const groups = owner.state === 'theirs' ? foreign : byRoot;
    const group = groups.get(root);
    if (group) group.push(child);
    else groups.set(root, [child]);
  }
  const out: Diagnostic[] = [];
  // Another project's objects are never deleted, not even by a cascade the user allowed.
  for (const [root, children] of foreign)
    out.push({
      severity: 'error',
      address: root,
      source: input.declared.get(root)?.source,
      summary: `The plan would ${input.changes.get(root)?.action === 'replace' ? 'replace' : 'delete'} ${root} and with it ${children.length} child object${children.length === 1 ? '' : 's'} another project owns: ${listed(children)}.`,
      detail:
        "Another project's objects are never deleted: keep the parent (declare it again), or ask their owner to move or delete them first.",
    });
  if (input.cascade) return out;
  for (const [root, children] of byRoot) {
    if (foreign.has(root)) continue;
    const manifest = input.declared.get(root);
    const change = input.changes.get(root);
    if (change?.action === 'replace' && manifest?.metadata.prune === true) continue;
    const verb = change?.action === 'replace' ? 'replace' : 'delete';
    out.push({
      severity: 'error',
      address: root,
      source: manifest?.source,
      summary: `The plan would ${verb} ${root} and with it ${children.length} child object${children.length === 1 ? '' : 's'} this project does not own: ${listed(children)}.`,
      detail:
        verb === 'replace'
          ? 'Declare those children, or allow the cascade with --cascade (or metadata.prune: true on the parent).'
          : 'Declare the parent again to keep it, or allow the cascade with --cascade.',
    });
  }
  return out;
}

/** Up to ten addresses, then how many more. */
export function listed(children: readonly string[]): string {
  return (
    children.slice(0, SHOWN).join(', ') +
    (children.length > SHOWN ? `, … and ${children.length - SHOWN} more` : '')
  );
}
