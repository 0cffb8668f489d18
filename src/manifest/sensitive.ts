// Which values are secrets: a kind lists JSON pointers into its spec; a pointer also matches
// through array indexes it leaves out (`/credentials/password` ⊇ `/credentials/3/password`)
// and `*` matches any one segment. concealSecrets() swaps known secret values back for the
// `${env.NAME}` they came from, wherever they ended up.
import { parsePointer } from '../core/json-pointer.js';

export function isSensitivePointer(patterns: readonly string[], pointer: string): boolean {
  return sensitiveMatcher(patterns)(parsePointer(pointer));
}

/** Whether `path` (unescaped segments; those before `from` are skipped) is a secret. */
export type SensitiveMatcher = (path: readonly string[], from?: number) => boolean;

const matchers = new WeakMap<readonly string[], SensitiveMatcher>();

/**
 * The test for one kind's patterns, parsed once: it runs for every string of every manifest, so a
 * path whose last named segment (not an array index) ends no pattern is refused at once.
 */
export function sensitiveMatcher(patterns: readonly string[]): SensitiveMatcher {
  const cached = matchers.get(patterns);
  if (cached) return cached;
  const parsed = patterns.map(parsePointer);
  const lastSegments = new Set(parsed.map((p) => p.at(-1)));
  // A pattern may also end on an index or on `*` (or be empty): no shortcut then.
  const anyLast = [...lastSegments].some((s) => s === undefined || s === '*' || isIndex(s));
  const matcher: SensitiveMatcher = (path, from = 0) => {
    if (parsed.length === 0) return false;
    if (!anyLast) {
      let last = path.length - 1;
      while (last >= from && isIndex(path[last] as string)) last--;
      if (last < from || !lastSegments.has(path[last])) return false;
    }
    return parsed.some((pattern) => matches(pattern, 0, path, from));
  };
  matchers.set(patterns, matcher);
  return matcher;
}

function matches(pattern: readonly string[], i: number, actual: readonly string[], j: number): boolean {
  if (i === pattern.length && j === actual.length) return true;
  if (j === actual.length) return false;
  const segment = actual[j] as string;
  const want = pattern[i];
  if (want !== undefined && (want === '*' || want === segment) && matches(pattern, i + 1, actual, j + 1))
    return true;
  return isIndex(segment) && matches(pattern, i, actual, j + 1);
}

function isIndex(segment: string): boolean {
  return /^\d+$/.test(segment);
}

/**
 * A deep copy of `value` in which every occurrence of a secret value inside a string is replaced
 * by `${env.NAME}` (`secrets` maps value → NAME), longest value first. The reference is what the
 * apply-time resolver fills in again, so a concealed call body still sends the right value.
 */
export function concealSecrets<T>(value: T, secrets: ReadonlyMap<string, string>): T {
  if (secrets.size === 0) return value;
  const ordered = [...secrets].sort(([a], [b]) => b.length - a.length);
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      let out = node;
      for (const [secret, name] of ordered) {
        if (out.includes(secret)) out = out.split(secret).join(`\${env.${name}}`);
      }
      return out;
    }
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    }
    return node;
  };
  return walk(value) as T;
}
