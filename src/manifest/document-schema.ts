// The zod schemas of whole manifest documents (apiVersion, kind, metadata with the right parent
// keys, the kind's spec). One source for validation and for the published JSON Schema.
import { z } from 'zod';
import type { KindName } from '../kinds/index.js';
import { allowImpactMetadata } from './allow-impact.js';
import { sharedPlatformMetadata } from './external-metadata.js';
import { ancestorKindsIn, type KindRegistry } from './manifest.js';

export const API_VERSION = 'dpac/v1';

const NAME = /^[^/]+$/;
const NOT_BLANK = /\S/;
const cache = new WeakMap<KindRegistry, Map<KindName, z.ZodType>>();

export function apiVersionSchema() {
  return z.literal(API_VERSION).describe('Manifest format version. Always dpac/v1.');
}

function metadataSchema(registry: KindRegistry, kind: KindName) {
  const shape: Record<string, z.ZodType> = {
    name: nameOf(registry, kind).describe('Natural key of the resource: unique per kind within its parent.'),
  };
  for (const ancestor of ancestorKindsIn(registry, kind)) {
    const key = registry[ancestor]?.metadataKey ?? ancestor;
    shape[key] = nameOf(registry, ancestor).describe(`Name of the ${ancestor} this ${kind} belongs to.`);
  }
  shape.protect = z
    .boolean()
    .optional()
    .describe('Never delete or replace this resource: a plan that would is refused.');
  shape.ignore = z
    .array(z.string().regex(/^\//, 'write a JSON pointer into spec, starting with /'))
    .optional()
    .describe('JSON pointers into spec whose differences are not diffed (e.g. /ingestion/watermark_column).');
  shape.prune = z
    .boolean()
    .optional()
    .describe(
      'Delete live children of this resource that no manifest declares (otherwise they are only reported).',
    );
  const oldName = z.string().min(1).regex(NAME, 'names may not contain /');
  shape.renamed_from = z
    .union([oldName, z.array(oldName).min(1)])
    .optional()
    .describe(
      'Name(s) this resource had before, within the same parent: plan renames the live object in place (keeping its id and children) instead of deleting and creating it.',
    );
  Object.assign(shape, sharedPlatformMetadata(), allowImpactMetadata());
  return z.object(shape).strict().describe(`Identity of the ${kind}: its name and its parents' names.`);
}

/**
 * A name of `kind` as the platform takes it: the kind's own rule where the v3 API documents one
 * (environments, storages, computes, generic source types), else any name without `/` that is
 * not blank (a blank name passed validate and failed at apply, then haunted every plan).
 */
function nameOf(registry: KindRegistry, kind: KindName): z.ZodString {
  return (
    registry[kind]?.name ??
    z.string().min(1).regex(NAME, 'names may not contain /').regex(NOT_BLANK, 'a name cannot be blank')
  );
}

/** The document schema of one kind (cached per registry). */
export function documentSchema(registry: KindRegistry, kind: KindName): z.ZodType {
  let byKind = cache.get(registry);
  if (!byKind) {
    byKind = new Map();
    cache.set(registry, byKind);
  }
  const cached = byKind.get(kind);
  if (cached) return cached;
  const definition = registry[kind];
  if (!definition) throw new Error(`kind ${kind} is not in the registry`);
  const defaults = definition.childDefaults;
  const schema = z
    .object({
      apiVersion: apiVersionSchema(),
      kind: z.literal(kind).describe(definition.description),
      metadata: metadataSchema(registry, kind),
      spec: definition.spec.optional(),
      ...(defaults
        ? {
            [defaults.key]: z
              .record(z.string(), z.unknown())
              .optional()
              .describe(
                `Defaults merged under the spec of each ${defaults.kind} of this ${kind}: the ${defaults.kind}'s own values win, mappings merge key by key, lists are replaced whole. Checked as part of each ${defaults.kind}'s spec.`,
              ),
          }
        : {}),
    })
    .strict()
    .describe(`${kind}: ${definition.description}`);
  byKind.set(kind, schema);
  return schema;
}
