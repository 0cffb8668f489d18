// Advanced configurations of an owner (table or source) held under `<owner>/configurations/advance`:
// projection of the live list and the per-key writes (POST new, PUT changed, DELETE removed). Pure.
import type { CallDraft } from '../../core/call.js';
import { type AdvancedConfiguration, asArray, asRecord, compact } from './fields.js';
import { liveBoolean, liveText } from './table-live-values.js';

function byKey(a: AdvancedConfiguration, b: AdvancedConfiguration): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

export function sortAdvanced(list: AdvancedConfiguration[]): AdvancedConfiguration[] {
  return [...list].sort(byKey);
}

/**
 * The live list (the `advance` document) → spec entries sorted by key. The table endpoint may
 * answer `results` (plural) and camelCase keys (`isActive`); both are read. A missing `is_active`
 * is the documented default, true.
 */
export function advancedFromApi(doc: unknown): AdvancedConfiguration[] | undefined {
  const items = Array.isArray(doc) ? doc : asArray(asRecord(doc)?.results ?? asRecord(doc)?.result);
  if (doc === undefined) return undefined;
  const entries = items.flatMap((raw): AdvancedConfiguration[] => {
    const item = asRecord(raw);
    const key = liveText(item?.key);
    if (!item || key === undefined) return [];
    const value = item.value;
    return [
      compact({
        key,
        value: typeof value === 'string' ? value : JSON.stringify(value ?? ''),
        description: liveText(item.description),
        is_active: liveBoolean(item.is_active) ?? liveBoolean(item.isActive) ?? true,
      }),
    ];
  });
  return sortAdvanced(entries);
}

function entryBody(entry: AdvancedConfiguration): Record<string, unknown> {
  return compact({
    key: entry.key,
    value: entry.value,
    description: entry.description,
    is_active: entry.is_active,
  });
}

/** The calls that turn `before` into `after`; `base` is the owner's `.../configurations/advance` path. */
export function advancedCalls(
  base: string,
  before: readonly AdvancedConfiguration[],
  after: readonly AdvancedConfiguration[],
): CallDraft[] {
  const old = new Map(before.map((e) => [e.key, e]));
  const next = new Map(after.map((e) => [e.key, e]));
  const calls: CallDraft[] = [];
  for (const entry of sortAdvanced([...after])) {
    const prior = old.get(entry.key);
    if (prior === undefined) {
      calls.push({
        method: 'POST',
        path: base,
        body: entryBody(entry),
        note: `advanced configuration ${entry.key}`,
      });
    } else if (JSON.stringify(entryBody(prior)) !== JSON.stringify(entryBody(entry))) {
      const path = `${base}/${encodeURIComponent(entry.key)}`;
      calls.push({
        method: 'PUT',
        path,
        body: entryBody(entry),
        note: `advanced configuration ${entry.key}`,
      });
    }
  }
  for (const entry of sortAdvanced([...before])) {
    if (!next.has(entry.key)) {
      const path = `${base}/${encodeURIComponent(entry.key)}`;
      calls.push({ method: 'DELETE', path, note: `advanced configuration ${entry.key}` });
    }
  }
  return calls;
}
