// concealSecrets() swaps known secret values back for the `${env.NAME}` they came from,
// wherever they ended up (a platform that echoes a password into a plain field).
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
