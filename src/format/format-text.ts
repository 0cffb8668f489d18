// One manifest file in its canonical form, through the yaml library's Document API so every
// comment stays with what it describes: keys in the order export writes (the schema's, via
// schemaOrder), mappings in block style, a list of scalars in flow style while short (export's
// rule, render-documents.ts), 2-space indents, documents separated by `---`. Scalars keep their
// quoting. The result must parse to the same data as the input, or the file is left as it is.
import { isDeepStrictEqual } from 'node:util';
import { type Document, isMap, isPair, isScalar, isSeq, parseAllDocuments, type YAMLSeq } from 'yaml';
import type { Diagnostic } from '../core/diagnostic.js';
import { FLOW_MAX } from '../export/emit-yaml.js';
import { schemaOrder } from '../export/strip-defaults.js';
import { isKindName, KINDS } from '../kinds/index.js';
import { documentSchema } from '../manifest/document-schema.js';
import { MAX_DEPTH } from '../manifest/limits.js';
import { parseYaml } from '../manifest/parse-yaml.js';
import { findDeepNesting } from '../manifest/scan-nesting.js';

// As the manifest parser reads (parse-yaml.ts): YAML 1.2 core schema, unique keys, no merge keys or tags.
const PARSE = {
  version: '1.2',
  schema: 'core',
  uniqueKeys: true,
  merge: false,
  resolveKnownTags: false,
  prettyErrors: false,
  strict: true,
} as const;
const TO_STRING = { lineWidth: 0, flowCollectionPadding: false, indent: 2, indentSeq: true } as const;

export interface FormattedText {
  /** The canonical text (the same as the input when it already was); absent when it cannot be formatted. */
  text?: string;
  diagnostics: Diagnostic[];
}

/** `file` names the file in diagnostics (relative to the project root). */
export function formatText(text: string, file: string): FormattedText {
  // What validate refuses (bad YAML, tags, aliases, deep nesting) is reported as validate reports
  // it, and left alone; the manifest parser runs only then (it would parse every file once more).
  const refused = (): FormattedText => {
    const errors = parseYaml({ file, path: file, text }, { fastPath: false }).diagnostics.filter(
      (d) => d.severity === 'error',
    );
    return { diagnostics: errors.length ? errors : [changesMeaning(file)] };
  };
  if (findDeepNesting(text, MAX_DEPTH)) return refused();
  const documents = parseAllDocuments(text, PARSE);
  if (!Array.isArray(documents)) return { text, diagnostics: [] }; // no document at all
  if (documents.some((d) => d.errors.length > 0 || d.warnings.length > 0)) return refused();
  let before: unknown[];
  try {
    before = documents.map((d) => d.toJS({ maxAliasCount: 0 }));
  } catch {
    return refused(); // an alias
  }
  documents.forEach((doc, i) => {
    canonical(doc, before[i]);
    if (i > 0) doc.directives.docStart = true;
  });
  const formatted = documents.map((d) => d.toString(TO_STRING)).join('');
  if (formatted === text) return { text, diagnostics: [] };
  const after = parseAllDocuments(formatted, PARSE);
  const same =
    Array.isArray(after) &&
    after.length === before.length &&
    after.every((d, i) => d.errors.length === 0 && isDeepStrictEqual(d.toJS(), before[i]));
  return same ? { text: formatted, diagnostics: [] } : { diagnostics: [changesMeaning(file)] };
}

function changesMeaning(file: string): Diagnostic {
  return {
    severity: 'error',
    summary: `${file} was left as it is: formatting it would change what it means`,
    detail: 'Please report this as a dpac bug, with the file.',
    source: { file, line: 1, col: 1 },
  };
}

/** Orders and lays out one document in place. */
function canonical(doc: Document, value: unknown): void {
  const root = doc.contents;
  if (!isMap(root)) {
    if (root) layOut(root);
    return;
  }
  // A comment above the first key heads the document (the $schema modeline): it stays on top.
  const first = root.items[0];
  const head = first && isScalar(first.key) ? first.key.commentBefore : undefined;
  if (head && first && isScalar(first.key)) {
    root.commentBefore = root.commentBefore ? `${root.commentBefore}\n${head}` : head;
    first.key.commentBefore = undefined;
  }
  const data = value as Record<string, unknown>;
  const kind = data.kind;
  if (typeof kind === 'string' && isKindName(kind)) {
    const shaped = schemaOrder(data, documentSchema(KINDS, kind)) as Record<string, unknown>;
    // A parent's defaults for its children take the children's spec order.
    const defaults = KINDS[kind].childDefaults;
    if (defaults && data[defaults.key] !== undefined)
      shaped[defaults.key] = schemaOrder(data[defaults.key], KINDS[defaults.kind].spec);
    reorder(root, shaped);
  }
  layOut(root);
}

/** Sorts a mapping's pairs (and those below) as the keys of `shaped` come; unknown keys keep their place after. */
function reorder(node: unknown, shaped: unknown): void {
  if (isMap(node) && shaped !== null && typeof shaped === 'object' && !Array.isArray(shaped)) {
    const order = Object.keys(shaped);
    const rank = (key: unknown) => {
      const at = order.indexOf(String(isScalar(key) ? key.value : key));
      return at < 0 ? order.length : at;
    };
    node.items.sort((a, b) => rank(a.key) - rank(b.key));
    for (const pair of node.items) {
      const key = String(isScalar(pair.key) ? pair.key.value : pair.key);
      reorder(pair.value, (shaped as Record<string, unknown>)[key]);
    }
  } else if (isSeq(node) && Array.isArray(shaped)) {
    node.items.forEach((item, i) => {
      reorder(item, shaped[i]);
    });
  }
}

/** Block mappings; a list of scalars in flow style while short and uncommented, else block. */
function layOut(node: unknown): void {
  if (isMap(node)) {
    if (node.items.length > 0) node.flow = false;
    for (const pair of node.items) if (isPair(pair)) layOut(pair.value);
  } else if (isSeq(node)) {
    node.flow = node.items.length === 0 || shortScalars(node);
    for (const item of node.items) layOut(item);
  }
}

function shortScalars(seq: YAMLSeq): boolean {
  const scalars = seq.items.every(
    (item) => isScalar(item) && !item.commentBefore && !item.comment && !String(item.value).includes('\n'),
  );
  return scalars && JSON.stringify(seq.toJSON()).length <= FLOW_MAX;
}
