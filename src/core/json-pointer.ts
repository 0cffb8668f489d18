// RFC 6901 JSON pointers over plain JSON values. Pure; setPointer copies along the path.

export function splitPointer(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function joinPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

export function getPointer(value: unknown, pointer: string): unknown {
  let current = value;
  for (const segment of splitPointer(pointer)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** Copy of `value` with the pointer set (or removed when `next` is undefined). */
export function setPointer<T>(value: T, pointer: string, next: unknown): T {
  const segments = splitPointer(pointer);
  if (segments.length === 0) return next as T;
  const [head, ...rest] = segments as [string, ...string[]];
  const container: Record<string, unknown> | unknown[] = Array.isArray(value)
    ? [...value]
    : { ...((value ?? {}) as Record<string, unknown>) };
  const child = (container as Record<string, unknown>)[head];
  const updated = rest.length === 0 ? next : setPointer(child, joinPointer(rest), next);
  if (updated === undefined && !Array.isArray(container)) delete (container as Record<string, unknown>)[head];
  else (container as Record<string, unknown>)[head] = updated;
  return container as T;
}

/** Whether `path` equals `prefix` or lies below it. */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}
