// `--changed-since REF`: which manifest files a plan loads. The files changed since the commit
// (and those naming a changed local file), the files that refer to what they declare or declared
// (found by name in the text: name-scan.ts), then, until nothing is missing, the files declaring
// what the loaded manifests refer to or sit under. The addresses the commit's text of a changed
// file declared and no loaded manifest declares now are the deleted ones. A change to dpac.yaml
// or a --var-file changes every manifest: then every file is planned.
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { type Address, makeAddress, parseAddress } from '../core/address.js';
import type { Diagnostic } from '../core/diagnostic.js';
import type { Ref } from '../kinds/kind.js';
import { type ExternalDeclaration, externalMatcher } from '../manifest/external.js';
import { display, isInside } from '../manifest/find-files.js';
import { ancestorKindsIn, type KindRegistry, type Manifest, oldNamesOf } from '../manifest/manifest.js';
import type { FileRef, SourceText } from '../manifest/read-files.js';
import type { ChangedSince } from '../plan/plan-schema.js';
import { type ChangeSet, withinAny } from './change-set.js';
import { changedPaths, GitProblem, openRepository, resolveCommit, textsAt } from './git.js';
import { MentionFinder } from './mentions.js';
import { type Needle, needleOf, type ScanContext } from './name-scan.js';

/** What loading some files gave (load-manifests.ts): enough to see what they declare and need. */
export interface LoadedSet {
  manifests: Manifest[];
  /** Invalid documents' manifests, as far as they parse. */
  partials: Manifest[];
  /** Declarations of documents with metadata.external. */
  externals: ExternalDeclaration[];
  /** Addresses of documents too broken for even a partial manifest. */
  invalid: ReadonlySet<string>;
  refs: ReadonlyMap<Manifest, Ref[]>;
}

export interface SelectChangedOptions<T extends LoadedSet> {
  ref: string;
  /** The flag, for messages. */
  flag: string;
  /** The project root. */
  root: string;
  /** Every manifest file the project's include selects now. */
  files: readonly FileRef[];
  /** Whether a path (one that no longer exists too) is a manifest file the include selects. */
  included(absolute: string): boolean;
  /** Files whose change may change every manifest: dpac.yaml and the --var-files. */
  everywhere: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  scan: ScanContext;
  registry: KindRegistry;
  /** dpac.yaml's `external:`. */
  projectExternals: readonly ExternalDeclaration[];
  load(files: readonly FileRef[]): Promise<T>;
  /** The managed addresses these texts declare (no external declarations). */
  declaredIn(texts: readonly SourceText[]): string[];
}

export type SelectChangedResult<T> =
  | { kind: 'scoped'; set: T; files: FileRef[]; changes: ChangeSet }
  /** Every file is to be planned, with the warning that says why. */
  | { kind: 'everything'; diagnostic: Diagnostic }
  | { kind: 'failed'; diagnostic: Diagnostic };

export async function selectChangedFiles<T extends LoadedSet>(
  o: SelectChangedOptions<T>,
): Promise<SelectChangedResult<T>> {
  try {
    return await select(o);
  } catch (error) {
    if (!(error instanceof GitProblem)) throw error;
    return {
      kind: 'failed',
      diagnostic: { severity: 'error', summary: error.message, detail: 'Nothing was read or planned.' },
    };
  }
}

async function select<T extends LoadedSet>(o: SelectChangedOptions<T>): Promise<SelectChangedResult<T>> {
  const root = await realpath(o.root);
  const repo = await openRepository(root, o.env, o.flag);
  const commit = await resolveCommit(repo, o.ref, o.flag);
  const everywhere = o.everywhere.filter((f) => isInside(repo.top, f));
  const paths = await changedPaths(repo, commit, [root, ...everywhere]);
  const global = paths.find((p) => [p.path, p.from].some((f) => f !== undefined && everywhere.includes(f)));
  if (global)
    return {
      kind: 'everything',
      diagnostic: {
        severity: 'warning',
        summary: `${display(root, global.path)} changed since ${o.ref}: it may change every manifest, so every manifest is planned.`,
      },
    };

  const byFile = new Map(o.files.map((f) => [f.file, f]));
  const changed: ChangedSince['changed'] = [];
  const seeds = new Map<string, FileRef>();
  const before: string[] = [];
  const otherFiles: string[] = [];
  for (const p of paths) {
    const now = isInside(root, p.path) ? byFile.get(display(root, p.path)) : undefined;
    const was = p.status === 'added' ? undefined : (p.from ?? p.path);
    const wasManifest = was !== undefined && isInside(root, was) && o.included(was);
    if (now) seeds.set(now.file, now);
    if (wasManifest) before.push(was);
    if (now || wasManifest) {
      const from = p.from && isInside(root, p.from) ? display(root, p.from) : undefined;
      changed.push({ file: display(root, p.path), status: p.status, ...(from ? { from } : {}) });
    } else otherFiles.push(...[p.path, p.from].filter((f): f is string => f !== undefined));
  }

  const oldTexts = await textsAt(repo, commit, before);
  const declaredBefore = o.declaredIn(
    [...oldTexts].map(([file, text]) => ({ file: display(root, file), path: file, text })),
  );
  const scan = new MentionFinder(repo, root, o.files, o.scan);
  const loaded = new Map(seeds);
  // A manifest naming a changed local file (a driver, a script) changed with it.
  for (const file of otherFiles)
    for (const ref of await scan.mentioning([needleOf([path.basename(file)])], loaded)) {
      loaded.set(ref.file, ref);
      seeds.set(ref.file, ref);
    }

  let set = await o.load(sorted(loaded));
  // What refers to a changed object, or to one that is gone, is planned with it.
  const changedAddresses = new Set([...declaredBy(set), ...declaredBefore]);
  const referrers = await scan.mentioning([...changedAddresses].map(namesNeedle), loaded);
  for (const ref of referrers) loaded.set(ref.file, ref);
  if (referrers.length > 0) set = await o.load(sorted(loaded));

  // Then what the loaded manifests need, until nothing is missing: their parents, what they
  // refer to, and their former names (another manifest declaring one is an error).
  const lookedFor = new Set<string>();
  for (;;) {
    const declared = new Set(declaredBy(set));
    const external = externalMatcher([...set.externals, ...o.projectExternals]);
    const missing = neededBy(set, o.registry).filter(
      (a) => !declared.has(a) && !external(a) && !lookedFor.has(a),
    );
    if (missing.length === 0) break;
    for (const a of missing) lookedFor.add(a);
    const found = await scan.mentioning(missing.map(declarationNeedle), loaded);
    if (found.length === 0) break;
    for (const ref of found) loaded.set(ref.file, ref);
    set = await o.load(sorted(loaded));
  }

  const declared = new Set(declaredBy(set));
  const external = externalMatcher([...set.externals, ...o.projectExternals]);
  // A former name (metadata.renamed_from) is renamed in place, with what lies below it: not gone.
  const renamed = withinAny(
    set.manifests.flatMap((m) => oldNamesOf(m.metadata).map((old) => makeAddress(m.kind, m.ancestors, old))),
  );
  const deleted = [...new Set(declaredBefore)]
    .filter((a) => !declared.has(a) && !external(a) && !renamed(a))
    .sort() as Address[];
  const files = sorted(loaded);
  return {
    kind: 'scoped',
    set,
    files,
    changes: {
      ref: o.ref,
      commit,
      changed,
      files: files.map((f) => f.file),
      deleted,
      projectFiles: o.files.length,
    },
  };
}

/** Every address a loaded set declares, managed or external, valid or not. */
function declaredBy(set: LoadedSet): string[] {
  return [
    ...set.manifests.map((m) => m.address),
    ...set.partials.map((m) => m.address),
    ...set.invalid,
    ...set.externals.filter((e) => !e.pattern).map((e) => e.address),
  ];
}

function neededBy(set: LoadedSet, registry: KindRegistry): string[] {
  const out = new Set<string>();
  for (const m of [...set.manifests, ...set.partials]) {
    const chain = ancestorKindsIn(registry, m.kind);
    chain.forEach((kind, i) => {
      out.add(makeAddress(kind, m.ancestors.slice(0, i), m.ancestors[i] ?? ''));
    });
    for (const ref of set.refs.get(m) ?? []) out.add(ref.address);
    for (const old of oldNamesOf(m.metadata)) out.add(makeAddress(m.kind, m.ancestors, old));
  }
  return [...out];
}

/** A file referring to an address names it (its parents' names and its own). */
function namesNeedle(address: string): Needle {
  const { ancestors, name } = parseAddress(address);
  return needleOf([...ancestors, name]);
}

/** A file declaring an address names its kind too. */
function declarationNeedle(address: string): Needle {
  const { kind, ancestors, name } = parseAddress(address);
  return needleOf([kind, ...ancestors, name]);
}

/** The files in path order (as a whole load gives them). */
function sorted(files: ReadonlyMap<string, FileRef>): FileRef[] {
  return [...files.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}
