// Advanced configurations (key/value entries of a source, a table or a compute runtime): the
// manifest field, its reading from the live list and its per-key writes (POST new keys, PUT
// changed ones, DELETE removed ones). An entry is written whole, so every field has a value: a
// missing description is the empty one and a missing is_active is true (docs/decisions.md).
import { z } from 'zod';
import type { CallDraft } from '../../core/call.js';
import { withRules } from '../../core/field-policy.js';
import { sortedBy } from './canonical.js';
import { asArray, asRecord, liveBoolean, liveText } from './live-values.js';

const advancedConfiguration = z
  .object({
    key: z.string().min(1).describe('Configuration key, unique per owner.'),
    value: z.string().describe('Value (the API keeps every value as a string).'),
    description: z
      .string()
      .default('')
      .describe('Free text. Default empty: leaving it out clears a description set elsewhere.'),
    is_active: z.boolean().default(true).describe('Whether the configuration applies. Default true.'),
  })
  .strict();

// Free-form keys whose effects no source lists (docs/data-impact.md).
export const advancedConfigurations = withRules(
  z
    .array(advancedConfiguration)
    .describe('Advanced configurations, one per key (written with their own calls).'),
  { impact: 'unknown' },
);

export type AdvancedConfiguration = z.infer<typeof advancedConfiguration>;

/** Canonical form: entries in key order. */
export function sortAdvanced(list: readonly AdvancedConfiguration[]): AdvancedConfiguration[] {
  return sortedBy(list, 'key');
}

/**
 * The live list (GET …/configurations/advance) → manifest entries in key order; undefined when
 * the document was not read. The list may come bare or under `result` or `results` (the table
 * endpoint), with `is_active` or `isActive`.
 */
export function advancedFromApi(doc: unknown): AdvancedConfiguration[] | undefined {
  if (doc === undefined) return undefined;
  const wrapper = asRecord(doc);
  const items = Array.isArray(doc) ? doc : asArray(wrapper?.results ?? wrapper?.result);
  return sortAdvanced(
    items.flatMap((raw): AdvancedConfiguration[] => {
      const item = asRecord(raw);
      const key = liveText(item?.key);
      if (!item || key === undefined) return [];
      return [
        {
          key,
          value: valueText(item.value),
          description: liveText(item.description) ?? '',
          is_active: liveBoolean(item.is_active) ?? liveBoolean(item.isActive) ?? true,
        },
      ];
    }),
  );
}

/** The calls that turn `before` into `after` under `base` (the owner's `…/configurations/advance`). */
export function advancedCalls(
  base: string,
  before: readonly AdvancedConfiguration[],
  after: readonly AdvancedConfiguration[],
): CallDraft[] {
  const old = new Map(before.map((c) => [c.key, c]));
  const wanted = new Set(after.map((c) => c.key));
  const calls: CallDraft[] = [];
  for (const config of sortAdvanced(after)) {
    const previous = old.get(config.key);
    const note = `advanced configuration ${config.key}`;
    if (previous === undefined) calls.push({ method: 'POST', path: base, body: bodyOf(config), note });
    else if (!sameEntry(previous, config)) {
      calls.push({ method: 'PUT', path: keyPath(base, config.key), body: bodyOf(config), note });
    }
  }
  for (const config of sortAdvanced(before)) {
    if (wanted.has(config.key)) continue;
    const note = `advanced configuration ${config.key}`;
    calls.push({ method: 'DELETE', path: keyPath(base, config.key), note });
  }
  return calls;
}

/** The API keeps values as strings; an echo as a number, boolean or null must not show as a change. */
function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The whole entry: the PUT merges, so an empty description must be sent to clear an old one. */
function bodyOf(config: AdvancedConfiguration): Record<string, unknown> {
  return {
    key: config.key,
    value: config.value,
    description: config.description,
    is_active: config.is_active,
  };
}

function sameEntry(a: AdvancedConfiguration, b: AdvancedConfiguration): boolean {
  return a.value === b.value && a.description === b.description && a.is_active === b.is_active;
}

function keyPath(base: string, key: string): string {
  return `${base}/${encodeURIComponent(key)}`;
}
