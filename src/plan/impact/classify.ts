// What a planned change does to the data: each changed field's impact from the field rules its
// kind's schema declares (`withRules(…, { impact })`, core/field-policy.ts, docs/data-impact.md), and the change's own, the
// worst of them. Runs only for changes: a plan without changes classifies nothing. Pure.
import { IMPACTS, type Impact } from '../../core/field-policy.js';
import type { Action } from '../../diff/change.js';
import { KINDS, type KindName, policyOf } from '../../kinds/index.js';

/** How each class reads in plans (text, markdown, gate errors). */
export const IMPACT_LABEL: Readonly<Record<Impact, string>> = {
  metadata: 'metadata only',
  'next-run': 'takes effect on the next run',
  unknown: 'impact unknown (no source says)',
  reload: 'forces a full reload',
  history: 'loses history',
  delete: 'deletes data',
};

const RANK: ReadonlyMap<Impact, number> = new Map(IMPACTS.map((impact, i) => [impact, i]));

/** The worse of two impacts (`unknown` ranks above next-run and below reload). */
export function worse(a: Impact, b: Impact): Impact {
  return (RANK.get(a) as number) >= (RANK.get(b) as number) ? a : b;
}

/** Impacts, worst first. */
export function byWorst(a: Impact, b: Impact): number {
  return (RANK.get(b) as number) - (RANK.get(a) as number);
}

export interface Classified {
  impact: Impact;
  /** Per field, in the order of `fields`. */
  fields: Impact[];
}

/**
 * A create changes no data that exists (metadata only for kinds whose every change is, else it
 * takes part from its next run); a delete or replace has its kind's `impactOnDelete`; an adopt only
 * tags; an update is the worst of its fields, or its kind's default when no field shows (a rename
 * alone keeps the object and its data: metadata).
 */
export function classifyChange(change: {
  kind: KindName;
  action: Action;
  fields: readonly { path: string }[];
  renamed_from?: string;
}): Classified {
  const rules = policyOf(KINDS[change.kind]).impact;
  const fields = change.fields.map((f) => rules.at(f.path) ?? 'unknown');
  switch (change.action) {
    case 'create':
      return { impact: rules.at('') === 'metadata' ? 'metadata' : 'next-run', fields };
    case 'delete':
    case 'replace':
      return { impact: rules.onDelete ?? 'unknown', fields };
    case 'adopt':
    case 'noop':
      return { impact: 'metadata', fields };
    case 'update': {
      if (fields.length === 0) {
        return { impact: change.renamed_from ? 'metadata' : (rules.at('') ?? 'unknown'), fields };
      }
      return { impact: fields.reduce(worse), fields };
    }
  }
}
