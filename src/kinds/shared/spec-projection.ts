// The one way live JSON becomes a spec: projected onto the kind's own zod schema. Keeps only
// declared keys; drops nulls, empty strings (the API's "unset"), empty optional objects and lists
// the schema cannot hold empty; folds stringly numbers and booleans and single values given for
// lists; removes write-only fields. Pure; never validates. Kinds write by hand only what the API
// says differently (ids → names, aliases, flags), in spec names, and project the result.
import type { z } from 'zod';
import { fieldPolicy } from '../../core/field-policy.js';
import { type ZodDef as Def, defOf, oncePerSchema, WRAPPERS } from '../../core/zod-def.js';

const EMPTY_IS_A_VALUE = new WeakSet<z.ZodType>();

/**
 * Marks a string schema whose `""` is a value (a quote character, a setting) rather than "unset".
 * Mark the string itself, after its `.describe()` and before `.optional()`.
 */
export function emptyIsAValue<T extends z.ZodType>(schema: T): T {
  EMPTY_IS_A_VALUE.add(schema);
  return schema;
}

/** `live` projected onto `schema`, without the write-only fields its field policy declares. */
export function projectLive<S>(live: unknown, schema: z.ZodType): S {
  return fieldPolicy(schema).secret.omitFrom((projectToSchema(live, schema) ?? {}) as S);
}

/**
 * `value` reduced to what `schema` can hold. A value of the wrong shape is kept as it is, so the
 * diff shows it rather than hiding it.
 */
export function projectToSchema(value: unknown, schema: z.ZodType): unknown {
  return projectorOf(schema)(value);
}

type Projector = (value: unknown) => unknown;

// Each schema is walked once into a projector: a 10k-table plan projects every table onto the
// same schema, and re-reading its definition (field lists, wrappers, checks) per table was most of
// the projection's CPU and garbage.
const projectorOf = oncePerSchema<z.ZodType, Projector>((schema) => compile(schema));

function compile(schema: z.ZodType): Projector {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) {
    const inner = projectorOf(def.innerType);
    return (value) => (value === null || value === undefined ? undefined : inner(value));
  }
  const empty = EMPTY_IS_A_VALUE.has(schema) ? '' : undefined;
  const project = compileType(def);
  return (value) =>
    value === null || value === undefined ? undefined : value === '' ? empty : project(value);
}

function compileType(def: Def): Projector {
  switch (def.type) {
    case 'pipe': {
      const inner = def.in ? projectorOf(def.in) : undefined;
      return inner ?? ((value) => value);
    }
    case 'object': {
      const project = objectProjector(def);
      return (value) => (isPlainObject(value) ? project(value) : value);
    }
    case 'array':
      return arrayProjector(def);
    case 'union': {
      const project = unionProjector(def.options ?? []);
      return (value) => (isPlainObject(value) ? project(value) : value);
    }
    case 'number':
      return (value) => (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value);
    case 'boolean':
      return (value) => (value === 'true' ? true : value === 'false' ? false : value);
    case 'string':
      return (value) => (typeof value === 'number' ? String(value) : value);
    default:
      return (value) => value;
  }
}

/** A single value stands for a one-item list; a list the schema requires non-empty is absent when empty. */
function arrayProjector(def: Def): Projector {
  if (!def.element) return (value) => value;
  const element = projectorOf(def.element);
  const minimum = def.checks?.find((c) => c._zod.def.check === 'min_length')?._zod.def.minimum ?? 0;
  return (value) => {
    const items: unknown[] = [];
    for (const item of Array.isArray(value) ? value : [value]) {
      const projected = element(item);
      if (projected !== undefined) items.push(projected);
    }
    return items.length === 0 && minimum > 0 ? undefined : items;
  };
}

type ObjectProjector = (value: Record<string, unknown>) => Record<string, unknown>;

const OBJECT_PROJECTORS = new WeakMap<Def, ObjectProjector>();

function objectProjector(def: Def): ObjectProjector {
  const known = OBJECT_PROJECTORS.get(def);
  if (known) return known;
  const shape = def.shape ?? {};
  const fields = Object.entries(shape).map(([key, fieldSchema]) => ({
    key,
    project: projectorOf(fieldSchema),
    optional: defOf(fieldSchema).type === 'optional',
  }));
  const extra = def.catchall && defOf(def.catchall).type !== 'never' ? projectorOf(def.catchall) : undefined;
  const project: ObjectProjector = (value) => {
    const out: Record<string, unknown> = {};
    for (const field of fields) {
      // Every projector drops null and undefined: most declared fields are absent from a value.
      const given = value[field.key];
      if (given === undefined || given === null) continue;
      const projected = field.project(given);
      if (projected === undefined) continue;
      if (field.optional && isEmptyObject(projected)) continue;
      out[field.key] = projected;
    }
    if (extra) {
      for (const key of Object.keys(value)) {
        if (key in shape) continue;
        const projected = extra(value[key]);
        if (projected !== undefined) out[key] = projected;
      }
    }
    return out;
  };
  OBJECT_PROJECTORS.set(def, project);
  return project;
}

/**
 * An object goes through the first object option that declares one of its keys and whose literal
 * and enum fields match it (nested unions, such as a discriminated union inside another, are
 * searched too, in place).
 */
function unionProjector(options: readonly z.ZodType[]): (value: Record<string, unknown>) => unknown {
  const candidates = objectOptions(options).map((def) => ({
    def,
    discriminators: discriminatorsOf(def),
    project: objectProjector(def),
  }));
  return (value) => {
    for (const { def, discriminators, project } of candidates) {
      if (sharesKey(value, def) && discriminators.every((d) => d.matches(value[d.key])))
        return project(value);
    }
    return Object.keys(value).length === 0 ? undefined : value;
  };
}

/** The object options of a union in search order, nested unions flattened where they stand. */
function objectOptions(options: readonly z.ZodType[]): Def[] {
  return options.flatMap((option) => {
    const def = unwrap(option);
    if (def.type === 'object') return [def];
    return def.type === 'union' ? objectOptions(def.options ?? []) : [];
  });
}

interface Discriminator {
  key: string;
  matches: (value: unknown) => boolean;
}

/** The literal and enum fields of an object option: a value must hold one of theirs (or omit an optional one). */
function discriminatorsOf(def: Def): Discriminator[] {
  const out: Discriminator[] = [];
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
    out.push({ key, matches: (value) => (value === undefined ? optional : allowed.includes(value)) });
  }
  return out;
}

function sharesKey(value: Record<string, unknown>, def: Def): boolean {
  if (def.shape === undefined) return false;
  for (const key in value) if (key in def.shape) return true;
  return false;
}

function unwrap(schema: z.ZodType): Def {
  let def = defOf(schema);
  while (WRAPPERS.has(def.type) && def.innerType) def = defOf(def.innerType);
  return def;
}

/** Without listing the keys (an array per projected object otherwise). */
function isEmptyObject(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  for (const _ in value) return false;
  return true;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
