// The JSON Schema of the manifest language, generated from the registry with zod's toJSONSchema:
// a top-level oneOf over one document schema per kind (kind is a const, so exactly one matches)
// plus the Project document of dpac.yaml. Editors use it via `# yaml-language-server: $schema=…`.
import { z } from 'zod';
import { KINDS } from '../kinds/index.js';
import { documentSchema } from './document-schema.js';
import { type KindRegistry, registeredKinds } from './manifest.js';
import { projectSchema } from './project-config.js';

const SCHEMA_ID = 'https://dpac.dev/schemas/dpac.schema.json';

function buildJsonSchema(registry: KindRegistry = KINDS): Record<string, unknown> {
  const kinds = registeredKinds(registry);
  const documents = [...kinds.map((k) => documentSchema(registry, k)), projectSchema(kinds)];
  const generated = z.toJSONSchema(z.union(documents as [z.ZodType, z.ZodType, ...z.ZodType[]]), {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    reused: 'inline',
    cycles: 'ref',
  }) as Record<string, unknown>;
  const { $schema, anyOf, ...rest } = generated;
  return {
    $schema,
    $id: SCHEMA_ID,
    title: 'dpac manifest',
    description: 'One dpac document: a resource manifest (apiVersion dpac/v1) or the Project file dpac.yaml.',
    oneOf: anyOf,
    ...rest,
  };
}

/** The committed form: 2-space JSON with a trailing newline. */
export function renderJsonSchema(registry: KindRegistry = KINDS): string {
  return `${JSON.stringify(buildJsonSchema(registry), null, 2)}\n`;
}
