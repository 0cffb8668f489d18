// The RFC 6902 patch of a planned change: the operations that take the live projection to the
// declared spec, for the fields the manifest manages. A field the manifest omits is not compared,
// so it is not in the patch either (a plain compare of live and declared would remove it). Built
// from the field changes, then written as operations by fast-json-patch. Pure.
import jsonPatch from 'fast-json-patch';
import { escapeSegment, parsePointer } from '../core/json-pointer.js';
import type { Action } from '../diff/change.js';
import type { FieldChange } from '../diff/compare-specs.js';
import type { PlanChange } from './plan-schema.js';

export interface PatchInput {
  action: Action;
  /** Live projection, secrets already hidden. */
  before: Record<string, unknown> | null;
  /** Declared spec, secrets already hidden or references. */
  after: Record<string, unknown> | null;
  /** The compared fields, sensitive ones already left out. */
  fields: readonly FieldChange[];
}

/** The operations `compare` writes (fast-json-patch's own type also names its internal `_get`). */
export type PatchOperation = PlanChange['patch'][number];

/**
 * A create adds every declared field to nothing, a delete removes every live one; otherwise the
 * patch sets each changed field, on `before`'s own array positions (a keyed list's field path
 * names the item by its key, e.g. `/schema/columns/id/type`; the patch uses its index).
 */
export function changePatch(
  change: PatchInput,
  keyed: Readonly<Record<string, string>> = {},
): PatchOperation[] {
  if (change.action === 'create') return compare({}, change.after ?? {});
  if (change.action === 'delete') return compare(change.before ?? {}, {});
  const live = change.before ?? {};
  const target = jsonPatch.deepClone(live) as Record<string, unknown>;
  for (const field of change.fields) setField(target, parsePointer(field.path), field.after, keyed);
  return compare(live, target);
}

function setField(
  root: Record<string, unknown>,
  segments: readonly string[],
  value: unknown,
  keyed: Readonly<Record<string, string>>,
): void {
  if (segments.length === 0) return;
  let node: unknown = root;
  let pointer = '';
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    const last = i === segments.length - 1;
    const key = keyed[pointer];
    pointer += `/${escapeSegment(segment)}`;
    // A missing container on the way (rare: compare-specs reports a whole value where live has
    // none) is made as the next segment needs it.
    const fresh = () => (keyed[pointer] || isIndex(segments[i + 1]) ? [] : {});
    if (Array.isArray(node)) {
      let index = key ? node.findIndex((item) => isObject(item) && item[key] === segment) : Number(segment);
      if (index < 0 || !Number.isInteger(index)) index = node.length;
      if (last) node[index] = value;
      else {
        if (!isContainer(node[index])) node[index] = fresh();
        node = node[index];
      }
    } else if (isObject(node)) {
      if (last) node[segment] = value;
      else {
        if (!isContainer(node[segment])) node[segment] = fresh();
        node = node[segment];
      }
    } else return;
  }
}

function isContainer(value: unknown): boolean {
  return value !== null && typeof value === 'object';
}

function isIndex(segment: string | undefined): boolean {
  return segment !== undefined && /^\d+$/.test(segment);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** fast-json-patch's compare, typed as the operations it writes. */
function compare(from: object, to: object): PatchOperation[] {
  return jsonPatch.compare(from, to) as PatchOperation[];
}
