// What a plan shows and sends holds `${env.NAME}` where a secret variable's value would be; apply
// puts the value back from the environment at send time. Shared by the CLI and the library.
import { concealSecrets } from '../manifest/sensitive.js';
import type { Plan } from './plan.js';

/** `secrets` maps each secret variable's value to its NAME (LoadManifestsResult.secrets). */
export function concealPlan(plan: Plan, secrets: ReadonlyMap<string, string>): Plan {
  if (secrets.size === 0) return plan;
  return {
    ...plan,
    changes: plan.changes.map((c) => ({
      ...c,
      ...concealSecrets({ before: c.before, after: c.after, fields: c.fields, patch: c.patch }, secrets),
    })),
    calls: plan.calls.map((c) => ({ ...c, body: concealSecrets(c.body, secrets) })),
    // Impact groups repeat the values of the fields they gather.
    ...(plan.impact ? { impact: concealSecrets(plan.impact, secrets) } : {}),
  };
}
