// Acknowledging a change's data impact, so `--fail-on` lets a reviewed change pass: per manifest
// (`metadata.allow_impact: {reload: <reason>}`, one-off: plan warns once nothing planned needs it)
// or standing, in dpac.yaml (`allow_impact:` entries by kind and name pattern, with a reason).
import { z } from 'zod';
import { IMPACTS, type Impact } from '../core/field-policy.js';
import type { KindName } from '../kinds/index.js';

const reason = z
  .string()
  .regex(/\S/, 'give the reason: who agreed to it and why (it is what a reviewer reads)')
  .describe('Why the impact is accepted, for the reviewer (who agreed, a ticket).');

const impact = z.enum(IMPACTS);

/** `metadata.allow_impact`: the impacts a reviewed change of this object may have, each with its reason. */
export function allowImpactMetadata(): Record<string, z.ZodType> {
  return {
    allow_impact: z
      .partialRecord(impact, reason)
      .optional()
      .describe(
        'Acknowledged data impacts of this object’s planned change, each with its reason (e.g. {reload: "new natural keys agreed with the data owners, TICKET-12"}): `plan --fail-on` and `apply --fail-on` let them pass. Remove it once applied (plan warns while it acknowledges nothing).',
      ),
  };
}

/** A dpac.yaml `allow_impact:` entry: impacts accepted for every object of a kind whose name matches. */
export function allowImpactEntry<K extends z.ZodType<string>, N extends z.ZodType<string>>(kind: K, name: N) {
  return z
    .object({
      kind,
      name,
      impact: z
        .union([impact, z.array(impact).min(1)])
        .describe('The impact(s) accepted: metadata, next-run, unknown, reload, history, delete.'),
      reason,
    })
    .strict();
}

/** A standing acknowledgement of dpac.yaml. */
export interface ImpactAllowance {
  kind: KindName;
  /** Glob over the name, or with a `/` over `parent/name` (the pattern syntax of prune and protect). */
  name: string;
  impact: Impact | Impact[];
  reason: string;
}

export type AllowImpact = Partial<Record<Impact, string>>;
