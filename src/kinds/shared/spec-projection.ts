// Projects loose live JSON onto a kind's zod spec schema: keeps only declared keys, drops nulls and
// empty strings, folds stringly numbers and booleans, and removes write-only fields. Pure; never validates.
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
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { def: Def }).def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/**
 * `value` reduced to what `schema` can hold. A value of the wrong shape is kept as it is, so the
 * diff shows it rather than hiding it.
 */
export function projectToSchema(value: unknown, schema: z.ZodType): unknown {
  if (value === null || value === undefined || value === '') return undefined;
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return projectToSchema(value, def.innerType);
  switch (def.type) {
    case 'pipe':
      return def.in ? projectToSchema(value, def.in) : value;
    case 'object':
      return isPlainObject(value) ? projectObject(value, def) : value;
    case 'array':
      return Array.isArray(value) && def.element ? value.map((v) => projectToSchema(v, def.element!)) : value;
    case 'union':
      return projectUnion(value, def.options ?? []);
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

function projectObject(value: Record<string, unknown>, def: Def): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const shape = def.shape ?? {};
  for (const [key, fieldSchema] of Object.entries(shape)) {
    const projected = projectToSchema(value[key], fieldSchema);
    if (projected !== undefined) out[key] = projected;
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

/** Objects go through the first object option whose literal and enum fields match the value. */
function projectUnion(value: unknown, options: readonly z.ZodType[]): unknown {
  if (!isPlainObject(value)) return value;
  for (const option of options) {
    const def = unwrap(option);
    if (def.type === 'object' && discriminatorsMatch(value, def)) return projectObject(value, def);
  }
  return Object.keys(value).length === 0 ? undefined : value;
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

/** Copy of `value` without the fields at `pointers`; a `*` segment matches every array index or key. */
export function omitPointers<T>(value: T, pointers: readonly string[]): T {
  let out: unknown = structuredClone(value);
  for (const pointer of pointers) out = omitAt(out, parsePointer(pointer));
  return out as T;
}

function omitAt(node: unknown, segments: readonly string[]): unknown {
  const [head, ...rest] = segments;
  if (head === undefined || node === null || typeof node !== 'object') return node;
  const container = node as Record<string, unknown>;
  const keys = head === '*' ? Object.keys(container) : [head];
  for (const key of keys) {
    if (!(key in container)) continue;
    if (rest.length === 0) {
      if (Array.isArray(container)) continue;
      delete container[key];
    } else {
      container[key] = omitAt(container[key], rest);
    }
  }
  return container;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
