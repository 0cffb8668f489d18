// Which manifest files may mention some names, decided from their text without parsing them: a
// scoped plan looks for what refers to a changed object (or declares what it refers to) among
// thousands of files. A necessary condition, never a sufficient one: a file that may match is
// loaded and checked for real. Any YAML spelling of a name keeps its pieces between whitespace,
// quotes and backslashes verbatim, except \x \u \U escapes and escaped line breaks in
// double-quoted text, and `${var.NAME}`: such files are read as their parsed strings, with the
// variables substituted.
import { parseYaml } from '../manifest/parse-yaml.js';

/** Every piece must occur in a file for it to mention the name(s); none: every file may. */
export type Needle = readonly string[];

const SEPARATORS = /[\s\u0085'"\\]+/;
/** What can spell a piece of a name other than verbatim. */
const HIDING = /\\(?:[xuU]|\r?\n)/;
const REFERENCE = /\$\{(var|env)\.([A-Za-z_][A-Za-z0-9_.-]*)\}/g;

/** The pieces of these names that every spelling of them keeps (see the header). */
export function needleOf(names: readonly string[]): Needle {
  return names.flatMap((name) => name.split(SEPARATORS).filter(Boolean));
}

export interface ScanContext {
  /** `${var.NAME}` values. */
  vars: Readonly<Record<string, string>>;
  /** `${env.NAME}` values plain fields may read (dpac.yaml declares them non-secret). */
  plainEnv: Readonly<Record<string, string>>;
}

/** One file's searchable text, and which pieces it holds (asked once per piece). */
export class ScannedFile {
  /** Undefined: the file could not be read as text or YAML, so it may mention anything. */
  private readonly searched: string | undefined;
  private readonly holds = new Map<string, boolean>();

  constructor(
    file: string,
    /** Undefined when the file could not be read. */
    text: string | undefined,
    context: ScanContext,
  ) {
    this.searched = text === undefined ? undefined : searchableText(file, text, context);
  }

  mentions(needle: Needle): boolean {
    const searched = this.searched;
    if (searched === undefined) return true;
    for (const piece of needle) {
      let found = this.holds.get(piece);
      if (found === undefined) {
        found = searched.includes(piece);
        this.holds.set(piece, found);
      }
      if (!found) return false;
    }
    return true;
  }
}

function searchableText(file: string, text: string, context: ScanContext): string | undefined {
  const substituted = text.includes('${') ? substitute(text, context) : text;
  if (!HIDING.test(substituted)) return substituted;
  const parsed = parseYaml({ file, path: file, text });
  // Unparsable: the loader reports it if the file is needed; until then it may mention anything.
  if (parsed.diagnostics.some((d) => d.severity === 'error')) return undefined;
  const strings: string[] = [];
  for (const document of parsed.documents) collectStrings(document.value, strings);
  return substitute(strings.join('\n'), context) + substituted;
}

function substitute(text: string, context: ScanContext): string {
  return text.replace(REFERENCE, (whole, scope: string, name: string) => {
    const value = scope === 'var' ? context.vars[name] : context.plainEnv[name];
    return value ?? whole;
  });
}

function collectStrings(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, out);
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      collectStrings(item, out);
    }
}
