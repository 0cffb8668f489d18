// The manifests of a set of files, as loadManifests and a scoped plan's file selection read them:
// each file read and parsed once (a scoped load asks for growing sets), other tools' YAML skipped
// with a note, defaults merged, every document validated, local files resolved, references
// collected.
import type { LoadedSet } from '../changes/select-changed.js';
import type { Diagnostic } from '../core/diagnostic.js';
import type { Ref } from '../kinds/kind.js';
import { resolveLocalFiles } from './local-files.js';
import type { Locator } from './locator.js';
import type { KindRegistry, Manifest } from './manifest.js';
import { mergeDefaults, type ProjectDefaults } from './merge-defaults.js';
import { otherYamlNote } from './other-yaml.js';
import { type ParsedDocument, parseYaml } from './parse-yaml.js';
import { type FileRef, readSources, type SourceText } from './read-files.js';
import { type DocumentContext, validateDocument } from './validate-document.js';

/** Manifests of a set of files: read, parsed (once per file), defaults merged, validated, local files read. */
export interface FileSet extends LoadedSet {
  manifests: Manifest[];
  partials: Manifest[];
  invalid: Set<string>;
  refs: Map<Manifest, Ref[]>;
  locators: WeakMap<Manifest, Locator>;
  diagnostics: Diagnostic[];
  /** The files read, relative to the root. */
  files: string[];
}

export class FileSetLoader {
  private readonly parsed = new Map<
    string,
    { documents: ParsedDocument[]; diagnostics: Diagnostic[]; skipped?: boolean }
  >();

  constructor(
    private readonly context: DocumentContext,
    private readonly defaults: ProjectDefaults,
    private readonly cwd: string,
    private readonly root: string,
  ) {}

  async load(files: readonly FileRef[]): Promise<FileSet> {
    const { registry } = this.context;
    const read = await readSources(files.filter((f) => !this.parsed.has(f.path)));
    for (const source of read.sources) {
      // Another tool's YAML a folder brought in is skipped with a note, never parsed as ours.
      const note = otherYamlNote(source);
      this.parsed.set(
        source.path,
        note ? { documents: [], diagnostics: [note], skipped: true } : parseYaml(source),
      );
    }
    const diagnostics = [...read.diagnostics];
    const documents: ParsedDocument[] = [];
    const sources: string[] = [];
    for (const f of files) {
      const parsed = this.parsed.get(f.path);
      if (!parsed) continue;
      diagnostics.push(...parsed.diagnostics);
      documents.push(...parsed.documents);
      if (!parsed.skipped) sources.push(f.file);
    }
    const set: FileSet = {
      manifests: [],
      partials: [],
      externals: [],
      invalid: new Set(),
      refs: new Map(),
      locators: new WeakMap(),
      diagnostics,
      files: sources,
    };
    // Defaults (dpac.yaml's, a Source's table_defaults) are merged before each manifest is checked.
    const seen = new Set<string>();
    for (const document of mergeDefaults(documents, registry, this.defaults)) {
      const result = validateDocument(document, this.context);
      // A bad default is found once per child it reaches, at the same place: reported once.
      diagnostics.push(...result.diagnostics.filter((d) => firstTime(seen, d)));
      if (result.manifest) {
        set.manifests.push(result.manifest);
        set.locators.set(result.manifest, document.locator);
      } else if (result.external) set.externals.push(result.external);
      else if (result.address) set.invalid.add(result.address);
      if (result.partial) {
        set.partials.push(result.partial);
        set.locators.set(result.partial, document.locator);
      }
    }
    diagnostics.push(
      ...(await resolveLocalFiles({ manifests: set.manifests, registry, cwd: this.cwd, root: this.root })),
    );
    const declared = new Map<string, Manifest>();
    for (const m of set.manifests) if (!declared.has(m.address)) declared.set(m.address, m);
    set.refs = collectRefs([...set.manifests, ...set.partials], declared, registry);
    return set;
  }

  /** The managed addresses some texts declare (a commit's text of changed files), problems ignored. */
  declaredIn(texts: readonly SourceText[]): string[] {
    const context = { ...this.context, secretVariables: new Set<string>() };
    const documents = texts.flatMap((t) => parseYaml(t).documents);
    return mergeDefaults(documents, context.registry, this.defaults).flatMap((document) => {
      const result = validateDocument(document, context);
      if (result.external) return [];
      const address = result.manifest?.address ?? result.partial?.address ?? result.address;
      return address && !address.includes('${') && !address.includes('…') ? [address] : [];
    });
  }
}

function firstTime(seen: Set<string>, d: Diagnostic): boolean {
  if (!d.source) return true;
  const key = `${d.source.file}:${d.source.line}:${d.source.col} ${d.summary}`;
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}

function collectRefs(
  manifests: readonly Manifest[],
  declared: ReadonlyMap<string, Manifest>,
  registry: KindRegistry,
): Map<Manifest, Ref[]> {
  const refs = new Map<Manifest, Ref[]>();
  for (const manifest of manifests) {
    const kind = registry[manifest.kind];
    if (!kind) continue;
    refs.set(
      manifest,
      kind.refs(manifest.spec, { ancestors: manifest.ancestors, declared: (a) => declared.get(a)?.spec }),
    );
  }
  return refs;
}
