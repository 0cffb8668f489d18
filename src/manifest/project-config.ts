// dpac.yaml: the optional project file (`kind: Project`). Manifest globs, targets (url, variables,
// name maps), prune scope, protect patterns, ownership tag, parallelism, policies (their CEL rules
// compiled here, a bad one located at its line) and standing impact acknowledgements. Strict like manifests.
import { z } from 'zod';
import type { Diagnostic } from '../core/diagnostic.js';
import { PROJECT_NAME, projectTag, UNNAMED_PROJECT_TAG } from '../core/ownership-tag.js';
import type { KindName } from '../kinds/index.js';
import { type PolicyDeclaration, policyEntrySchema } from '../policy/policy-schema.js';
import { allowImpactEntry, type ImpactAllowance } from './allow-impact.js';
import { apiVersionSchema } from './document-schema.js';
import { type ExternalDeclaration, parseExternalEntry } from './external.js';
import type { Locator } from './locator.js';
import { type KindRegistry, registeredKinds } from './manifest.js';
import { parseYaml } from './parse-yaml.js';
import { checkPolicies } from './project-policies.js';
import { type FileRef, readSources } from './read-files.js';
import { requiredVersionProblem } from './required-version.js';
import { issuesToDiagnostics } from './zod-issues.js';

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

/**
 * A variable declared in dpac.yaml: a `${var.NAME}` with its default (lowest precedence), or, with
 * `env: true`, the environment variable `${env.NAME}`; `secret: false` lets plain (printed) fields
 * read it. What it is for either way.
 */
interface VariableDeclaration {
  default?: string;
  description?: string;
  env?: boolean;
  secret?: boolean;
}

export interface ProjectConfig {
  /** Manifest files, folders and globs relative to dpac.yaml (`include`, or its older name `manifests`). */
  include?: string[];
  /** Globs of files never read, relative to dpac.yaml (on top of the default excludes). */
  exclude: string[];
  /** Spec defaults by kind and name pattern (dpac.yaml `defaults`), in order. */
  defaults: SpecDefaults[];
  targets: Record<string, TargetConfig>;
  /** The target used when no --target is given. */
  default_target?: string;
  variables: Record<string, VariableDeclaration>;
  prune: ScopePattern[];
  protect: ScopePattern[];
  /** `project:` of dpac.yaml: names the project, so its ownership tag is its own. */
  project?: string;
  /** The tag marking objects this project owns: `ownership_tag`, else from `project`, else the shared default. */
  ownership_tag: string;
  /** `external:` entries: objects referred to, never managed. */
  external: ExternalDeclaration[];
  parallelism?: number;
  /** `policies:` rules in CEL over manifests and planned changes (src/policy). */
  policies: PolicyDeclaration[];
  /** `allow_impact:` standing acknowledgements of data impacts, by kind and name pattern. */
  allow_impact: ImpactAllowance[];
}

export function defaultProject(): ProjectConfig {
  return {
    defaults: [],
    targets: {},
    variables: {},
    exclude: [],
    prune: [],
    protect: [],
    ownership_tag: UNNAMED_PROJECT_TAG,
    external: [],
    policies: [],
    allow_impact: [],
  };
}

const scalarString = z
  .union([z.string(), z.number(), z.boolean()])
  .transform((v) => String(v))
  .describe('A value; numbers and booleans are taken as their text.');

const files = z.array(z.string().min(1));

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
        .object({ name: z.string().min(1).describe('Deprecated: `project` names the project.') })
        .strict()
        .optional()
        .describe('Deprecated, and never used: `project` names the project (and its ownership tag).'),
      required_version: z
        .string()
        .min(1)
        .optional()
        .describe(
          'The dpac versions this project works with, as a semver range (">=0.2 <0.3", "^0.2", "~0.2.1"; alternatives joined by ||). Every command that reads dpac.yaml refuses to run on a version outside it.',
        ),
      include: files
        .optional()
        .describe(
          'Manifest files, folders and globs relative to dpac.yaml (`*`, `**`, `?`, `{a,b}`; a leading `!` excludes). Default: every *.yaml and *.yml below it.',
        ),
      manifests: files.optional().describe('The older name of `include`.'),
      exclude: files
        .default([])
        .describe(
          'Globs of files never read as manifests, relative to dpac.yaml, besides the defaults (.gitlab-ci.yml, .github/**, docker-compose*.yaml, compose.yaml, dot-files).',
        ),
      targets: z
        .record(z.string(), target)
        .default({})
        .describe(
          'Named targets (platforms), chosen with --target NAME or default_target. Credentials come from DPAC_<TARGET>_REFRESH_TOKEN (or _USERNAME/_PASSWORD), else DPAC_REFRESH_TOKEN.',
        ),
      default_target: z
        .string()
        .min(1)
        .optional()
        .describe('The target used when no --target is given (one of targets).'),
      variables: z
        .record(
          z.string().regex(/^[A-Za-z_][A-Za-z0-9_.-]*$/, 'variable names: letters, digits, _ . -'),
          z
            .object({
              default: scalarString
                .optional()
                .describe('Value used when no target, --var-file or --var sets it.'),
              description: z
                .string()
                .optional()
                .describe('What the variable is for (shown when it is missing).'),
              env: z
                .boolean()
                .optional()
                .describe(
                  'true: this names the environment variable ${env.NAME} (NAME in letters, digits and _), not a ${var.NAME}.',
                ),
              secret: z
                .boolean()
                .optional()
                .describe(
                  'With env: true, false declares the value not secret, so plain fields (printed in plans, stored in clear) may use ${env.NAME}. Secret fields need no declaration.',
                ),
            })
            .strict()
            .superRefine((v, ctx) => {
              if (v.env && v.default !== undefined)
                ctx.addIssue({
                  code: 'custom',
                  path: ['default'],
                  message: 'an environment variable has no default here; set it in the environment',
                });
              if (v.secret !== undefined && !v.env)
                ctx.addIssue({
                  code: 'custom',
                  path: ['secret'],
                  message: 'secret applies to environment variables: add env: true',
                });
            }),
        )
        .default({})
        .describe(
          'Variables the manifests use: ${var.NAME} with defaults and descriptions, and environment variables plain fields may read (env: true, secret: false).',
        ),
      defaults: z
        .array(defaults)
        .default([])
        .describe(
          'Spec defaults by kind and name pattern, applied in order (a later entry wins over an earlier one).',
        ),
      prune: z
        .array(scope)
        .default([])
        .describe('Undeclared live objects matching these patterns are deleted (otherwise only reported).'),
      protect: z
        .array(scope)
        .default([])
        .describe('Objects matching these patterns are never deleted or replaced, even without a manifest.'),
      project: z
        .string()
        .regex(PROJECT_NAME, 'use only letters, digits, _ and -')
        .optional()
        .describe(
          `Name of the project, unique on the platform: its ownership tag is ${projectTag('<project>')}. Without it the tag is ${UNNAMED_PROJECT_TAG}, which every unnamed project shares, so dpac deletes nothing on the strength of that tag.`,
        ),
      ownership_tag: z
        .string()
        .min(1)
        .optional()
        .describe(
          `Tag marking the sources and tables this project owns. Default ${projectTag('<project>')} (${UNNAMED_PROJECT_TAG} without project:). Any other managed-by: tag is another project's.`,
        ),
      external: z
        .array(z.string().min(1))
        .default([])
        .describe(
          'Objects this project refers to but never manages, as addresses (Environment/prod, ComputeTemplate/prod/*; names may be globs).',
        ),
      parallelism: parallelismSchema.optional(),
      policies: z
        .array(policyEntrySchema(kind))
        .default([])
        .describe(
          'Rules the manifests (at validate) and planned changes (at plan) must meet, in CEL; a broken error-severity rule fails the command. See docs/policies.md.',
        ),
      allow_impact: z
        .array(allowImpactEntry(kind, scope.shape.name))
        .default([])
        .describe(
          'Standing acknowledgements: planned changes of matching objects with these data impacts pass `--fail-on` (docs/data-impact.md). For a one-off, use metadata.allow_impact in the manifest.',
        ),
    })
    .strict()
    .describe('dpac.yaml: the project file.');
}

export async function loadProjectConfig(
  file: FileRef | undefined,
  registry: KindRegistry,
): Promise<{
  project: ProjectConfig;
  diagnostics: Diagnostic[];
  locator?: Locator;
  /** `required_version` rules this dpac out: nothing else was checked, and nothing should be read. */
  wrongVersion?: true;
}> {
  if (!file) return { project: defaultProject(), diagnostics: [] };
  const kinds = registeredKinds(registry);
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
  // First: a project written for another dpac may use keys this one does not know.
  const required = (document.value as { required_version?: unknown } | null)?.required_version;
  const wrongVersion = requiredVersionProblem(required, document.locator.value('/required_version'));
  if (wrongVersion)
    return { project: defaultProject(), diagnostics: [...diagnostics, wrongVersion], wrongVersion: true };
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
  const {
    apiVersion: _v,
    kind: _k,
    metadata,
    required_version: _r,
    manifests,
    include,
    external,
    ownership_tag,
    ...rest
  } = result.data;
  if (manifests && include) {
    diagnostics.push({
      severity: 'error',
      summary: 'Give `include` or its older name `manifests`, not both',
      detail: 'Move the patterns of `manifests` under `include`.',
      source: document.locator.key('/manifests'),
    });
    return { project: defaultProject(), diagnostics };
  }
  if (metadata) diagnostics.push(metadataDeprecated(metadata.name, result.data.project, document.locator));
  const declarations: ExternalDeclaration[] = [];
  external.forEach((entry, i) => {
    const parsed = parseExternalEntry(entry, registry, document.locator.value(`/external/${i}`));
    if (parsed.diagnostic) diagnostics.push(parsed.diagnostic);
    else declarations.push(parsed.declaration);
  });
  const tag = ownership_tag ?? (rest.project ? projectTag(rest.project) : UNNAMED_PROJECT_TAG);
  const chosen = include ?? manifests;
  const policies = await checkPolicies(rest.policies, document.locator, diagnostics);
  return {
    project: {
      ...rest,
      ...(chosen ? { include: chosen } : {}),
      ownership_tag: tag,
      external: declarations,
      policies,
    },
    diagnostics,
    locator: document.locator,
  };
}

/**
 * `metadata.name` named nothing (older `dpac init` wrote it beside `project:`): one name names the
 * project, `project:`, which is also its ownership tag. Told, never acted on: taking it as the
 * project's name would change the ownership tag of a project that set only it.
 */
function metadataDeprecated(name: string, project: string | undefined, locator: Locator): Diagnostic {
  return {
    severity: 'warning',
    summary: 'metadata.name in dpac.yaml is deprecated and does nothing: `project:` names the project',
    detail:
      project === undefined
        ? `Remove metadata. To name the project, write project: ${name} — it becomes the ownership tag ${projectTag(name)} of what this project creates (its declared objects still tagged managed-by:dpac migrate to it on the next apply).`
        : 'Remove metadata; project: already names the project.',
    source: locator.key('/metadata'),
  };
}
