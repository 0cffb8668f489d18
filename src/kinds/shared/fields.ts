// Field schemas several kinds share (names, secrets, tags): one definition each, so kinds agree on
// what a manifest may say there.
import { z } from 'zod';
import { withRules } from '../../core/field-policy.js';

/**
 * Names of environments, storages, computes and generic source types (the API's own pattern):
 * their kinds' `name`, and the fields that name one.
 */
export const platformName = z
  .string()
  .regex(/^[a-zA-Z0-9_-]+$/, 'use only letters, digits, _ and -')
  .describe('Name (letters, digits, _ and -).');

/**
 * A write-only credential. In manifests give it as `${env.NAME}` (resolved only at apply time)
 * or as a reference to a secret held by the platform's secret store.
 */
export function secret(description: string) {
  return withRules(secretForms(description), { secret: true });
}

function secretForms(description: string) {
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

/**
 * A credential that the platform accepts as a value or a secret-store reference, but NOT as a
 * service authentication (the v3 API allows that only on a few fields, which use `secret()`).
 */
export function storedSecret(description: string) {
  const [value, secretStore] = secretForms(description).options;
  return withRules(
    z
      .union([value, secretStore])
      .describe(`${description} Write-only: never read back, diffed, printed or exported.`),
    { secret: true },
  );
}

/** User tags: a set of plain strings, diffed as a set and written as tags_to_add/tags_to_remove. */
export const tags = withRules(z.array(z.string().min(1)).describe('Tags (a set of plain strings).'), {
  impact: 'metadata',
});
