// Loads manifests from files, folders and globs into validated Manifests: dpac.yaml, variables,
// hardened reading and parsing, per-document validation, then the cross-manifest rules. Bad input
// is data: every problem in every file comes back as a diagnostic, sorted by location.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { ChangeSet } from '../changes/change-set.js';
import { selectChangedFiles } from '../changes/select-changed.js';
import type { Diagnostic, SourceLocation } from '../core/diagnostic.js';
import { KINDS } from '../kinds/index.js';
import type { PolicyResult } from '../plan/plan-schema.js';
import { manifestSubject, policyDiagnostic, runPolicies } from '../policy/policy-results.js';
import type { PolicyDeclaration } from '../policy/policy-schema.js';
import { type ExternalDeclaration, externalMatcher } from './external.js';
import { type FileSet, FileSetLoader } from './file-set-loader.js';
import {
  display,
  type FindOptions,
  findManifestFiles,
  findProjectFile,
  inclusionMatcher,
} from './find-files.js';
import { secretValues } from './interpolate.js';
import type { KindRegistry, Manifest } from './manifest.js';
import { loadProjectConfig, type ProjectConfig } from './project-config.js';
import type { FileRef } from './read-files.js';
import { checkRules } from './rules/index.js';
import type { DocumentContext } from './validate-document.js';
import { resolveVariables } from './variables.js';
import { namesWholeProject } from './whole-project.js';

export interface LoadManifestsOptions {
  /**
   * Files, folders and globs, relative to cwd. Default: dpac.yaml's `include`, else every manifest
   * below the project root.
   */
  paths?: readonly string[];
  /**
   * Where the run starts: the project root is the folder of the dpac.yaml found there or in the
   * nearest folder above it (up to a repository's root), else this folder (else the one folder
   * given as a path). Paths may not leave the project root.
   */
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** From --var K=V (highest precedence). */
  vars?: Readonly<Record<string, string>>;
  /** From --var-file (YAML or JSON maps), relative to cwd; later files win. */
  varFiles?: readonly string[];
  /** A target in dpac.yaml; its variables have the lowest precedence. */
  target?: string;
  /**
   * A git ref (`--changed-since`): load only the manifest files changed since that commit, those
   * that refer to what they declare (or declared), and those declaring what the loaded ones need.
   * The result's `changes` then scopes the plan (docs/decisions.md "Scoped plans").
   */
  changedSince?: string;
  registry?: KindRegistry;
}

export interface LoadManifestsResult {
  manifests: Manifest[];
  project: ProjectConfig;
  diagnostics: Diagnostic[];
  /** Manifest files read, relative to the project root with `/`. */
  files: string[];
  /** Objects referred to and never managed: manifests with metadata.external, then dpac.yaml `external:`. */
  externals: ExternalDeclaration[];
  /** The project root (absolute): the files diagnostics name are relative to it. */
  root: string;
  /** dpac.yaml, relative to the project root, when one was used. */
  projectFile?: string;
  /** Values of the variables that feed secret fields (value → NAME), to conceal in every output. */
  secrets: Map<string, string>;
  /** Manifests that broke a dpac.yaml policy (also among the diagnostics); a plan shows the warnings. */
  policyResults: PolicyResult[];
  /**
   * Whether the files read are the whole project (no path, the project's folder, or paths that
   * cover all its files). A plan of part of a project deletes nothing it does not declare.
   */
  wholeProject: boolean;
  /**
   * With `changedSince`: what changed since the commit. The manifests are then only part of the
   * project, and a plan of them deletes nothing but what `changes.deleted` names.
   */
  changes?: ChangeSet;
}

/** Where a load reads from: the project root, dpac.yaml and the manifest files, none of them read. */
export interface LocatedManifests {
  /** The folder the paths were given from (absolute). */
  cwd: string;
  /** The project root (absolute): nothing outside it is read. */
  root: string;
  projectRef?: FileRef;
  project: Awaited<ReturnType<typeof loadProjectConfig>>;
  /** How the files were found: the patterns (paths, or dpac.yaml's include) and where from. */
  search: { patterns: readonly string[]; options: FindOptions };
  files: FileRef[];
  /** Problems finding the files (a path that does not exist, one outside the root). */
  diagnostics: Diagnostic[];
  /** Whether the files are the whole project (LoadManifestsResult.wholeProject). */
  wholeProject: boolean;
}

/** The files a load reads (dpac.yaml's include and exclude, or the paths), without reading them. */
export async function locateManifests(
  options: Pick<LoadManifestsOptions, 'paths' | 'cwd' | 'registry'>,
): Promise<LocatedManifests> {
  const cwd = path.resolve(options.cwd);
  // The project root: the folder of the dpac.yaml found from where the run starts (the one folder
  // named on the command line, `dpac plan ../platform`, else cwd) upward; else that folder. Globs
  // in dpac.yaml and every manifest path must stay inside it.
  const namedFolder = await singleFolder(cwd, options.paths ?? []);
  const start = namedFolder ?? cwd;
  const projectPath = await findProjectFile(start);
  const root = projectPath ? path.dirname(projectPath) : start;
  const projectRef = projectPath ? { file: display(root, projectPath), path: projectPath } : undefined;
  const loaded = await loadProjectConfig(projectRef, options.registry ?? KINDS);
  const explicit = options.paths !== undefined && options.paths.length > 0;
  const patterns = explicit ? (options.paths ?? []) : (loaded.project.include ?? ['.']);
  const search = {
    patterns,
    options: { root, base: explicit ? cwd : root, exclude: loaded.project.exclude, excludeBase: root },
  };
  const located = { cwd, root, ...(projectRef ? { projectRef } : {}), project: loaded, search };
  if (loaded.wrongVersion) return { ...located, files: [], diagnostics: [], wholeProject: false };
  const found = await findManifestFiles(patterns, search.options);
  const wholeProject = await namesWholeProject({
    paths: options.paths ?? [],
    files: found.files,
    projectDir: root,
    namedFolder,
    include: loaded.project.include,
    exclude: loaded.project.exclude,
  });
  return { ...located, files: found.files, diagnostics: found.diagnostics, wholeProject };
}

export async function loadManifests(options: LoadManifestsOptions): Promise<LoadManifestsResult> {
  const registry = options.registry ?? KINDS;
  const located = await locateManifests(options);
  const { cwd, root, projectRef, project: loadedProject, search, wholeProject } = located;
  const project = loadedProject.project;
  const diagnostics = [...loadedProject.diagnostics];
  if (loadedProject.wrongVersion) return nothingLoaded(project, diagnostics, root, projectRef);
  const variables = await resolveVariables({
    project,
    target: options.target,
    varFiles: options.varFiles,
    vars: options.vars,
    cwd,
    root,
  });
  diagnostics.push(...variables.diagnostics);
  diagnostics.push(...located.diagnostics);

  const plainEnv = plainVariables(project);
  const context: DocumentContext = {
    registry,
    vars: variables.vars,
    varDescriptions: Object.fromEntries(
      Object.entries(project.variables).flatMap(([name, v]) =>
        v.description ? [[name, v.description]] : [],
      ),
    ),
    env: options.env,
    plainEnv,
    secretVariables: new Set<string>(),
  };
  const projectDefaults = { defaults: project.defaults, locator: loadedProject.locator };
  const loader = new FileSetLoader(context, projectDefaults, cwd, root);
  let files = located.files;
  let loaded: FileSet | undefined;
  let changes: ChangeSet | undefined;
  if (options.changedSince !== undefined) {
    const chosen = await selectChangedFiles({
      ref: options.changedSince,
      flag: '--changed-since',
      root,
      files: located.files,
      included: await inclusionMatcher(search.patterns, search.options),
      everywhere: [
        ...(projectRef ? [projectRef.path] : []),
        ...(options.varFiles ?? []).map((f) => path.resolve(cwd, f)),
      ],
      env: options.env,
      scan: { vars: variables.vars, plainEnv: plainValues(plainEnv, options.env) },
      registry,
      projectExternals: project.external,
      load: (refs) => loader.load(refs),
      declaredIn: (texts) => loader.declaredIn(texts),
    });
    if (chosen.kind === 'failed') diagnostics.push(chosen.diagnostic);
    if (chosen.kind === 'everything') diagnostics.push(chosen.diagnostic);
    if (chosen.kind === 'scoped') ({ files, set: loaded, changes } = chosen);
    // Nothing is loaded when git could not say what changed: nothing may be planned.
    if (chosen.kind === 'failed') files = [];
  }
  const set = loaded ?? (await loader.load(files));
  diagnostics.push(...set.diagnostics);
  const { manifests, partials, invalid, refs, locators } = set;
  const externals = [...set.externals, ...project.external];
  const declared = new Map<string, Manifest>();
  for (const m of manifests) if (!declared.has(m.address)) declared.set(m.address, m);
  diagnostics.push(
    ...checkRules({
      manifests: [...manifests, ...partials],
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
    files: set.files,
    externals,
    root,
    ...(projectRef ? { projectFile: projectRef.file } : {}),
    secrets: secretValues(context.secretVariables ?? new Set(), options.env, plainEnv),
    policyResults: policyResults.results,
    wholeProject,
    ...(changes ? { changes } : {}),
  };
}

/** dpac.yaml's manifest rules over every manifest of their kinds, as results and located diagnostics. */
async function checkManifestPolicies(policies: readonly PolicyDeclaration[], manifests: readonly Manifest[]) {
  if (policies.length === 0) return { results: [], diagnostics: [] };
  const results = await runPolicies(policies, 'manifest', manifests.map(manifestSubject));
  const byName = new Map(policies.map((p) => [p.name, p]));
  return { results, diagnostics: results.map((r) => policyDiagnostic(r, byName.get(r.policy))) };
}

/** The values of the environment variables plain fields may read (for the scoped plan's name search). */
function plainValues(
  names: ReadonlySet<string>,
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  return Object.fromEntries([...names].flatMap((n) => (env[n] === undefined ? [] : [[n, env[n] as string]])));
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
    wholeProject: false,
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

async function singleFolder(cwd: string, paths: readonly string[]): Promise<string | undefined> {
  if (paths.length !== 1) return undefined;
  const given = path.resolve(cwd, paths[0] as string);
  const isFolder = await stat(given).then(
    (info) => info.isDirectory(),
    () => false,
  );
  return isFolder ? given : undefined;
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
