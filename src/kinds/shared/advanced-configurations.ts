// Advanced configurations are written one key at a time: POST new keys, PUT changed ones, DELETE
// removed ones; and read back into the manifest shape. Shared by every owner of such configurations.
import type { CallDraft } from '../../core/call.js';
import { type AdvancedConfiguration, asArray, asRecord } from './fields.js';

/** The calls that turn `before` into `after` under `base` (e.g. `/sources/<id>/configurations/advance`). */
export function advancedConfigCalls(
  base: string,
  before: readonly AdvancedConfiguration[],
  after: readonly AdvancedConfiguration[],
): CallDraft[] {
  const old = new Map(before.map((c) => [c.key, c]));
  const wanted = new Set(after.map((c) => c.key));
  const calls: CallDraft[] = [];
  for (const config of after) {
    const previous = old.get(config.key);
    const note = `advanced configuration ${config.key}`;
    if (!previous) calls.push({ method: 'POST', path: base, body: bodyOf(config), note });
    else if (!sameConfig(previous, config)) {
      calls.push({ method: 'PUT', path: keyPath(base, config.key), body: bodyOf(config), note });
    }
  }
  for (const config of before) {
    if (!wanted.has(config.key)) {
      calls.push({
        method: 'DELETE',
        path: keyPath(base, config.key),
        note: `advanced configuration ${config.key}`,
      });
    }
  }
  return calls;
}

/** Live list (GET …/configurations/advance) → manifest entries, sorted by key; server fields dropped. */
export function advancedConfigsFromApi(live: unknown): AdvancedConfiguration[] {
  const out: AdvancedConfiguration[] = [];
  for (const item of asArray(live)) {
    const record = asRecord(item);
    if (!record || typeof record.key !== 'string') continue;
    const description =
      typeof record.description === 'string' && record.description !== '' ? record.description : undefined;
    out.push({
      key: record.key,
      value: stringOf(record.value),
      ...(description === undefined ? {} : { description }),
      // fields.ts documents `is_active` as defaulting to true, so a missing flag reads as true.
      is_active: typeof record.is_active === 'boolean' ? record.is_active : true,
    });
  }
  return sortAdvancedConfigs(out);
}

export function sortAdvancedConfigs<T extends { key: string }>(configs: readonly T[]): T[] {
  return [...configs].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

// The API keeps values as strings, but a stringly echo (10, false) must not show as a change.
function stringOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function bodyOf(config: AdvancedConfiguration) {
  // An empty description clears a previous one (omitting it would leave the old text in place).
  return {
    key: config.key,
    value: config.value,
    description: config.description ?? '',
    is_active: config.is_active,
  };
}

function sameConfig(a: AdvancedConfiguration, b: AdvancedConfiguration): boolean {
  return (
    a.value === b.value && (a.description ?? '') === (b.description ?? '') && a.is_active === b.is_active
  );
}

function keyPath(base: string, key: string): string {
  return `${base}/${encodeURIComponent(key)}`;
}
