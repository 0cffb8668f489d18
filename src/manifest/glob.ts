// The one glob of dpac, for manifest paths and for prune/protect patterns, over `/`-separated
// paths: `*` matches any run of characters within one segment (never a `/`), `?` one character,
// `**` as a whole segment any number of segments. Everything else is literal, so a protect pattern
// naming an object with `[` or `{` in its name still matches it. Node 20 has no path.matchesGlob.

export function isGlob(pattern: string): boolean {
  return /[*?]/.test(pattern);
}

/** `tables/**\/*.yaml` → a RegExp over a whole relative path. `**` as a segment spans folders. */
export function globToRegExp(pattern: string): RegExp {
  const segments = pattern.split('/').filter((s) => s !== '' && s !== '.');
  let source = '';
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '**') {
      source += last ? '.*' : '(?:[^/]+/)*';
      return;
    }
    source += segment
      .split('')
      .map((ch) => (ch === '*' ? '[^/]*' : ch === '?' ? '[^/]' : ch.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
      .join('');
    if (!last) source += '/';
  });
  return new RegExp(`^${source}$`);
}

/** The leading segments without wildcards: the folder a walk for this glob can start from. */
export function globBase(pattern: string): string {
  const segments = pattern.split('/');
  const base: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (isGlob(segment)) break;
    base.push(segment);
  }
  return base.join('/');
}

/** Whether a name (or a `parent/name` path) matches a glob such as `tmp_*` or `sales_db/*`. */
export function matchesGlob(pattern: string, value: string): boolean {
  return globToRegExp(pattern).test(value);
}
