// Reading zod 4 schemas through their definition (`_zod.def`, the documented way to introspect):
// one shape of the definition and one list of wrapper types for every reader (the projection of
// live JSON, the export's default stripping, the error messages' schema lookups).
import type { z } from 'zod';

/** The parts of a schema definition dpac reads; which are present depends on `type`. */
export interface ZodDef<S extends z.core.$ZodType = z.ZodType> {
  type: string;
  innerType?: S;
  in?: S;
  shape?: Record<string, S>;
  catchall?: S;
  element?: S;
  valueType?: S;
  options?: S[];
  left?: S;
  right?: S;
  getter?: () => S;
  items?: readonly S[];
  rest?: S | null;
  values?: unknown[];
  entries?: Record<string, unknown>;
  defaultValue?: unknown;
  checks?: { _zod: { def: { check: string; minimum?: number } } }[];
}

export function defOf<S extends z.core.$ZodType = z.ZodType>(schema: z.core.$ZodType): ZodDef<S> {
  return schema._zod.def as unknown as ZodDef<S>;
}

/** Schema types that wrap one `innerType` and change only how absent or invalid values are read. */
export const WRAPPERS: ReadonlySet<string> = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'readonly',
  'catch',
  'nonoptional',
]);
