// The glob of object names, for prune/protect patterns, over `/`-separated paths: `*` matches any
// run of characters within one segment (never a `/`), `?` one character, `**` as a whole segment
// any number of segments. Everything else is literal, so a protect pattern naming an object with
// `[`, `{` or `!` in its name still matches it. (Manifest *files* use picomatch: find-files.ts.)

/** `sales_db/**\/tmp_*` → a RegExp over a whole `/`-separated path. `**` as a segment spans levels. */
function globToRegExp(pattern: string): RegExp {
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

/** Compiled patterns: they come from dpac.yaml and flags (few), and are matched per object. */
const compiled = new Map<string, RegExp>();

/** Whether a name (or a `parent/name` path) matches a glob such as `tmp_*` or `sales_db/*`. */
export function matchesGlob(pattern: string, value: string): boolean {
  let regex = compiled.get(pattern);
  if (!regex) {
    regex = globToRegExp(pattern);
    compiled.set(pattern, regex);
  }
  return regex.test(value);
}

/** Whether a name segment is a pattern (`*` or `?`) rather than a literal name. */
export function isGlob(pattern: string): boolean {
  return /[*?]/.test(pattern);
}
