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
  /**
   * The bytes as written (searched without decoding: thousands of files are scanned, most of
   * them once), or the text with what hides a piece resolved; undefined: the file could not be
   * read as text or YAML, so it may mention anything.
   */
  private readonly searched: Buffer | string | undefined;
  private readonly holds = new Map<string, boolean>();

  constructor(
    file: string,
    /** Undefined when the file could not be read. */
    bytes: Buffer | undefined,
    context: ScanContext,
  ) {
    this.searched = bytes === undefined ? undefined : searchable(file, bytes, context);
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

function searchable(file: string, bytes: Buffer, context: ScanContext): Buffer | string | undefined {
  const variables = bytes.includes('${var.') || (hasAny(context.plainEnv) && bytes.includes('${env.'));
  if (!variables && !mayHide(bytes)) return bytes;
  const text = bytes.toString('utf8');
  const substituted = variables ? substitute(text, context) : text;
  if (!HIDING.test(substituted)) return substituted;
  const parsed = parseYaml({ file, path: file, text });
  // Unparsable: the loader reports it if the file is needed; until then it may mention anything.
  if (parsed.diagnostics.some((d) => d.severity === 'error')) return undefined;
  const strings: string[] = [];
  for (const document of parsed.documents) collectStrings(document.value, strings);
  return substitute(strings.join('\n'), context) + substituted;
}

/** Whether a backslash starts what HIDING matches (bytes: x u U LF CR). */
function mayHide(bytes: Buffer): boolean {
  for (let at = bytes.indexOf(0x5c); at >= 0; at = bytes.indexOf(0x5c, at + 1)) {
    const next = bytes[at + 1];
    if (next === 0x78 || next === 0x75 || next === 0x55 || next === 0x0a || next === 0x0d) return true;
  }
  return false;
}

function hasAny(record: Readonly<Record<string, string>>): boolean {
  for (const _ in record) return true;
  return false;
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
