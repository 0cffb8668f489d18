// Reads a zod schema along a data path (for error messages): which object keys are known there
// and what the field's description says. Wrappers (optional, default, pipe...) are seen through
// and unions fan out. Relies on zod 4's `_zod.def`, the documented way to introspect schemas.
import { z } from 'zod';
import { defOf as readDef, WRAPPERS } from '../core/zod-def.js';

type Schema = z.core.$ZodType;

const defOf = (schema: Schema) => readDef<Schema>(schema);

/** The concrete schemas a value may be checked against (wrappers removed, unions fanned out). */
function concrete(schema: Schema, depth = 0): Schema[] {
  if (depth > 32) return [];
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return concrete(def.innerType, depth + 1);
  if (def.type === 'pipe' && def.in) return concrete(def.in, depth + 1);
  if (def.type === 'lazy' && def.getter) return concrete(def.getter(), depth + 1);
  if (def.type === 'union' && def.options) return def.options.flatMap((o) => concrete(o, depth + 1));
  if (def.type === 'intersection' && def.left && def.right) {
    return [...concrete(def.left, depth + 1), ...concrete(def.right, depth + 1)];
  }
  return [schema];
}

function child(schema: Schema, segment: PropertyKey): Schema | undefined {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return (
        (def.shape && Object.hasOwn(def.shape, String(segment)) ? def.shape[String(segment)] : undefined) ??
        def.catchall
      );
    case 'array':
      return def.element;
    case 'record':
      return def.valueType;
    case 'tuple':
      return def.items?.[Number(segment)] ?? def.rest ?? undefined;
    default:
      return undefined;
  }
}

/** The (unwrapped) schemas of the field at `path`, plus the wrapped ones, for descriptions. */
function fieldsAt(root: Schema, path: readonly PropertyKey[]): Schema[] {
  let current: Schema[] = [root];
  for (const segment of path) {
    current = current.flatMap((s) => concrete(s)).flatMap((s) => child(s, segment) ?? []);
    if (current.length === 0) break;
  }
  return current;
}

/** Keys the object at `path` accepts (union members merged), in declaration order. */
export function knownKeysAt(root: Schema, path: readonly PropertyKey[]): string[] {
  const keys = new Set<string>();
  for (const field of fieldsAt(root, path)) {
    for (const s of concrete(field)) {
      const def = defOf(s);
      if (def.type === 'object' && def.shape) for (const key of Object.keys(def.shape)) keys.add(key);
    }
  }
  return [...keys];
}

/** The `.describe()` text of the field at `path`, looking through its wrappers. */
export function descriptionAt(root: Schema, path: readonly PropertyKey[]): string | undefined {
  for (const field of fieldsAt(root, path)) {
    let s: Schema | undefined = field;
    for (let depth = 0; s && depth < 16; depth++) {
      const description = z.globalRegistry.get(s)?.description;
      if (description) return description;
      const def = defOf(s);
      s = WRAPPERS.has(def.type) ? def.innerType : def.type === 'pipe' ? def.in : undefined;
    }
  }
  return undefined;
}

/**
 * `number` or `boolean` when the field at `path` takes that and never a string: a whole-value
 * `${var.NAME}` there is typed (`--var max_connections=4` gives 4, not "4").
 */
export function scalarTypeAt(root: Schema, path: readonly PropertyKey[]): 'number' | 'boolean' | undefined {
  const types = new Set(
    fieldsAt(root, path)
      .flatMap((f) => concrete(f))
      .map((s) => defOf(s).type),
  );
  if (types.has('string') || types.has('enum') || types.has('literal')) return undefined;
  if (types.has('number') || types.has('int')) return 'number';
  if (types.has('boolean')) return 'boolean';
  return undefined;
}
