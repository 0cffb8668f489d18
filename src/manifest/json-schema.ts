// The JSON Schema of the manifest language, generated from the registry with zod's toJSONSchema:
// one document schema per kind plus the Project document of dpac.yaml, chosen by `kind` with
// if/then (a oneOf let editors offer every kind's keys, TableGroup keys inside a Table's spec).
// Cross-field rules that JSON Schema can say are attached to the zod schemas with `.meta()` as
// if/then (zod refinements do not export). Editors use it via `# yaml-language-server: $schema=…`.
import { z } from 'zod';
import { KINDS } from '../kinds/index.js';
import { ifThen } from '../kinds/shared/json-schema-rules.js';
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
  const { $schema, anyOf, ...rest } = generated as { $schema: string; anyOf: DocumentJsonSchema[] };
  const names = anyOf.map((d) => d.properties.kind.const);
  return {
    $schema,
    $id: SCHEMA_ID,
    title: 'dpac manifest',
    description: 'One dpac document: a resource manifest (apiVersion dpac/v1) or the Project file dpac.yaml.',
    type: 'object',
    required: ['apiVersion', 'kind'],
    properties: { kind: { enum: names, description: 'The kind of document; it decides the keys below.' } },
    allOf: anyOf.map((document) =>
      ifThen(
        { properties: { kind: { const: document.properties.kind.const } }, required: ['kind'] },
        document,
      ),
    ),
    ...rest,
  };
}

interface DocumentJsonSchema extends Record<string, unknown> {
  properties: { kind: { const: string } };
}

/** The committed form: 2-space JSON with a trailing newline. */
export function renderJsonSchema(registry: KindRegistry = KINDS): string {
  return `${JSON.stringify(buildJsonSchema(registry), null, 2)}\n`;
}

/** The file the manifests' modelines point at, next to dpac.yaml (init) or the export's root. */
export const SCHEMA_FILE = 'dpac.schema.json';

/** That file, to write: the JSON Schema of the manifest language. */
export function schemaFile(): { path: string; text: string } {
  return { path: SCHEMA_FILE, text: renderJsonSchema() };
}
