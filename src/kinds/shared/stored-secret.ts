// A credential that the platform accepts as a value or a secret-store reference, but NOT as a
// service authentication (the v3 API allows that only on a few fields, which use `secret()`).
import { z } from 'zod';
import { secret } from './fields.js';

export function storedSecret(description: string) {
  const [value, secretStore] = secret(description).options;
  return z
    .union([value, secretStore])
    .describe(`${description} Write-only: never read back, diffed, printed or exported.`);
}
