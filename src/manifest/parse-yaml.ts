// Parses one decoded manifest file into plain documents with locators. Hardened: nesting is
// pre-scanned, keys must be unique, no aliases or custom tags, and parser messages never quote
// source lines (they may hold secrets). Files within the fast path's subset skip the full parser;
// their locators run it on first use (only diagnostics need more than the `kind` key's place).
import { isScalar, LineCounter, parseAllDocuments, type YAMLError } from 'yaml';
import type { Diagnostic, SourceLocation } from '../core/diagnostic.js';
import { MAX_DEPTH } from './limits.js';
import { Locator, type NodeMap } from './locator.js';
import { parseFastYaml } from './parse-fast-yaml.js';
import type { SourceText } from './read-files.js';
import { findDeepNesting } from './scan-nesting.js';
import { toPlain } from './to-plain.js';

export interface ParsedDocument {
  file: string;
  /** 0-based position of the document in its file. */
  index: number;
  /** Plain data: objects, arrays, strings, finite numbers, booleans, null. */
  value: unknown;
  locator: Locator;
  /** Where the document starts. */
  start: SourceLocation;
  /** Its text holds no `$`: it has no `${…}` reference (said by the fast path only). */
  withoutDollar?: true;
}

export interface ParseResult {
  documents: ParsedDocument[];
  diagnostics: Diagnostic[];
}

const PARSE_OPTIONS = {
  version: '1.2',
  schema: 'core',
  uniqueKeys: true,
  maxAliasCount: 0,
  merge: false,
  resolveKnownTags: false,
  customTags: [],
  prettyErrors: false,
  strict: true,
} as const;

export interface ParseOptions {
  /** Off: always the full parser (the reference the fast path is tested against). Default on. */
  fastPath?: boolean;
}

export function parseYaml(source: SourceText, options: ParseOptions = {}): ParseResult {
  // The fast path never recurses past FAST_DEPTH_LIMIT, so it may run before the nesting scan.
  const fast = options.fastPath === false ? undefined : parseFast(source);
  if (fast) return fast;
  const deep = findDeepNesting(source.text, MAX_DEPTH);
  if (deep) {
    return {
      documents: [],
      diagnostics: [
        {
          severity: 'error',
          summary: `Nesting deeper than ${MAX_DEPTH} levels`,
          detail:
            'The file was not parsed. Manifests are never this deep; check for a generated or corrupted file.',
          source: { file: source.file, line: deep.line, col: deep.col },
        },
      ],
    };
  }
  return withLocators(source.file, parseFull(source));
}

function parseFast(source: SourceText): ParseResult | undefined {
  const fast = parseFastYaml(source.text, source.file);
  if (!fast) return undefined;
  let full: FullParse | undefined;
  const nodesOf = (index: number) => (): NodeMap => {
    full ??= parseFull(source);
    return full.documents.find((d) => d.index === index)?.nodes ?? new Map();
  };
  const file = source.file;
  const documents = fast.map(
    (d): ParsedDocument => ({
      file,
      index: d.index,
      value: d.value,
      locator: new Locator(file, nodesOf(d.index), d.kindKey && { pointer: '/kind', key: d.kindKey }),
      start: d.start,
      ...(d.withoutDollar ? { withoutDollar: true as const } : {}),
    }),
  );
  return { documents, diagnostics: [] };
}

interface FullParse {
  documents: (Omit<ParsedDocument, 'locator'> & { nodes: NodeMap })[];
  diagnostics: Diagnostic[];
}

function withLocators(file: string, parsed: FullParse): ParseResult {
  return {
    documents: parsed.documents.map(({ nodes, ...d }) => ({ ...d, locator: new Locator(file, nodes) })),
    diagnostics: parsed.diagnostics,
  };
}

/** The `yaml` parser, then to-plain: the reference behaviour, and every diagnostic. */
function parseFull(source: SourceText): FullParse {
  const lines = new LineCounter();
  const parsed = parseAllDocuments(source.text, { ...PARSE_OPTIONS, customTags: [], lineCounter: lines });
  const documents: FullParse['documents'] = [];
  const diagnostics: Diagnostic[] = [];
  if (!Array.isArray(parsed)) return { documents, diagnostics };
  parsed.forEach((doc, index) => {
    const at = (offset: number): SourceLocation => ({ file: source.file, ...lines.linePos(offset) });
    // Any tag beyond the core schema fails to resolve: an error, not the parser's warning.
    const unresolvedTags = doc.warnings.filter((w) => w.code === 'TAG_RESOLVE_FAILED');
    const errors = [...doc.errors, ...unresolvedTags].map((e) => yamlDiagnostic(e, 'error', at));
    const warnings = doc.warnings
      .filter((w) => w.code !== 'TAG_RESOLVE_FAILED')
      .map((w) => yamlDiagnostic(w, 'warning', at));
    diagnostics.push(...errors, ...warnings);
    if (errors.length > 0) return;
    const contents = doc.contents;
    if (contents === null || (isScalar(contents) && contents.value === null && !contents.tag)) return;
    const plain = toPlain(contents, source.file, lines);
    diagnostics.push(...plain.diagnostics);
    if (plain.diagnostics.length > 0) return;
    const start = at(contents.range[0]);
    documents.push({
      file: source.file,
      index,
      value: plain.value,
      nodes: plain.nodes,
      start,
    });
  });
  return { documents, diagnostics };
}

const SUMMARIES: Record<string, string> = {
  DUPLICATE_KEY: 'Duplicate key: each key may appear only once in a mapping',
  BAD_ALIAS: 'YAML anchors and aliases are not supported in manifests',
  ALIAS_PROPS: 'YAML anchors and aliases are not supported in manifests',
  RESOURCE_EXHAUSTION: `Nesting too deep to parse`,
  MULTILINE_IMPLICIT_KEY: 'A key must fit on one line',
  BAD_INDENT: 'Bad indentation',
  TAB_AS_INDENT: 'Tabs are not allowed for indentation; use spaces',
};

function yamlDiagnostic(
  error: YAMLError,
  severity: Diagnostic['severity'],
  at: (offset: number) => SourceLocation,
): Diagnostic {
  // First line only, without the parser's own " at line N, column M" (we locate it ourselves).
  const message = (error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
  const tag = /^Unresolved tag: (\S+)/.exec(message)?.[1];
  const summary = tag
    ? `Unsupported YAML tag ${tag.replace('tag:yaml.org,2002:', '!!')}`
    : (SUMMARIES[error.code] ?? `Invalid YAML: ${message}`);
  if (tag) {
    const detail = 'Manifests use plain strings, numbers, booleans, lists and mappings; remove the tag.';
    return { severity, summary, detail, source: at(error.pos[0]) };
  }
  return { severity, summary, detail: `YAML ${error.code}: ${message}`, source: at(error.pos[0]) };
}
