// `kind` + glob `name` patterns from dpac.yaml (prune and protect scopes).

export interface KindPattern {
  kind: string;
  name: string;
}

export function globToRegExp(glob: string): RegExp {
  const body = glob
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`);
}

/** Matches by kind and by the object's name (or its full address without the kind). */
export function matchesPattern(pattern: KindPattern, kind: string, name: string, address: string): boolean {
  if (pattern.kind !== kind && pattern.kind !== '*') return false;
  const re = globToRegExp(pattern.name);
  return re.test(name) || re.test(address.slice(kind.length + 1));
}
