// Shapes a projected spec for a file: keys in the schema's declaration order (zod object shape
// order) and fields equal to their zod `.default()` omitted. Parsing fills those defaults back in,
// so the result means exactly what the input meant. `dpac fmt` takes the same order with every
// field kept (schemaOrder). Pure; never validates.
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import { heldShapes } from '../core/field-policy.js';
import { defOf, WRAPPERS } from '../core/zod-def.js';

/** The innermost schema under wrappers and pipes, plus the default a `.default()` wrapper supplies. */
interface Unwrapped {
  inner: z.ZodType;
  hasDefault: boolean;
  defaultValue?: unknown;
  /** The shapes a loosely parsed field holds (heldShapes of `inner`). */
  held: z.ZodType | undefined;
}

function unwrap(schema: z.ZodType): Unwrapped {
  let current = schema;
  let found: { defaultValue: unknown } | undefined;
  for (;;) {
    const def = defOf(current);
    if (def.type === 'default' && found === undefined) found = { defaultValue: def.defaultValue };
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else break;
  }
  const held = heldShapes(current);
  return found
    ? { inner: current, hasDefault: true, defaultValue: found.defaultValue, held }
    : { inner: current, hasDefault: false, held };
}

/** unwrap() and the object fields of a schema, worked out once per schema (10k tables share one). */
const unwrapped = new WeakMap<z.ZodType, Unwrapped>();
const unwrapOnce = (schema: z.ZodType): Unwrapped => {
  let found = unwrapped.get(schema);
  if (!found) {
    found = unwrap(schema);
    unwrapped.set(schema, found);
  }
  return found;
};

interface Field {
  key: string;
  schema: z.ZodType;
  hasDefault: boolean;
  defaultValue?: unknown;
}
const fieldLists = new WeakMap<Record<string, z.ZodType>, Field[]>();
const fieldsOf = (shape: Record<string, z.ZodType>): Field[] => {
  let fields = fieldLists.get(shape);
  if (!fields) {
    fields = Object.entries(shape).map(([key, schema]) => {
      const { hasDefault, defaultValue } = unwrapOnce(schema);
      return { key, schema, hasDefault, defaultValue };
    });
    fieldLists.set(shape, fields);
  }
  return fields;
};

/** `value` with schema key order and without fields that equal their zod default. */
export function stripDefaults(value: unknown, schema: z.ZodType): unknown {
  return shape(value, schema, true);
}

/** `value` with schema key order, every field kept: the canonical order `dpac fmt` writes. */
export function schemaOrder(value: unknown, schema: z.ZodType): unknown {
  return shape(value, schema, false);
}

function shape(value: unknown, schema: z.ZodType, dropDefaults: boolean): unknown {
  const { inner, held } = unwrapOnce(schema);
  // A field parsed loosely (a source's connection) takes the key order of the shape it holds, a
  // secret placed after the projection's keys included; its defaults are left (its parse drops none).
  if (held) return shape(value, held, false);
  const def = defOf(inner);
  switch (def.type) {
    case 'object':
      return isPlainObject(value) ? shapeObject(value, def.shape ?? {}, dropDefaults) : value;
    case 'array':
      return Array.isArray(value) && def.element
        ? value.map((v) => shape(v, def.element!, dropDefaults))
        : value;
    case 'record':
      return isPlainObject(value) && def.valueType ? mapValues(value, def.valueType, dropDefaults) : value;
    case 'union':
      return shapeUnion(value, inner, def.options ?? [], dropDefaults);
    default:
      return value;
  }
}

function shapeObject(
  value: Record<string, unknown>,
  fields: Record<string, z.ZodType>,
  dropDefaults: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fieldsOf(fields)) {
    const item = value[field.key];
    if (item === undefined) continue;
    if (dropDefaults && field.hasDefault && sameValue(item, field.defaultValue)) continue;
    out[field.key] = shape(item, field.schema, dropDefaults);
  }
  // Keys the shape does not declare (loose objects) keep their order, after the declared ones.
  for (const key in value) if (!(key in fields) && value[key] !== undefined) out[key] = value[key];
  return out;
}

function mapValues(
  value: Record<string, unknown>,
  schema: z.ZodType,
  dropDefaults: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = shape(item, schema, dropDefaults);
  return out;
}

/** The first option that accepts the value shapes it; a value no option accepts is kept as it is. */
function shapeUnion(
  value: unknown,
  union: z.ZodType,
  options: readonly z.ZodType[],
  dropDefaults: boolean,
): unknown {
  if (!isPlainObject(value) && !Array.isArray(value)) return value;
  if (!union.safeParse(value).success) return value;
  const option = options.find((o) => o.safeParse(value).success);
  return option ? shape(value, option, dropDefaults) : value;
}

/** isDeepStrictEqual, with the common scalar case answered without it. */
function sameValue(a: unknown, b: unknown): boolean {
  const scalar = (v: unknown) => v === null || typeof v !== 'object';
  return scalar(a) && scalar(b) ? Object.is(a, b) : isDeepStrictEqual(a, b);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
