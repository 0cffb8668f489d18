// Plan-time safety guards: protected objects are never deleted or replaced, and a
// plan deleting more than max(5, 25%) of the managed objects of a kind is refused. Pure.
import type { Diagnostic } from '../core/diagnostic.js';
import type { Manifest } from '../manifest/manifest.js';
import { matchesPattern } from '../manifest/name-pattern.js';
import type { ScopePattern } from '../manifest/project-config.js';
import type { Change } from './change.js';

export interface SafetyInput {
  changes: readonly Change[];
  manifests: readonly Manifest[];
  protect: readonly ScopePattern[];
  allowMassDelete: boolean;
  /** The ref of a plan scoped by --changed-since: it counts only the objects it read. */
  scopedTo?: string;
  /** `dpac destroy`: its fix for a protected object is to leave it out. */
  destroy?: boolean;
  /** What a destroy keeps: managed objects too, for the mass-delete guard. */
  kept?: readonly Change[];
}

export function checkSafety(input: SafetyInput): Diagnostic[] {
  return [...checkProtected(input), ...checkMassDelete(input)];
}

function checkProtected({ changes, manifests, protect, destroy }: SafetyInput): Diagnostic[] {
  const byAddress = new Map(manifests.map((m) => [m.address, m]));
  const out: Diagnostic[] = [];
  for (const c of changes) {
    if (c.action !== 'delete' && c.action !== 'replace') continue;
    const manifest = byAddress.get(c.address);
    const pattern = protect.find((p) => matchesPattern(p, c));
    if (!manifest?.metadata.protect && !pattern) continue;
    const by = manifest?.metadata.protect
      ? 'metadata.protect: true'
      : `the protect pattern ${pattern?.kind}/${pattern?.name} in dpac.yaml`;
    out.push({
      severity: 'error',
      address: c.address,
      source: manifest?.source,
      summary: `${c.address} is protected (${by}) but the plan would ${c.action} it: ${c.reason}.`,
      detail: destroy
        ? `Leave it out of the destroy (--exclude ${c.address}, and its parents if they are destroyed), or remove the protection deliberately first.`
        : 'Change the manifest so the object is kept, or remove the protection deliberately first.',
    });
  }
  return out;
}

function checkMassDelete({ changes, kept = [], allowMassDelete, scopedTo }: SafetyInput): Diagnostic[] {
  if (allowMassDelete) return [];
  const perKind = new Map<string, { deletes: number; managed: number }>();
  for (const c of [...changes, ...kept]) {
    // An external object is resolved for its id, not managed: it must not dilute the limit.
    if (c.external) continue;
    const entry = perKind.get(c.kind) ?? { deletes: 0, managed: 0 };
    if (c.action === 'delete') entry.deletes++;
    if (c.action !== 'create') entry.managed++;
    perKind.set(c.kind, entry);
  }
  const out: Diagnostic[] = [];
  for (const [kind, { deletes, managed }] of perKind) {
    const limit = Math.max(5, Math.floor(managed * 0.25));
    if (deletes > limit) {
      out.push({
        severity: 'error',
        summary: `The plan deletes ${deletes} of ${managed} managed ${kind} objects, more than the limit of ${limit}.`,
        detail:
          scopedTo === undefined
            ? 'If this is intended, run again with --allow-mass-delete. Otherwise check that every manifest was loaded.'
            : `This plan covers only what changed since ${scopedTo}, so it counts only the objects it read. Plan without --changed-since to count them all, or, if this is intended, run again with --allow-mass-delete.`,
      });
    }
  }
  return out;
}
