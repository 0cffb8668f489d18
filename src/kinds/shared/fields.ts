// Field schemas shared by several kinds (secrets, names, tags, advanced configurations) and the
// small pure helpers kinds use to project live JSON. One definition each, so kinds agree.
import { z } from 'zod';

/** Names of environments, storages, computes and generic source types (the API's own pattern). */
export const platformName = z
  .string()
  .regex(/^[a-zA-Z0-9_-]+$/, 'use only letters, digits, _ and -')
  .describe('Name (letters, digits, _ and -).');

/**
 * A write-only credential. In manifests give it as `${env.NAME}` (resolved only at apply time)
 * or as a reference to a secret held by the platform's secret store.
 */
export function secret(description: string) {
  return z
    .union([
      z.string().min(1).describe('Use `${env.NAME}`; a literal value is accepted but warned about.'),
      z
        .object({
          password_type: z.literal('secret_store').describe('The value lives in a platform secret store.'),
          secret_id: z.string().min(1).describe('Id of the secret in the platform secret store.'),
        })
        .strict(),
      z
        .object({
          password_type: z.literal('service_authentication').describe('A platform service authentication.'),
          service_auth_id: z.string().min(1).describe('Id of the service authentication.'),
        })
        .strict(),
    ])
    .describe(`${description} Write-only: never read back, diffed, printed or exported.`);
}

/** User tags: a set of plain strings, diffed as a set and written as tags_to_add/tags_to_remove. */
export const tags = z.array(z.string().min(1)).describe('Tags (a set of plain strings).');

export const advancedConfiguration = z
  .object({
    key: z.string().min(1).describe('Configuration key, unique per owner.'),
    value: z.string().describe('Value (the API keeps every value as a string).'),
    description: z.string().optional().describe('Free text.'),
    is_active: z.boolean().default(true).describe('Whether the configuration applies. Default true.'),
  })
  .strict();

export const advancedConfigurations = z
  .array(advancedConfiguration)
  .describe('Advanced configurations, one per key (written with their own calls).');

export type AdvancedConfiguration = z.infer<typeof advancedConfiguration>;

/** Sorted copy without duplicates: the canonical form of a set of strings. */
export function sortedSet(values: readonly string[] | undefined): string[] {
  return [...new Set(values ?? [])].sort();
}

/** Copy without keys whose value is undefined (keeps projections comparable and exports tidy). */
export function compact<T extends Record<string, unknown>>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = v;
  return out as T;
}

/** Keep only the listed keys of a live object that are present. */
export function pick(
  source: Record<string, unknown> | undefined,
  keys: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!source) return out;
  for (const k of keys) if (source[k] !== undefined && source[k] !== null) out[k] = source[k];
  return out;
}

export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Names for a list of ids; unknown ids are kept as-is so the diff shows them rather than hiding them. */
export function idsToNames(ids: unknown, nameOf: (id: string) => string | undefined): string[] {
  return sortedSet(
    asArray(ids)
      .filter((x): x is string => typeof x === 'string')
      .map((id) => nameOf(id) ?? id),
  );
}
