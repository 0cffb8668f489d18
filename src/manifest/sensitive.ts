// Which values are secrets: a kind lists JSON pointers into its spec; a pointer also matches
// through array indexes it leaves out (`/credentials/password` ⊇ `/credentials/3/password`)
// and `*` matches any one segment. concealSecrets() swaps known secret values back for the
// `${env.NAME}` they came from, wherever they ended up.
import { parsePointer } from '../core/json-pointer.js';

export function isSensitivePointer(patterns: readonly string[], pointer: string): boolean {
  if (patterns.length === 0) return false;
  const actual = parsePointer(pointer);
  return patterns.some((pattern) => matches(parsePointer(pattern), 0, actual, 0));
}

function matches(pattern: string[], i: number, actual: string[], j: number): boolean {
  if (i === pattern.length && j === actual.length) return true;
  if (j === actual.length) return false;
  const segment = actual[j] as string;
  const want = pattern[i];
  if (want !== undefined && (want === '*' || want === segment) && matches(pattern, i + 1, actual, j + 1))
    return true;
  return /^\d+$/.test(segment) && matches(pattern, i, actual, j + 1);
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
