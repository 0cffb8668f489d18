// dpac.yaml: the optional project file (`kind: Project`). Manifest globs, targets (url, variables,
// name maps), prune scope, protect patterns, ownership tag and parallelism. Strict like manifests.
import { z } from 'zod';
import type { Diagnostic } from '../core/diagnostic.js';
import type { KindName } from '../kinds/index.js';
import { didYouMean } from './did-you-mean.js';
import { apiVersionSchema } from './document-schema.js';
import type { Locator } from './locator.js';
import { parseYaml } from './parse-yaml.js';
import { type FileRef, readSources } from './read-files.js';
import { issuesToDiagnostics } from './zod-issues.js';

const DEFAULT_OWNERSHIP_TAG = 'managed-by:dpac';

/** The client's default write limit (reliability policy: 4 writes at once). */
export const DEFAULT_PARALLELISM = 4;

export const MAX_PARALLELISM = 64;

/** The one check of a parallelism, for `--parallelism` and dpac.yaml alike. */
export const parallelismSchema = z
  .number()
  .int()
  .min(1)
  .max(MAX_PARALLELISM)
  .describe(
    `Calls in flight during apply, which is also the most writes sent at once (lowered for a while after repeated 429/503). 1 to ${MAX_PARALLELISM}; default ${DEFAULT_PARALLELISM}; --parallelism wins.`,
  );

/** A prune or protect pattern (matched in manifest/name-pattern.ts). */
export interface ScopePattern {
  kind: KindName;
  /** Glob (manifest/glob.ts) over the name (`tmp_*`) or, with a `/`, over `parent/name` (`sales_db/*`). */
  name: string;
}

export interface TargetConfig {
  url?: string;
  variables: Record<string, string>;
  /** Name maps, kept as data for the commands that use them. */
  names: Record<string, string>;
}

/** Spec values merged under every manifest of `kind` whose name matches (lowest precedence). */
export interface SpecDefaults extends ScopePattern {
  spec: Record<string, unknown>;
}

export interface ProjectConfig {
  /** Manifest globs relative to dpac.yaml; default: every *.yaml below the folder. */
  manifests?: string[];
  defaults: SpecDefaults[];
  targets: Record<string, TargetConfig>;
  prune: ScopePattern[];
  protect: ScopePattern[];
  ownership_tag: string;
  parallelism?: number;
}

export function defaultProject(): ProjectConfig {
  return { defaults: [], targets: {}, prune: [], protect: [], ownership_tag: DEFAULT_OWNERSHIP_TAG };
}

const scalarString = z
  .union([z.string(), z.number(), z.boolean()])
  .transform((v) => String(v))
  .describe('A value; numbers and booleans are taken as their text.');

export function projectSchema(kinds: readonly KindName[]) {
  const kind = z
    .enum(kinds as [KindName, ...KindName[]])
    .describe('Kind of resource the pattern applies to.');
  const scope = z
    .object({
      kind,
      name: z
        .string()
        .min(1)
        .describe(
          'Glob over the name (`tmp_*`); with a `/`, over `parent/name` (`sales_db/*`). `*` stays within one name, `?` is one character.',
        ),
    })
    .strict();
  const defaults = z
    .object({
      kind: scope.shape.kind,
      name: scope.shape.name,
      spec: z
        .record(z.string(), z.unknown())
        .describe(
          "Spec values merged under the manifest's own (and under a Source's table_defaults): mappings merge key by key, lists are replaced whole. Checked as part of each manifest it reaches.",
        ),
    })
    .strict();
  const target = z
    .object({
      url: z
        .string()
        .min(1)
        .optional()
        .describe('Base URL of the v3 API for this target (e.g. https://host/v3).'),
      variables: z
        .record(z.string(), scalarString)
        .default({})
        .describe('Values for ${var.NAME} in manifests.'),
      names: z
        .record(z.string(), z.string())
        .default({})
        .describe('Name maps for this target, kept as data.'),
    })
    .strict();
  return z
    .object({
      apiVersion: apiVersionSchema(),
      kind: z.literal('Project').describe('The project file: settings for every command run in this folder.'),
      metadata: z
        .object({ name: z.string().min(1).describe('Name of the project.') })
        .strict()
        .optional(),
      manifests: z
        .array(z.string().min(1))
        .optional()
        .describe(
          'Globs of manifest files relative to dpac.yaml (`*`, `**`, `?`). Default: every *.yaml below it.',
        ),
      defaults: z
        .array(defaults)
        .default([])
        .describe(
          'Spec defaults by kind and name pattern, applied in order (a later entry wins over an earlier one).',
        ),
      targets: z.record(z.string(), target).default({}).describe('Named targets, chosen with --target NAME.'),
      prune: z
        .array(scope)
        .default([])
        .describe('Undeclared live objects matching these patterns are deleted (otherwise only reported).'),
      protect: z
        .array(scope)
        .default([])
        .describe('Objects matching these patterns are never deleted or replaced, even without a manifest.'),
      ownership_tag: z
        .string()
        .min(1)
        .default(DEFAULT_OWNERSHIP_TAG)
        .describe(`Tag marking sources and tables created by dpac. Default ${DEFAULT_OWNERSHIP_TAG}.`),
      parallelism: parallelismSchema.optional(),
    })
    .strict()
    .describe('dpac.yaml: the project file.');
}

export async function loadProjectConfig(
  file: FileRef | undefined,
  kinds: readonly KindName[],
): Promise<{ project: ProjectConfig; diagnostics: Diagnostic[]; locator?: Locator }> {
  if (!file) return { project: defaultProject(), diagnostics: [] };
  const read = await readSources([file]);
  const source = read.sources[0];
  if (!source) return { project: defaultProject(), diagnostics: read.diagnostics };
  const parsed = parseYaml(source);
  const diagnostics = [...read.diagnostics, ...parsed.diagnostics];
  const [document, extra] = parsed.documents;
  if (extra) {
    diagnostics.push({
      severity: 'error',
      summary: `${file.file} must hold a single Project document`,
      detail: 'Manifests go in other files.',
      source: extra.start,
    });
  }
  if (!document) return { project: defaultProject(), diagnostics };
  const schema = projectSchema(kinds);
  const result = schema.safeParse(document.value);
  if (!result.success) {
    diagnostics.push(
      ...issuesToDiagnostics(result.error.issues, {
        schema,
        data: document.value,
        locator: document.locator,
      }),
    );
    return { project: defaultProject(), diagnostics };
  }
  const { apiVersion: _v, kind: _k, metadata: _m, ...project } = result.data;
  return { project, diagnostics, locator: document.locator };
}

/** The target `--target NAME` chose, or an error naming the defined ones. */
export function findTarget(
  project: ProjectConfig,
  name: string,
): { target: TargetConfig; diagnostic?: undefined } | { target?: undefined; diagnostic: Diagnostic } {
  const target = Object.hasOwn(project.targets, name) ? project.targets[name] : undefined;
  if (target) return { target };
  const names = Object.keys(project.targets);
  const hint = didYouMean(name, names);
  return {
    diagnostic: {
      severity: 'error',
      summary: `Target ${name} is not defined in dpac.yaml.${hint ? ` Did you mean ${hint}?` : ''}`,
      detail: names.length
        ? `Defined targets: ${names.join(', ')}.`
        : 'Add it under `targets:` in dpac.yaml.',
    },
  };
}
