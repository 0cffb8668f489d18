// After an apply, re-read what was written and report any object whose live state does not match
// the plan ("inconsistent result after apply"). Secrets are never compared (they are write-only);
// a secret value the platform echoes elsewhere is reported as its `${env.NAME}`.
import type { Diagnostic } from '../core/diagnostic.js';
import { compareOptionsOf } from '../diff/compare-options.js';
import { compareSpecs } from '../diff/compare-specs.js';
import type { ReadClient } from '../live/live-object.js';
import { readLive } from '../live/read-live.js';
import { addressScope } from '../live/read-scope.js';
import { concealSecrets } from '../manifest/sensitive.js';
import type { PlanChange } from '../plan/plan.js';

export async function verifyApply(options: {
  changes: readonly PlanChange[];
  appliedAddresses: ReadonlySet<string>;
  client: ReadClient;
  ownershipTag: string;
  /** Values of the secrets sent (value → NAME): shown as `${env.NAME}` should live echo one. */
  secretValues: ReadonlyMap<string, string>;
}): Promise<Diagnostic[]> {
  const changes = options.changes.filter((c) => options.appliedAddresses.has(c.address));
  if (changes.length === 0) return [];
  // Referenced objects are read too, so ids in what was written map back to names.
  const addresses = changes.flatMap((c) => [c.address, ...(c.refs ?? [])]);
  const live = await readLive({
    client: options.client,
    scope: addressScope(addresses),
    ownershipTag: options.ownershipTag,
  });

  const out: Diagnostic[] = [];
  for (const c of changes) {
    const obj = live.objects.get(c.address);
    if (c.action === 'delete') {
      if (obj) out.push(inconsistent(c.address, 'it still exists after its delete'));
      continue;
    }
    if (!obj) {
      out.push(inconsistent(c.address, 'it was not found after the apply'));
      continue;
    }
    const found = compareSpecs(c.after, obj.spec, compareOptionsOf(c.kind, c.ignore));
    const diffs = concealSecrets(found, options.secretValues);
    if (diffs.length)
      out.push(
        inconsistent(
          c.address,
          diffs
            .map((f) => `${f.path} is ${JSON.stringify(f.before)}, planned ${JSON.stringify(f.after)}`)
            .join('; '),
        ),
      );
  }
  return out;
}

function inconsistent(address: string, why: string): Diagnostic {
  return {
    severity: 'error',
    address,
    summary: `Inconsistent result after apply: ${address}: ${why}.`,
    detail:
      'The platform did not keep what was written. Run dpac plan to see the difference; this may be a platform-side normalization dpac should learn.',
  };
}
