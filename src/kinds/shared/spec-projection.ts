// The one way live JSON becomes a spec: projected onto the kind's own zod schema. Keeps only
// declared keys; drops nulls, empty strings (the API's "unset"), empty optional objects and lists
// the schema cannot hold empty; folds stringly numbers and booleans and single values given for
// lists; removes write-only fields. Pure; never validates. Kinds write by hand only what the API
// says differently (ids → names, aliases, flags), in spec names, and project the result.
import type { z } from 'zod';
import { parsePointer } from '../../core/json-pointer.js';

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  checks?: { _zod: { def: { check: string; minimum?: number } } }[];
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { def: Def }).def;

const EMPTY_IS_A_VALUE = new WeakSet<z.ZodType>();

/**
 * Marks a string schema whose `""` is a value (a quote character, a setting) rather than "unset".
 * Mark the string itself, after its `.describe()` and before `.optional()`.
 */
export function emptyIsAValue<T extends z.ZodType>(schema: T): T {
  EMPTY_IS_A_VALUE.add(schema);
  return schema;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** `live` projected onto `schema`, without the write-only fields at `sensitive` (spec pointers). */
export function projectLive<S>(live: unknown, schema: z.ZodType, sensitive: readonly string[] = []): S {
  return omitPointers((projectToSchema(live, schema) ?? {}) as S, sensitive);
}

/**
 * `value` reduced to what `schema` can hold. A value of the wrong shape is kept as it is, so the
 * diff shows it rather than hiding it.
 */
export function projectToSchema(value: unknown, schema: z.ZodType): unknown {
  if (value === null || value === undefined) return undefined;
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return projectToSchema(value, def.innerType);
  if (value === '') return EMPTY_IS_A_VALUE.has(schema) ? '' : undefined;
  switch (def.type) {
    case 'pipe':
      return def.in ? projectToSchema(value, def.in) : value;
    case 'object':
      return isPlainObject(value) ? projectObject(value, def) : value;
    case 'array':
      return projectArray(value, def);
    case 'union':
      return isPlainObject(value) ? projectUnion(value, def.options ?? []) : value;
    case 'number':
      return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value;
    case 'string':
      return typeof value === 'number' ? String(value) : value;
    default:
      return value;
  }
}

/** A single value stands for a one-item list; a list the schema requires non-empty is absent when empty. */
function projectArray(value: unknown, def: Def): unknown {
  if (!def.element) return value;
  const element = def.element;
  const items = (Array.isArray(value) ? value : [value])
    .map((item) => projectToSchema(item, element))
    .filter((item) => item !== undefined);
  const minimum = def.checks?.find((c) => c._zod.def.check === 'min_length')?._zod.def.minimum ?? 0;
  return items.length === 0 && minimum > 0 ? undefined : items;
}

function projectObject(value: Record<string, unknown>, def: Def): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const shape = def.shape ?? {};
  for (const [key, fieldSchema] of Object.entries(shape)) {
    const projected = projectToSchema(value[key], fieldSchema);
    if (projected === undefined) continue;
    if (defOf(fieldSchema).type === 'optional' && isEmptyObject(projected)) continue;
    out[key] = projected;
  }
  const extra = def.catchall && defOf(def.catchall).type !== 'never' ? def.catchall : undefined;
  if (extra) {
    for (const [key, item] of Object.entries(value)) {
      if (key in shape) continue;
      const projected = projectToSchema(item, extra);
      if (projected !== undefined) out[key] = projected;
    }
  }
  return out;
}

/**
 * An object goes through the first object option that declares one of its keys and whose literal
 * and enum fields match it (nested unions, such as a discriminated union inside another, are
 * searched too).
 */
function projectUnion(value: Record<string, unknown>, options: readonly z.ZodType[]): unknown {
  const option = matchingOption(value, options);
  if (option) return projectObject(value, option);
  return Object.keys(value).length === 0 ? undefined : value;
}

function matchingOption(value: Record<string, unknown>, options: readonly z.ZodType[]): Def | undefined {
  for (const option of options) {
    const def = unwrap(option);
    if (def.type === 'object' && sharesKey(value, def) && discriminatorsMatch(value, def)) return def;
    if (def.type === 'union') {
      const inner = matchingOption(value, def.options ?? []);
      if (inner) return inner;
    }
  }
  return undefined;
}

function sharesKey(value: Record<string, unknown>, def: Def): boolean {
  return Object.keys(value).some((key) => def.shape !== undefined && key in def.shape);
}

function discriminatorsMatch(value: Record<string, unknown>, def: Def): boolean {
  for (const [key, fieldSchema] of Object.entries(def.shape ?? {})) {
    const field = unwrap(fieldSchema);
    const allowed =
      field.type === 'literal'
        ? field.values
        : field.type === 'enum'
          ? Object.values(field.entries ?? {})
          : null;
    if (!allowed) continue;
    const optional = defOf(fieldSchema).type === 'optional';
    if (value[key] === undefined ? !optional : !allowed.includes(value[key])) return false;
  }
  return true;
}

function unwrap(schema: z.ZodType): Def {
  let def = defOf(schema);
  while (WRAPPERS.has(def.type) && def.innerType) def = defOf(def.innerType);
  return def;
}

/**
 * `value` without the fields at `pointers`; a `*` segment matches every array index or key. Only
 * the containers on a path to a removed field are copied (copying whole specs cost 10k-table plans
 * a tenth of their CPU); the input is never changed.
 */
export function omitPointers<T>(value: T, pointers: readonly string[]): T {
  let out: unknown = value;
  for (const pointer of pointers) out = omitAt(out, parsePointer(pointer));
  return out as T;
}

function omitAt(node: unknown, segments: readonly string[]): unknown {
  const [head, ...rest] = segments;
  if (head === undefined || node === null || typeof node !== 'object') return node;
  const container = node as Record<string, unknown>;
  const keys = head === '*' ? Object.keys(container) : [head];
  let copy: Record<string, unknown> | undefined;
  for (const key of keys) {
    if (!(key in container)) continue;
    if (rest.length === 0) {
      if (Array.isArray(container)) continue;
      copy ??= { ...container };
      delete copy[key];
    } else {
      const child = omitAt(container[key], rest);
      if (child === container[key]) continue;
      copy ??= (Array.isArray(container) ? [...container] : { ...container }) as Record<string, unknown>;
      copy[key] = child;
    }
  }
  return copy ?? container;
}

function isEmptyObject(value: unknown): boolean {
  return isPlainObject(value) && Object.keys(value).length === 0;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
