// The machine-readable outputs as zod definitions, the one source of their JSON Schemas
// (`dpac schema plan|drift|validate|export`, committed under schemas/ and documented in
// docs/json-output.md). Objects are open: keys are added in later versions, never renamed or
// removed, so a consumer must ignore keys it does not know, and the schemas allow them.
import { z } from 'zod';
import { KIND_NAMES } from '../kinds/index.js';

/** A whole number ≥ 0 (zod's `int()` would print the safe-integer bounds into every schema). */
const count = z.number().min(0).multipleOf(1);
const address = z
  .string()
  .describe('A resource address: `Kind/parent/.../name`, e.g. `Table/sales_db/orders`.');
const kind = z.enum(KIND_NAMES).describe('The resource kind.');
const pointer = z.string().describe('A JSON pointer (RFC 6901) into the spec, e.g. `/ingestion/sync_type`.');
const spec = z
  .record(z.string(), z.unknown())
  .describe(
    'A spec as in the manifests (ids replaced by names); secret values read "(sensitive)" or `${env.NAME}`.',
  );

const fieldChange = z
  .looseObject({
    path: pointer,
    before: z.unknown().optional().describe('Live value; absent when live has none.'),
    after: z.unknown().optional().describe('Declared value.'),
    why: z
      .string()
      .optional()
      .describe('Why the field matters when it is not obvious (immutable → replace).'),
  })
  .describe('One managed field whose live value differs from the declared one.');

const patchOperation = z
  .looseObject({
    op: z.enum(['add', 'remove', 'replace', 'move', 'copy', 'test']),
    path: z.string().describe('JSON pointer into `before` (the live spec).'),
    value: z.unknown().optional(),
    from: z.string().optional(),
  })
  .describe('An RFC 6902 operation.');

const action = z.enum(['create', 'update', 'replace', 'delete', 'adopt']);

const planChange = z.looseObject({
  address,
  kind,
  action: action.describe('adopt: an existing object gets the ownership tag; nothing else changes.'),
  reason: z.string().describe('Why, in one line.'),
  before: spec.nullable().describe('Live spec; null for a create.'),
  after: spec.nullable().describe('Declared spec; null for a delete.'),
  fields: z.array(fieldChange).describe('The managed fields that differ (none for create and delete).'),
  patch: z
    .array(patchOperation)
    .describe(
      'RFC 6902 patch from `before` to the declared fields (a create adds to `{}`, a delete removes every field). Fields the manifest omits are not managed and not in it. Never holds a secret.',
    ),
  ignore: z.array(pointer).optional().describe('metadata.ignore of the manifest.'),
  refs: z.array(address).optional().describe('Addresses the declared spec refers to.'),
  renamed_from: address
    .optional()
    .describe('`metadata.renamed_from`: the live object is renamed in place, keeping its id and data.'),
});

const call = z.looseObject({
  id: z.string().describe('`c1`, `c2`, … in order.'),
  address,
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
  path: z
    .string()
    .describe(
      'Relative to the v3 base URL; `${Kind/name.id}` stands for an id created earlier in the apply.',
    ),
  body: z
    .unknown()
    .optional()
    .describe(
      'JSON body, literal: what apply fills in shows as `${Kind/name.id}`, `${env.NAME}` or "(sensitive)" at the pointers `fills` lists, and text that merely looks like one is sent as it is.',
    ),
  creates: z
    .union([z.boolean(), z.string()])
    .optional()
    .describe('The call creates the resource: true, or a JSON pointer to the new id in the response.'),
  note: z.string().optional().describe('What the call writes, e.g. `connection`.'),
  depends_on: z.array(z.string()).describe('Ids of calls that must succeed first.'),
  batch: z
    .looseObject({ list: pointer, max: count })
    .optional()
    .describe(
      'The call takes its items in the body list at `list` (at most `max`): tables added to a source.',
    ),
  items: z
    .array(address)
    .optional()
    .describe(
      'A batch: item i of the body list creates `items[i]`; `address` is their parent. Each item succeeds or fails alone.',
    ),
  fills: z
    .array(
      z.union([
        z
          .looseObject({ path: pointer, id: address })
          .describe('The id of an object created earlier in the apply.'),
        z
          .looseObject({ path: pointer, env: z.string() })
          .describe('A secret: the value of this environment variable, read when the call is sent.'),
        z
          .looseObject({ path: pointer, literal: z.literal(true) })
          .describe('A secret written literally in a manifest: only the run that planned it holds it.'),
      ]),
    )
    .optional()
    .describe('What apply writes into the body, each at its JSON pointer, just before the call is sent.'),
  upload: z
    .looseObject({ path: z.string(), size: count, sha256: z.string() })
    .optional()
    .describe(
      'A local file sent as the body (application/octet-stream); apply refuses it if its size or SHA-256 changed since the plan.',
    ),
});

const problem = z.looseObject({ address, why: z.string() });

const unmanagedObject = z
  .looseObject({
    address,
    kind,
    reason: z.string().describe('Why dpac leaves it alone, e.g. another project owns it.'),
    owner: z
      .string()
      .optional()
      .describe(
        "The owner's ownership tag, when it carries one (none when it carries several: the reason lists them).",
      ),
  })
  .describe('A live object this project neither declares nor may delete.');
const unmanagedObjects = z
  .array(unmanagedObject)
  .optional()
  .describe('The `unmanaged` objects with why each is left alone (absent in plans saved before it existed).');

const planSchema = z
  .looseObject({
    format_version: count.describe('1; apply refuses a saved plan of another format.'),
    tool_version: z.string(),
    url: z.string().describe('The v3 base URL planned against.'),
    manifest_digest: z.string(),
    created_at: z.string().describe('ISO 8601 time.'),
    ownership_tag: z.string(),
    summary: z.looseObject({
      add: count,
      change: count,
      replace: count,
      destroy: count,
      adopt: count,
      unmanaged: count,
    }),
    changes: z.array(planChange).describe('One entry per address that changes, in apply order.'),
    calls: z.array(call).describe('The literal API calls, in order.'),
    fingerprints: z.record(z.string(), z.string()).describe('Per touched address: a hash of its live state.'),
    fingerprint_documents: z
      .record(z.string(), z.array(z.string()))
      .describe('Per touched address: the sub-documents its fingerprint covers (those the plan read).'),
    fingerprint_omitted: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe(
        "Per touched address: item fields its fingerprint leaves out, as no manifest manages what they feed (a table's crawled columns).",
      ),
    creates: z.array(address),
    unmanaged: z.array(address).describe('Live objects neither declared nor owned: never touched.'),
    problems: z.array(problem).describe('Live objects dpac could not express.'),
    unmanaged_objects: unmanagedObjects,
    rename_hints: z
      .array(z.looseObject({ from: address, to: address }))
      .optional()
      .describe(
        'A delete and a create of look-alikes: probably a rename, which `metadata.renamed_from` keeps in place.',
      ),
    required_variables: z
      .array(
        z.looseObject({
          name: z.string().describe('The environment variable.'),
          set: z.boolean().describe('Whether it was set when the plan was made; apply checks again.'),
          addresses: z.array(address),
          uses: z
            .array(z.looseObject({ address, path: pointer }))
            .describe('Where its value shows in `after`.'),
        }),
      )
      .optional()
      .describe('The `${env.NAME}` secrets the calls send: apply refuses to start while one is unset.'),
  })
  .describe('`dpac plan -o json`, `dpac show -o json` and a plan saved with `--out`.');

const driftSchema = z
  .looseObject({
    in_sync: z.boolean(),
    changed: z
      .array(z.looseObject({ address, reason: z.string(), fields: z.array(fieldChange) }))
      .describe('Declared and live, but different: apply would revert them.'),
    missing: z.array(address).describe('Declared, not found live.'),
    extra: z.array(address).describe('Owned by dpac, no longer declared: apply would delete them.'),
    unmanaged: z.array(address).describe('Live, undeclared and not owned: never touched.'),
    unmanaged_objects: unmanagedObjects,
  })
  .describe('`dpac drift -o json` (exit 0 in sync, 2 on drift).');

const diagnostic = z.looseObject({
  severity: z.enum(['error', 'warning']),
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
    valid: z.boolean().describe('No errors (warnings allowed).'),
    diagnostics: z.array(diagnostic),
    resources: z.array(address).describe('Addresses the manifests declare.'),
  })
  .describe('`dpac validate -o json` (exit 0 when valid, 1 otherwise).');

const exportSchema = z
  .looseObject({
    out: z.string().describe('The output folder as given.'),
    objects: count,
    counts: z.record(z.string(), count).describe('Objects written per kind.'),
    files: z.array(z.string()).describe('Paths written, relative to `out`.'),
    variables: z
      .array(z.looseObject({ name: z.string(), address, pointer }))
      .describe('Environment variables to set for the secret placeholders.'),
    problems: z.array(problem).describe('Selected objects not written, with why.'),
    outside: z.array(problem).describe('References to objects outside this export.'),
    unstable: z
      .array(z.looseObject({ address, fields: z.array(pointer) }))
      .describe('Written objects a plan would still change (a dpac bug).'),
  })
  .describe('`dpac export -o json`: the summary of what was written.');

/** The outputs that have a schema, by the name `dpac schema NAME` takes. */
export const OUTPUT_SCHEMAS = {
  plan: planSchema,
  drift: driftSchema,
  validate: validateSchema,
  export: exportSchema,
} as const;

export type OutputName = keyof typeof OUTPUT_SCHEMAS;

/** The committed form of one output's JSON Schema: 2-space JSON with a trailing newline. */
export function renderOutputSchema(name: OutputName): string {
  const generated = z.toJSONSchema(OUTPUT_SCHEMAS[name], {
    target: 'draft-2020-12',
    io: 'output',
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
