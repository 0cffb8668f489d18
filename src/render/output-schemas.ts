// The machine-readable outputs as zod definitions, the one source of their JSON Schemas
// (`dpac schema plan|drift|validate|export|ls`, committed under schemas/ and documented in
// docs/json-output.md). Objects are open: keys are added in later versions, never renamed or
// removed, so a consumer must ignore keys it does not know, and the schemas allow them.
import { z } from 'zod';
import { addressField, count, pointerField } from '../core/contract-fields.js';
import {
  fieldChangeSchema as fieldChange,
  planSchema,
  problemSchema as problem,
  unmanagedObjectsSchema as unmanagedObjects,
} from '../plan/plan-schema.js';

const address = addressField;
const pointer = pointerField;

const driftSchema = z
  .looseObject({
    in_sync: z.boolean(),
    changed: z
      .array(z.object({ address, reason: z.string(), fields: z.array(fieldChange) }))
      .describe('Declared and live, but different: apply would revert them.'),
    missing: z.array(address).describe('Declared, not found live.'),
    extra: z.array(address).describe('Owned by dpac, no longer declared: apply would delete them.'),
    unmanaged: z.array(address).describe('Live, undeclared and not owned: never touched.'),
    unmanaged_objects: unmanagedObjects,
  })
  .describe('`dpac drift -o json` (exit 0 in sync, 2 on drift).');

const diagnostic = z.object({
  severity: z
    .enum(['error', 'warning', 'note'])
    .describe('error: fix it (exit 1); warning: likely a mistake; note: worth knowing, nothing to fix.'),
  summary: z.string().describe('One line: what is wrong.'),
  detail: z.string().optional().describe('How to fix it, or more context.'),
  address: z.string().optional(),
  source: z
    .looseObject({ file: z.string(), line: count, col: count })
    .optional()
    .describe('Where: the file relative to the project root, 1-based line and column.'),
});

const validateSchema = z
  .looseObject({
    valid: z.boolean().describe('No errors (warnings and notes allowed).'),
    root: z
      .string()
      .describe(
        'The project root (the folder of dpac.yaml), from the current folder: `.` when the same. Every `source.file` is relative to it.',
      ),
    diagnostics: z.array(diagnostic),
    resources: z.array(address).describe('Addresses the manifests declare.'),
  })
  .describe('`dpac validate -o json` (exit 0 when valid, 1 otherwise).');

const exportProject = z
  .looseObject({
    file: z.string().describe('The project file, relative to `out` (dpac.yaml).'),
    written: z
      .boolean()
      .describe(
        'Whether it was written: false when `out` already held one (kept as it was) or nothing was exported.',
      ),
    name: z
      .string()
      .nullable()
      .describe(
        "Its `project:`: the name the exported objects' ownership tags give; null for a project without a name.",
      ),
    ownership_tag: z.string().describe("The ownership tag the project's plans use."),
    reason: z.string().describe('Why this project: the tags found, or --project.'),
    owners: z
      .array(z.looseObject({ tag: z.string(), objects: count }))
      .describe(
        'Ownership tags the exported sources and tables carry, with how many carry each (most first).',
      ),
    target: z
      .looseObject({ name: z.string(), url: z.string() })
      .optional()
      .describe('The default target it names: the platform exported from, its URL without credentials.'),
  })
  .describe('The dpac.yaml that makes the export a project of its own.');

const exportSchema = z
  .looseObject({
    out: z.string().describe('The output folder as given.'),
    project: exportProject,
    objects: count,
    counts: z.record(z.string(), count).describe('Objects written per kind.'),
    files: z.array(z.string()).describe('Paths written, relative to `out`.'),
    variables: z
      .array(z.object({ name: z.string(), address, pointer }))
      .describe('Environment variables to set for the secret placeholders.'),
    problems: z.array(problem).describe('Selected objects not written, with why.'),
    outside: z.array(problem).describe('References to objects outside this export.'),
    externals: z
      .array(address)
      .describe('Objects outside the export written as external declarations (metadata.external: true).'),
    elsewhere: z
      .array(problem)
      .describe(
        'Selected objects another project owns: not written (an external declaration where the export refers to one).',
      ),
    unstable: z
      .array(z.object({ address, fields: z.array(pointer) }))
      .describe('Written objects a plan would still change (a dpac bug).'),
  })
  .describe('`dpac export -o json`: the summary of what was written.');

const lsSchema = z
  .looseObject({
    url: z.string().describe('The v3 base URL read.'),
    ownership_tag: z.string().describe("This project's ownership tag."),
    objects: z
      .array(
        z.looseObject({
          address,
          kind: z.string().describe('The resource kind.'),
          id: z.string().nullable().describe('The live id; null while it does not exist yet.'),
          ownership: z
            .enum(['ours', 'theirs', 'unowned'])
            .nullable()
            .describe(
              "ours: provably this project's (what destroy deletes); theirs: another project's tag marks it; unowned: nothing proves whose it is; null: not created yet.",
            ),
          owner: z.string().optional().describe("The other project's ownership tag, when one marks it."),
          why: z.string().describe('By what proof it is ours, or why it is not.'),
          file: z.string().describe('The manifest declaring it, relative to the project root.'),
          line: count.describe("The line of the document's `kind:`."),
        }),
      )
      .describe('Every declared object in scope (external declarations are not managed), in kind order.'),
  })
  .describe('`dpac ls -o json`: what the project manages.');

/** The outputs that have a schema, by the name `dpac schema NAME` takes. */
export const OUTPUT_SCHEMAS = {
  plan: planSchema,
  drift: driftSchema,
  validate: validateSchema,
  export: exportSchema,
  ls: lsSchema,
} as const;

export type OutputName = keyof typeof OUTPUT_SCHEMAS;

/** The committed form of one output's JSON Schema: 2-space JSON with a trailing newline. */
export function renderOutputSchema(name: OutputName): string {
  const generated = z.toJSONSchema(OUTPUT_SCHEMAS[name], {
    target: 'draft-2020-12',
    // Input mode: objects stay open to keys added later (output mode would forbid them).
    io: 'input',
    reused: 'inline',
  }) as Record<string, unknown>;
  const { $schema, ...rest } = generated;
  const schema = {
    $schema,
    $id: `https://dpac.dev/schemas/${name}.schema.json`,
    title: `dpac ${name} output`,
    ...rest,
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}
