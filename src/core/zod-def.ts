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

/**
 * `compile` run once per schema, its result cached. A recursive schema meets itself while being
 * compiled: that inner use goes through a forwarder to the finished function.
 */
export function oncePerSchema<S extends z.core.$ZodType, F extends (value: unknown) => unknown>(
  compile: (schema: S) => F,
): (schema: S) => F {
  const cache = new WeakMap<S, F>();
  const of = (schema: S): F => {
    const known = cache.get(schema);
    if (known) return known;
    let built: F | undefined;
    cache.set(schema, ((value: unknown) => (built ?? of(schema))(value)) as F);
    built = compile(schema);
    cache.set(schema, built);
    return built;
  };
  return of;
}
