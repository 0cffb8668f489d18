// JSON pointers (RFC 6901): the one way paths into documents and specs are written. Pure;
// setPointer copies along the path.

// Hot paths (every key of every manifest and live object): the common segment has neither `~`
// nor `/`, and is returned as it is, without allocating.
export function escapeSegment(segment: string): string {
  if (!segment.includes('~') && !segment.includes('/')) return segment;
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

export function unescapeSegment(segment: string): string {
  if (!segment.includes('~')) return segment;
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** `['connection', 'password']` → `/connection/password`; `[]` → '' (the whole document). */
export function toPointer(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) out += `/${escapeSegment(String(segment))}`;
  return out;
}

/** `/tables/0/name` → `['tables', '0', 'name']`; '' (and '/') → []. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  const segments = pointer.slice(1).split('/');
  if (pointer.includes('~'))
    for (let i = 0; i < segments.length; i++) segments[i] = unescapeSegment(segments[i] as string);
  return segments;
}

/** Pointers of every ancestor, deepest first, ending with '' (the root). */
export function ancestorPointers(pointer: string): string[] {
  const out: string[] = [];
  let p = pointer;
  while (p !== '') {
    p = p.slice(0, p.lastIndexOf('/'));
    out.push(p);
  }
  return out;
}

/** For humans: `spec.tables[0].name` rather than `/spec/tables/0/name`. */
export function displayPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number' || /^\d+$/.test(String(segment))) out += `[${String(segment)}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out;
}

/** The value at a path in plain data (own properties only), or undefined. */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let node = root;
  for (const segment of path) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, String(segment))) return undefined;
    node = (node as Record<string, unknown>)[String(segment)];
  }
  return node;
}

export function getPointer(value: unknown, pointer: string): unknown {
  return valueAt(value, parsePointer(pointer));
}

/** Copy of `value` with the pointer set (or removed when `next` is undefined). */
export function setPointer<T>(value: T, pointer: string, next: unknown): T {
  const segments = parsePointer(pointer);
  if (segments.length === 0) return next as T;
  const [head, ...rest] = segments as [string, ...string[]];
  const container: Record<string, unknown> | unknown[] = Array.isArray(value)
    ? [...value]
    : { ...((value ?? {}) as Record<string, unknown>) };
  const child = (container as Record<string, unknown>)[head];
  const updated = rest.length === 0 ? next : setPointer(child, toPointer(rest), next);
  if (updated === undefined && !Array.isArray(container)) delete (container as Record<string, unknown>)[head];
  else (container as Record<string, unknown>)[head] = updated;
  return container as T;
}

/**
 * `value` with some nodes replaced: `replace(node, pointer)` gives the node's new value, or
 * undefined to keep the node and look inside it. Copies only the containers on the way to a
 * replacement; the input is not changed.
 */
export function replaceNodes(
  value: unknown,
  replace: (node: unknown, pointer: string) => unknown,
  pointer = '',
): unknown {
  const replaced = replace(value, pointer);
  if (replaced !== undefined) return replaced;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const next = replaceNodes(value[i], replace, `${pointer}/${i}`);
      if (next === value[i]) continue;
      out ??= value.slice();
      out[i] = next;
    }
    return out ?? value;
  }
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    const next = replaceNodes(item, replace, `${pointer}/${escapeSegment(key)}`);
    if (next === item) continue;
    out ??= { ...(value as Record<string, unknown>) };
    out[key] = next;
  }
  return out ?? value;
}
