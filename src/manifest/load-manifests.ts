// Loads manifests from files, folders and globs into validated Manifests: dpac.yaml, variables,
// hardened reading and parsing, per-document validation, then the cross-manifest rules. Bad input
// is data: every problem in every file comes back as a diagnostic, sorted by location.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic, SourceLocation } from '../core/diagnostic.js';
import { KINDS } from '../kinds/index.js';
import type { Ref } from '../kinds/kind.js';
import type { PolicyResult } from '../plan/plan-schema.js';
import { manifestSubject, policyDiagnostic, runPolicies } from '../policy/policy-results.js';
import type { PolicyDeclaration } from '../policy/policy-schema.js';
import { type ExternalDeclaration, externalMatcher } from './external.js';
import { display, findManifestFiles, PROJECT_FILE_NAMES } from './find-files.js';
import { secretValues } from './interpolate.js';
import { resolveLocalFiles } from './local-files.js';
import type { Locator } from './locator.js';
import type { KindRegistry, Manifest } from './manifest.js';
import { mergeDefaults } from './merge-defaults.js';
import { type ParsedDocument, parseYaml } from './parse-yaml.js';
import { loadProjectConfig, type ProjectConfig } from './project-config.js';
import { type FileRef, readSources } from './read-files.js';
import { checkRules } from './rules/index.js';
import { validateDocument } from './validate-document.js';
import { resolveVariables } from './variables.js';

export interface LoadManifestsOptions {
  /** Files, folders and globs, relative to cwd. Default: dpac.yaml's `include`, else ['.']. */
  paths?: readonly string[];
  /** The project root: paths may not leave it. */
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** From --var K=V (highest precedence). */
  vars?: Readonly<Record<string, string>>;
  /** From --var-file (YAML or JSON maps), relative to cwd; later files win. */
  varFiles?: readonly string[];
  /** A target in dpac.yaml; its variables have the lowest precedence. */
  target?: string;
  registry?: KindRegistry;
}

export interface LoadManifestsResult {
  manifests: Manifest[];
  project: ProjectConfig;
  diagnostics: Diagnostic[];
  /** Manifest files read, relative to cwd with `/`. */
  files: string[];
  /** Objects referred to and never managed: manifests with metadata.external, then dpac.yaml `external:`. */
  externals: ExternalDeclaration[];
  /** The project root (absolute): the files diagnostics name are relative to it. */
  root: string;
  /** dpac.yaml, relative to cwd, when one was used. */
  projectFile?: string;
  /** Values of the variables that feed secret fields (value → NAME), to conceal in every output. */
  secrets: Map<string, string>;
  /** Manifests that broke a dpac.yaml policy (also among the diagnostics); a plan shows the warnings. */
  policyResults: PolicyResult[];
}

/** Where a load reads from: the project root, dpac.yaml and the manifest files, none of them read. */
export interface LocatedManifests {
  /** The folder the paths were given from (absolute). */
  cwd: string;
  /** The project root (absolute): nothing outside it is read. */
  root: string;
  projectRef?: FileRef;
  project: Awaited<ReturnType<typeof loadProjectConfig>>;
  files: FileRef[];
  /** Problems finding the files (a path that does not exist, one outside the root). */
  diagnostics: Diagnostic[];
}

/** The files a load reads (dpac.yaml's include and exclude, or the paths), without reading them. */
export async function locateManifests(
  options: Pick<LoadManifestsOptions, 'paths' | 'cwd' | 'registry'>,
): Promise<LocatedManifests> {
  const cwd = path.resolve(options.cwd);
  // The project root: the one folder named on the command line (`dpac plan ../platform`), else cwd.
  // Globs in dpac.yaml and every manifest path must stay inside it.
  const root = (await singleFolder(cwd, options.paths ?? [])) ?? cwd;
  const projectRef = await findProjectFile(cwd, options.paths ?? []);
  const loaded = await loadProjectConfig(projectRef, options.registry ?? KINDS);
  const located = { cwd, root, ...(projectRef ? { projectRef } : {}), project: loaded };
  if (loaded.wrongVersion) return { ...located, files: [], diagnostics: [] };
  const project = loaded.project;
  const explicit = options.paths !== undefined && options.paths.length > 0;
  const projectDir = projectRef ? path.dirname(projectRef.path) : cwd;
  const exclude = { exclude: project.exclude, excludeBase: projectDir };
  const found = explicit
    ? await findManifestFiles(options.paths ?? [], { root, base: cwd, ...exclude })
    : await findManifestFiles(project.include ?? ['.'], {
        root,
        base: project.include ? projectDir : cwd,
        ...exclude,
      });
  return { ...located, files: found.files, diagnostics: found.diagnostics };
}

export async function loadManifests(options: LoadManifestsOptions): Promise<LoadManifestsResult> {
  const registry = options.registry ?? KINDS;
  const located = await locateManifests(options);
  const { cwd, root, projectRef, project: loadedProject } = located;
  const project = loadedProject.project;
  const diagnostics = [...loadedProject.diagnostics];
  if (loadedProject.wrongVersion) return nothingLoaded(project, diagnostics, root, projectRef);
  const variables = await resolveVariables({
    project,
    target: options.target,
    varFiles: options.varFiles,
    vars: options.vars,
    cwd,
  });
  diagnostics.push(...variables.diagnostics);
  diagnostics.push(...located.diagnostics);
  const read = await readSources(located.files);
  diagnostics.push(...read.diagnostics);

  const manifests: Manifest[] = [];
  const externals: ExternalDeclaration[] = [];
  /** Invalid documents, as far as they parse: checked for references, never planned. */
  const partials: Manifest[] = [];
  const locators = new WeakMap<Manifest, Locator>();
  const invalid = new Set<string>();
  const secretVariables = new Set<string>();
  const plainEnv = plainVariables(project);
  const context = {
    registry,
    vars: variables.vars,
    varDescriptions: Object.fromEntries(
      Object.entries(project.variables).flatMap(([name, v]) =>
        v.description ? [[name, v.description]] : [],
      ),
    ),
    env: options.env,
    plainEnv,
    secretVariables,
  };
  const documents: ParsedDocument[] = [];
  for (const source of read.sources) {
    const parsed = parseYaml(source);
    diagnostics.push(...parsed.diagnostics);
    documents.push(...parsed.documents);
  }
  // Defaults (dpac.yaml's, a Source's table_defaults) are merged before each manifest is checked.
  const seen = new Set<string>();
  const projectDefaults = { defaults: project.defaults, locator: loadedProject.locator };
  for (const document of mergeDefaults(documents, registry, projectDefaults)) {
    const result = validateDocument(document, context);
    // A bad default is found once per child it reaches, at the same place: reported once.
    diagnostics.push(...result.diagnostics.filter((d) => firstTime(seen, d)));
    if (result.manifest) {
      manifests.push(result.manifest);
      locators.set(result.manifest, document.locator);
    } else if (result.external) externals.push(result.external);
    else if (result.address) invalid.add(result.address);
    if (result.partial) {
      partials.push(result.partial);
      locators.set(result.partial, document.locator);
    }
  }

  diagnostics.push(...(await resolveLocalFiles({ manifests, registry, cwd, root })));

  const declared = new Map<string, Manifest>();
  for (const m of manifests) if (!declared.has(m.address)) declared.set(m.address, m);
  const checked = [...manifests, ...partials];
  const refs = collectRefs(checked, declared, registry);
  externals.push(...project.external);
  diagnostics.push(
    ...checkRules({
      manifests: checked,
      declared,
      invalid,
      externals,
      external: externalMatcher(externals),
      refs,
      registry,
      locateInDocument: (m, pointer) => locators.get(m)?.value(pointer),
    }),
  );
  const policyResults = await checkManifestPolicies(project.policies, manifests);
  diagnostics.push(...policyResults.diagnostics);
  return {
    manifests,
    project,
    diagnostics: sortDiagnostics(diagnostics),
    files: read.sources.map((s) => s.file),
    externals,
    root,
    ...(projectRef ? { projectFile: projectRef.file } : {}),
    secrets: secretValues(secretVariables, options.env, plainEnv),
    policyResults: policyResults.results,
  };
}

/** dpac.yaml's manifest rules over every manifest of their kinds, as results and located diagnostics. */
async function checkManifestPolicies(policies: readonly PolicyDeclaration[], manifests: readonly Manifest[]) {
  if (policies.length === 0) return { results: [], diagnostics: [] };
  const results = await runPolicies(policies, 'manifest', manifests.map(manifestSubject));
  const byName = new Map(policies.map((p) => [p.name, p]));
  return { results, diagnostics: results.map((r) => policyDiagnostic(r, byName.get(r.policy))) };
}

/** A project whose dpac.yaml rules this dpac out: its one diagnostic, and no manifest read. */
function nothingLoaded(
  project: ProjectConfig,
  diagnostics: Diagnostic[],
  root: string,
  projectRef: FileRef | undefined,
): LoadManifestsResult {
  return {
    manifests: [],
    project,
    diagnostics,
    files: [],
    externals: [],
    root,
    ...(projectRef ? { projectFile: projectRef.file } : {}),
    secrets: new Map(),
    policyResults: [],
  };
}

/** The environment variables dpac.yaml declares non-secret: plain fields may read them. */
function plainVariables(project: ProjectConfig): Set<string> {
  return new Set(
    Object.entries(project.variables)
      .filter(([, v]) => v.env === true && v.secret === false)
      .map(([name]) => name),
  );
}

function firstTime(seen: Set<string>, d: Diagnostic): boolean {
  if (!d.source) return true;
  const key = `${d.source.file}:${d.source.line}:${d.source.col} ${d.summary}`;
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}

async function singleFolder(cwd: string, paths: readonly string[]): Promise<string | undefined> {
  if (paths.length !== 1) return undefined;
  const given = path.resolve(cwd, paths[0] as string);
  const isFolder = await stat(given).then(
    (info) => info.isDirectory(),
    () => false,
  );
  return isFolder ? given : undefined;
}

/** dpac.yaml in the single folder given as a path, else in cwd. */
async function findProjectFile(cwd: string, paths: readonly string[]): Promise<FileRef | undefined> {
  const given = paths.length === 1 ? path.resolve(cwd, paths[0] as string) : cwd;
  const folders = given === cwd ? [cwd] : [given, cwd];

  for (const folder of folders) {
    for (const name of PROJECT_FILE_NAMES) {
      const candidate = path.join(folder, name);
      const isFile = await stat(candidate).then(
        (info) => info.isFile(),
        () => false,
      );
      if (isFile) return { file: display(cwd, candidate), path: candidate };
    }
  }
  return undefined;
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

/** Located diagnostics by file, line, col; unlocated ones (global problems) first. Stable otherwise. */
function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics
    .map((d, i) => ({ d, i }))
    .sort((a, b) => {
      const sa: SourceLocation | undefined = a.d.source;
      const sb: SourceLocation | undefined = b.d.source;
      if (!sa || !sb) return (sa ? 1 : 0) - (sb ? 1 : 0) || a.i - b.i;
      if (sa.file !== sb.file) return sa.file < sb.file ? -1 : 1;
      return sa.line - sb.line || sa.col - sb.col || a.i - b.i;
    })
    .map(({ d }) => d);
}
