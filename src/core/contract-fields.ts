// The fields every machine-readable contract (plans, their calls, drift, validate, export) is
// built from, as zod: one definition each, with the text its JSON Schema shows.
import { z } from 'zod';
import type { Address } from './address.js';

/** A whole number ≥ 0 (zod's `int()` would print the safe-integer bounds into every schema). */
export const count = z.number().min(0).multipleOf(1);

/** A resource address; parsed, it is an Address (a saved plan's addresses are only ever read). */
export const addressField = z
  .string()
  .min(1)
  .describe('A resource address: `Kind/parent/.../name`, e.g. `Table/sales_db/orders`.')
  .pipe(z.custom<Address>());

export const pointerField = z
  .string()
  .regex(/^(\/.*)?$/, 'a JSON pointer: empty, or starting with /')
  .describe('A JSON pointer (RFC 6901), e.g. `/ingestion/sync_type`.');
