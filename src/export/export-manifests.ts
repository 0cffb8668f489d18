// LiveState → manifest files, pure. Every selected object is either written or reported with
// why (never silently dropped); references that leave the export are reported; objects whose
// parent or a referenced object cannot be written are held back so the written set validates.
import { parseAddress } from '../core/address.js';
import { UNNAMED_PROJECT_TAG } from '../core/ownership-tag.js';
import type { FieldChange } from '../diff/compare-specs.js';
import { isKindName, KIND_NAMES, KINDS, type KindName, parentOf } from '../kinds/index.js';
import type { LiveObject, LiveState } from '../live/live-object.js';
import { SCHEMA_FILE } from '../manifest/json-schema.js';
import { scopeOf } from '../plan/select.js';
import { externalDocument, withDependencies } from './dependencies.js';
import { exportObject } from './export-object.js';
import { decideProject, type ProjectDecision } from './export-project.js';
import { commonPart, withoutCommon } from './factor-defaults.js';
import { FileNames, filePathFor } from './file-layout.js';
import { type ExportTarget, PROJECT_FILE, projectFileText } from './project-file.js';
import { type ExportDocument, renderDocuments } from './render-documents.js';
import type { SecretVariable } from './secret-placeholders.js';

export interface ExportOptions {
  /** `--select` selectors (`Source`, `Source/sales_db`, `Table/sales_db/orders`); none = everything. */
  select?: readonly string[];
  /**
   * `--exclude` patterns: those objects (and what lies below them) are not written; what refers
   * to them is, with them as external declarations.
   */
  exclude?: readonly string[];
  /** Export what the selection refers to whole, instead of as external declarations. */
  withDependencies?: boolean;
  /** Move the values all children of a parent share into its defaults (a Source's table_defaults). */
  factorDefaults?: boolean;
  /** The ownership tag `live` was read with (what `owned` says on its objects). */
  readTag?: string;
  /** The project to export as, by name; default: the one the exported objects' tags name. */
  project?: string;
  /** The platform exported from, as the project's default target. */
  target?: ExportTarget;
}

interface ExportFile {
  /** Relative to the output folder, with `/`. */
  path: string;
  yaml: string;
  documents: number;
}

interface ExportNote {
  address: string;
  why: string;
}

export interface ExportResult {
  files: ExportFile[];
  /** Environment variables the exported placeholders need, in file order. */
  variables: SecretVariable[];
  /** Selected objects not written, with why. */
  problems: ExportNote[];
  /** Written objects that refer to objects outside the export (written as external declarations). */
  outside: ExportNote[];
  /** Objects outside the selection written as external declarations (metadata.external: true). */
  externals: string[];
  /** Written objects a plan would still change: a projection that does not round-trip. */
  unstable: { address: string; fields: FieldChange[] }[];
  /** Written documents per kind. */
  counts: Partial<Record<KindName, number>>;
  /** The project the files form (dpac.yaml's `project:` or `ownership_tag:`), and why. */
  project: Omit<ProjectDecision, 'foreign'> & { target?: ExportTarget };
  /** dpac.yaml for the output folder: the project, the platform as its default target. */
  projectFile: { path: string; yaml: string };
  /** Selected objects another project owns: not written (external declarations where referred to). */
  elsewhere: ExportNote[];
}

/** A document placed in a file: what layOut needs. */
interface Placed {
  obj: Pick<LiveObject, 'kind' | 'ancestors' | 'name' | 'address'>;
  document: ExportDocument;
  variables: SecretVariable[];
}

interface Written extends Placed {
  obj: LiveObject;
  refs: string[];
  parent: string | undefined;
}

export function exportManifests(live: LiveState, options: ExportOptions = {}): ExportResult {
  const scope = scopeOf(options.select, options.exclude);
  const inScope = [...live.objects.values()].filter(scope.inScope);
  const { foreign, ...project } = decideProject(inScope, live, options.readTag ?? UNNAMED_PROJECT_TAG, {
    ...(options.project === undefined ? {} : { asked: options.project }),
    partial: Boolean(options.select?.length || options.exclude?.length),
  });
  // Another project's objects are theirs to declare: left out, like --exclude.
  const elsewhere: ExportNote[] = [];
  const chosen = inScope.filter((o) => {
    const why = foreign(o);
    if (why !== undefined) elsewhere.push({ address: o.address, why });
    return why === undefined;
  });
  const withNeeds = options.withDependencies
    ? withDependencies(chosen, live, (o) => scope.excluded(o) || foreign(o) !== undefined)
    : chosen;
  const selected = withNeeds.sort(
    (a, b) => a.ancestors.length - b.ancestors.length || compare(a.address, b.address),
  );
  const selectedAddresses = new Set(selected.map((o) => o.address));
  const problems: ExportNote[] = live.problems.filter((p) => {
    const { kind, ancestors, name } = parseAddress(p.address);
    return isKindName(kind) && scope.inScope({ kind, ancestors, name });
  });
  const failed = new Set(live.problems.map((p) => p.address));
  const outside: ExportNote[] = [];
  const unstable: ExportResult['unstable'] = [];
  const written = new Map<string, Written>();
  const context = { takenNames: new Set<string>(), memos: new Map() };

  for (const obj of selected) {
    const parent = parentOf(obj);
    if (
      parent !== undefined &&
      (failed.has(parent) || (selectedAddresses.has(parent) && !written.has(parent)))
    ) {
      failed.add(obj.address);
      problems.push({ address: obj.address, why: `its parent ${parent} cannot be exported` });
      continue;
    }
    const result = exportObject(obj, context);
    if (!result.ok) {
      failed.add(obj.address);
      problems.push({ address: obj.address, why: result.why });
      continue;
    }
    const refs = KINDS[obj.kind]
      .refs(result.desired as never, { ancestors: obj.ancestors, declared: (a) => live.objects.get(a)?.spec })
      .map((r) => r.address);
    const dangling = refs.find((a) => !live.objects.has(a) && !failed.has(a));
    if (dangling !== undefined) {
      failed.add(obj.address);
      problems.push({
        address: obj.address,
        why: `refers to ${dangling}, which was not found live (an id dpac cannot map to a name)`,
      });
      continue;
    }
    if (parent !== undefined && !selectedAddresses.has(parent))
      outside.push({ address: obj.address, why: `its parent ${parent} is not in this export` });
    for (const a of new Set(refs))
      if (!selectedAddresses.has(a))
        outside.push({ address: obj.address, why: `refers to ${a}, not in this export` });
    if (result.differs.length > 0) unstable.push({ address: obj.address, fields: result.differs });
    written.set(obj.address, { obj, document: result.document, variables: result.variables, refs, parent });
  }
  holdBackBrokenReferrers(written, failed, problems);
  if (options.factorDefaults) factorDefaults(written);
  const externals = externalsFor(written, live, selectedAddresses);
  return {
    ...layOut([...written.values(), ...externals]),
    problems,
    outside,
    externals: externals.map((e) => e.obj.address),
    unstable,
    counts: countKinds(written),
    project: { ...project, ...(options.target ? { target: options.target } : {}) },
    projectFile: { path: PROJECT_FILE, yaml: projectFileText(project, options.target) },
    elsewhere,
  };
}

/** What the written objects refer to (or live under) outside the export, as external declarations. */
function externalsFor(
  written: ReadonlyMap<string, Written>,
  live: LiveState,
  selected: ReadonlySet<string>,
): Placed[] {
  const targets = new Set<string>();
  for (const w of written.values()) {
    const parent = w.parent;
    for (const a of parent === undefined ? w.refs : [parent, ...w.refs])
      if (!selected.has(a) && live.objects.has(a)) targets.add(a);
  }
  // Roots first, like the written objects (layOut settles a root's file stem before its children's).
  return [...targets]
    .map((address) => externalDocument(address))
    .sort((a, b) => a.obj.ancestors.length - b.obj.ancestors.length || compare(a.address, b.address))
    .map(({ document, obj, address }) => ({ obj: { ...obj, address }, document, variables: [] }));
}

/** Each written parent with child defaults takes the values all its written children share. */
function factorDefaults(written: Map<string, Written>): void {
  const children = new Map<string, Written[]>();
  for (const w of written.values()) {
    const defaults = w.parent === undefined ? undefined : written.get(w.parent);
    if (!defaults || KINDS[defaults.obj.kind].childDefaults?.kind !== w.obj.kind) continue;
    const list = children.get(defaults.obj.address);
    if (list) list.push(w);
    else children.set(defaults.obj.address, [w]);
  }
  for (const [address, list] of children) {
    const parent = written.get(address) as Written;
    const key = KINDS[parent.obj.kind].childDefaults?.key;
    if (!key || list.length < 2) continue;
    const common = commonPart(list.map((w) => w.document.spec ?? {}));
    if (Object.keys(common).length === 0) continue;
    parent.document = { ...parent.document, childDefaults: { key, value: common } };
    for (const w of list) w.document = { ...w.document, spec: withoutCommon(w.document.spec ?? {}, common) };
  }
}

/** A written object that refers to one that could not be written would fail validation: hold it back too. */
function holdBackBrokenReferrers(
  written: Map<string, Written>,
  failed: Set<string>,
  problems: ExportNote[],
): void {
  for (let changed = failed.size > 0; changed; ) {
    changed = false;
    for (const [address, w] of written) {
      const broken =
        w.refs.find((a) => failed.has(a)) ??
        (w.parent !== undefined && failed.has(w.parent) ? w.parent : undefined);
      if (broken === undefined) continue;
      written.delete(address);
      failed.add(address);
      problems.push({ address, why: `refers to ${broken}, which cannot be exported` });
      changed = true;
    }
  }
}

function layOut(objects: readonly Placed[]): Pick<ExportResult, 'files' | 'variables'> {
  const names = new FileNames();
  const byFile = new Map<string, Placed[]>();
  // Roots first, so a root's file stem is settled before its children ask for it.
  for (const w of objects) {
    const path = filePathFor(names, w.obj.kind, w.obj.ancestors, w.obj.name);
    const list = byFile.get(path);
    if (list) list.push(w);
    else byFile.set(path, [w]);
  }
  const files: ExportFile[] = [];
  const variables: SecretVariable[] = [];
  for (const path of [...byFile.keys()].sort(compare)) {
    const docs = (byFile.get(path) ?? []).sort(
      (a, b) =>
        KIND_NAMES.indexOf(a.obj.kind) - KIND_NAMES.indexOf(b.obj.kind) ||
        compare(a.obj.address, b.obj.address),
    );
    const depth = path.split('/').length - 1;
    files.push({
      path,
      yaml: renderDocuments(
        docs.map((d) => d.document),
        `${'../'.repeat(depth)}${SCHEMA_FILE}`,
      ),
      documents: docs.length,
    });
    for (const d of docs) variables.push(...d.variables);
  }
  return { files, variables };
}

function countKinds(written: ReadonlyMap<string, Written>): Partial<Record<KindName, number>> {
  const counts: Partial<Record<KindName, number>> = {};
  for (const w of written.values()) counts[w.obj.kind] = (counts[w.obj.kind] ?? 0) + 1;
  return counts;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
