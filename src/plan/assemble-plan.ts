// Assembles the plan from a diff and its calls: shows secrets as their references, fingerprints
// touched objects. Pure.
import { createHash } from 'node:crypto';
import type { Call } from '../core/call.js';
import { secretsShown } from '../core/secret.js';
import type { Change } from '../diff/change.js';
import type { UnmanagedObject } from '../diff/undeclared.js';
import { KINDS, policyOf } from '../kinds/index.js';
import type { LiveState } from '../live/live-object.js';
import type { Manifest } from '../manifest/manifest.js';
import { VERSION } from '../version.js';
import { changePatch } from './change-patch.js';
import { fingerprint, stableStringify } from './fingerprint.js';
import { PLAN_FORMAT_VERSION, type Plan, type PlanChange, summarize } from './plan.js';
import { requiredVariables } from './required-variables.js';

export interface AssembleInput {
  url: string;
  manifests: readonly Manifest[];
  changes: readonly Change[];
  calls: readonly Call[];
  live: LiveState;
  unmanaged: readonly UnmanagedObject[];
  ownershipTag: string;
  /** Declared specs by address (some kinds resolve refs through their parent's spec). */
  declared(address: string): unknown | undefined;
  /** The environment, to tell which secret variables are set (`required_variables`). */
  env?: Readonly<Record<string, string | undefined>>;
  now?: Date;
}

export function assemblePlan(input: AssembleInput): Plan {
  const touched = input.changes.filter((c) => c.action !== 'noop' && c.action !== 'create');
  const fingerprints: Record<string, string> = {};
  const fingerprintDocuments: Record<string, string[]> = {};
  const fingerprintOmitted: Record<string, string[]> = {};
  for (const c of touched) {
    const obj = input.live.objects.get(c.address);
    if (obj) {
      fingerprints[c.address] = fingerprint(obj.raw);
      fingerprintDocuments[c.address] = Object.keys(obj.raw.docs).sort();
      if (obj.raw.omitted?.length) fingerprintOmitted[c.address] = obj.raw.omitted;
    }
  }
  return {
    format_version: PLAN_FORMAT_VERSION,
    tool_version: VERSION,
    url: input.url,
    manifest_digest: manifestDigest(input.manifests),
    created_at: (input.now ?? new Date()).toISOString(),
    ownership_tag: input.ownershipTag,
    summary: summarize(input.changes, input.unmanaged.length),
    changes: input.changes.filter(isPlanned).map((c) => toPlanChange(c, input.declared)),
    calls: [...input.calls],
    fingerprints,
    fingerprint_documents: fingerprintDocuments,
    ...(Object.keys(fingerprintOmitted).length ? { fingerprint_omitted: fingerprintOmitted } : {}),

    creates: input.changes.filter((c) => c.action === 'create').map((c) => c.address),
    unmanaged: input.unmanaged.map((u) => u.address),
    unmanaged_objects: [...input.unmanaged],
    problems: [...input.live.problems],
    required_variables: requiredVariables(input.calls, input.changes, input.env ?? {}),
  };
}

/** A change the plan lists: anything but a no-op. */
function isPlanned(c: Change): c is Change & { action: PlanChange['action'] } {
  return c.action !== 'noop';
}

function toPlanChange(
  c: Change & { action: PlanChange['action'] },
  declared: AssembleInput['declared'],
): PlanChange {
  const kind = KINDS[c.kind];
  const policy = policyOf(kind);
  const refs = c.after
    ? kind.refs(c.after as never, { ancestors: c.ancestors, declared }).map((r) => r.address)
    : [];
  const hide = (spec: Record<string, unknown> | undefined) => (spec ? secretsShown(spec) : null);
  const shown = {
    action: c.action,
    before: hide(c.before),
    after: hide(c.after),
    fields: c.fields.filter((f) => !policy.secret.covers(f.path)),
  };
  return {
    address: c.address,
    kind: c.kind,
    reason: c.reason,
    ...shown,
    patch: changePatch(shown, policy.keyed),
    ...(c.ignore?.length ? { ignore: c.ignore } : {}),
    ...(refs.length ? { refs: [...new Set(refs)] } : {}),
    ...(c.renamedFrom ? { renamed_from: c.renamedFrom } : {}),
  };
}

/**
 * Digest of what was declared: kind, address and spec of every manifest, order-independent. The
 * SHA-256 of the sorted canonical texts joined by newlines, computed one text at a time: each text
 * starts `{"a":<address as JSON>,`, so the order of the address literals is the order of the texts
 * (one literal cannot be a prefix of another), and 100k texts need never be held at once.
 */
export function manifestDigest(manifests: readonly Manifest[]): string {
  const textOf = (m: Manifest) => stableStringify({ a: m.address, s: m.spec });
  const keyed = manifests.map((m) => ({ key: JSON.stringify(m.address), m }));
  keyed.sort((x, y) => {
    if (x.key !== y.key) return x.key < y.key ? -1 : 1;
    const tx = textOf(x.m);
    const ty = textOf(y.m);
    return tx < ty ? -1 : tx > ty ? 1 : 0;
  });
  const hash = createHash('sha256');
  keyed.forEach(({ m }, i) => {
    if (i > 0) hash.update('\n');
    hash.update(textOf(m));
  });
  return hash.digest('hex').slice(0, 32);
}
