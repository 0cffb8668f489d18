// After an apply, re-read what was written and report any object whose live state does not match
// the plan ("inconsistent result after apply"). A plan shows `${env.NAME}` where a secret
// variable's value was written into a plain field: that is compared as the value it stands for,
// and reported as the reference.
import type { Diagnostic } from '../core/diagnostic.js';
import { envNamesIn } from '../core/env-ref.js';
import { compareOptionsOf } from '../diff/compare-options.js';
import { compareSpecs } from '../diff/compare-specs.js';
import type { ReadClient } from '../live/live-object.js';
import { readLive } from '../live/read-live.js';
import { addressScope } from '../live/read-scope.js';
import { concealSecrets } from '../manifest/sensitive.js';
import type { PlanChange } from '../plan/plan.js';
import { substitute } from './substitute.js';

export async function verifyApply(options: {
  changes: readonly PlanChange[];
  appliedAddresses: ReadonlySet<string>;
  client: ReadClient;
  ownershipTag: string;
  env: Record<string, string | undefined>;
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
    const referenced = new Map<string, string>();
    for (const name of envNamesIn(c.after)) {
      const value = options.env[name];
      if (value !== undefined && value.length >= 3) referenced.set(value, name);
    }
    const planned = referenced.size
      ? (substitute(c.after, new Map(), options.env).value ?? c.after)
      : c.after;
    const found = compareSpecs(planned, obj.spec, compareOptionsOf(c.kind, c.ignore));
    const diffs = concealSecrets(found, referenced);
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
