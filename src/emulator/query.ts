// Lenient query-string parsing: empty names ignored (`?&limit=`), bad %-escapes kept raw.
export function parseQuery(search: string): Record<string, string> {
  const out: Record<string, string> = {};
  const text = search.startsWith('?') ? search.slice(1) : search;
  for (const part of text.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = decodeLenient(eq === -1 ? part : part.slice(0, eq));
    if (name === '') continue;
    out[name] = decodeLenient(eq === -1 ? '' : part.slice(eq + 1));
  }
  return out;
}

/** Decodes `+` and valid %-escapes; a raw `%` that is not an escape stays as it is. */
function decodeLenient(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced.replace(/(%[0-9a-fA-F]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

/** Path segments: %-escapes decoded (`%23` → `#`), `+` kept, a raw `%` kept. */
export function decodeSegment(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
