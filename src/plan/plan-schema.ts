// The plan as a contract: what `plan -o json` prints, `--out` saves and `apply --plan` reads back.
// These zod definitions are its one source: the TypeScript types are inferred from them, a saved
// plan is parsed through them (plan/read-saved-plan.ts), and its JSON Schema is generated from them
// (`dpac schema plan`, schemas/plan.schema.json, docs/json-output.md). Objects are open: keys are
// added in later versions, never renamed or removed, so a reader ignores keys it does not know.
import { z } from 'zod';
import { callSchema } from '../core/call.js';
import { addressField, count, pointerField } from '../core/contract-fields.js';
import { IMPACTS } from '../core/field-policy.js';
import { KIND_NAMES } from '../kinds/kind.js';

const kindField = z.enum(KIND_NAMES).describe('The resource kind.');

const impactField = z
  .enum(IMPACTS)
  .describe(
    'What the change does to the data (docs/data-impact.md): metadata (metadata only), next-run (takes effect on the next run), unknown (no source says), reload (forces a full reload), history (loses history), delete (deletes data).',
  );

const acknowledgedSchema = z
  .partialRecord(impactField, z.string())
  .describe('Impacts acknowledged (metadata.allow_impact or dpac.yaml allow_impact), with the reason given.');

const spec = z
  .record(z.string(), z.unknown())
  .describe(
    'A spec as in the manifests (ids replaced by names); secret values read "(sensitive)" or `${env.NAME}`.',
  );

export const fieldChangeSchema = z
  .object({
    path: pointerField,
    before: z.unknown().optional().describe('Live value; absent when live has none.'),
    after: z.unknown().optional().describe('Declared value.'),
    why: z
      .string()
      .optional()
      .describe('Why the field matters when it is not obvious (immutable → replace).'),
    impact: impactField.optional().describe('What changing this field does to the data.'),
  })
  .describe('One managed field whose live value differs from the declared one.');

const patchOperation = z
  .object({
    op: z.enum(['add', 'remove', 'replace', 'move', 'copy', 'test']),
    path: z.string().describe('JSON pointer into `before` (the live spec).'),
    value: z.unknown().optional(),
    from: z.string().optional(),
  })
  .describe('An RFC 6902 operation.');

const planChangeSchema = z.object({
  address: addressField,
  kind: kindField,
  action: z
    .enum(['create', 'update', 'replace', 'delete', 'adopt'])
    .describe('adopt: an existing object gets the ownership tag; nothing else changes.'),
  reason: z.string().describe('Why, in one line.'),
  before: spec.nullable().describe('Live spec; null for a create.'),
  after: spec.nullable().describe('Declared spec; null for a delete.'),
  fields: z.array(fieldChangeSchema).describe('The managed fields that differ (none for create and delete).'),
  patch: z
    .array(patchOperation)
    .describe(
      'RFC 6902 patch from `before` to the declared fields (a create adds to `{}`, a delete removes every field). Fields the manifest omits are not managed and not in it. Never holds a secret.',
    ),
  ignore: z.array(pointerField).optional().describe('metadata.ignore of the manifest.'),
  refs: z.array(addressField).optional().describe('Addresses the declared spec refers to.'),
  renamed_from: addressField
    .optional()
    .describe('`metadata.renamed_from`: the live object is renamed in place, keeping its id and data.'),
  impact: impactField
    .optional()
    .describe(
      'The worst of its fields’ impacts; a create: metadata or next-run; a delete or replace: its kind’s (absent in plans saved before it existed).',
    ),
  acknowledged: acknowledgedSchema.optional(),
});

const impactGroupSchema = z
  .object({
    impact: impactField,
    kind: kindField,
    action: z.enum(['create', 'update', 'replace', 'delete', 'adopt']),
    paths: z
      .array(pointerField)
      .describe('The fields that differ on every object (none for a create, delete or adopt).'),
    values: z
      .array(z.object({ path: pointerField, before: z.unknown().optional(), after: z.unknown().optional() }))
      .optional()
      .describe('Each field’s values, when every object changes it from and to the same values.'),
    acknowledged: acknowledgedSchema.optional(),
    addresses: z.array(addressField).describe('The objects changed this way.'),
  })
  .describe('One change made the same way on several objects (same kind, action, fields, impact).');

const planImpactSchema = z
  .object({
    totals: z
      .object(
        Object.fromEntries(IMPACTS.map((i) => [i, count])) as Record<(typeof IMPACTS)[number], typeof count>,
      )
      .describe('Changes per impact (every impact, zero included).'),
    groups: z.array(impactGroupSchema).describe('Worst impact first.'),
  })
  .describe('The changes’ data impact (absent in plans saved before it existed).');

const policyResultSchema = z
  .object({
    policy: z.string().describe('The dpac.yaml policy.'),
    severity: z.enum(['error', 'warning']).describe('error: plan and apply exit 1.'),
    stage: z.enum(['manifest', 'change']).describe('A rule over `object` (a manifest) or `change`.'),
    address: addressField,
    message: z.string().describe('The policy’s message.'),
    source: z
      .object({ file: z.string(), line: count, col: count })
      .optional()
      .describe('The manifest (manifest rules).'),
    error: z.string().optional().describe('Why the rule could not be evaluated on this object.'),
  })
  .describe(
    'A manifest or planned change that breaks a policy (a rule that is false, or fails to evaluate).',
  );

export const problemSchema = z.object({ address: addressField, why: z.string() });

export const unmanagedObjectsSchema = z
  .array(
    z
      .object({
        address: addressField,
        kind: kindField,
        reason: z.string().describe('Why dpac leaves it alone, e.g. another project owns it.'),
        owner: z
          .string()
          .optional()
          .describe(
            "The owner's ownership tag, when it carries one (none when it carries several: the reason lists them).",
          ),
      })
      .describe('A live object this project neither declares nor may delete.'),
  )
  .optional()
  .describe('The `unmanaged` objects with why each is left alone (absent in plans saved before it existed).');

const summarySchema = z.object({
  add: count,
  change: count,
  replace: count,
  destroy: count,
  adopt: count,
  unmanaged: count,
});

const requiredVariableSchema = z
  .object({
    name: z.string().describe('The environment variable.'),
    set: z.boolean().describe('Whether it was set when the plan was made; apply checks again.'),
    addresses: z.array(addressField),
    uses: z
      .array(z.object({ address: addressField, path: pointerField }))
      .describe('Where its value shows in `after`.'),
  })
  .describe('A `${env.NAME}` the plan sends: apply needs it set.');

const changedSinceSchema = z
  .object({
    ref: z.string().describe('The git ref given to `--changed-since`.'),
    commit: z.string().describe('The commit it named.'),
    changed: z
      .array(
        z.object({
          file: z.string().describe('Relative to the project root, with `/`.'),
          status: z.enum(['added', 'modified', 'deleted', 'renamed']),
          from: z.string().optional().describe("A renamed file's former path."),
        }),
      )
      .describe('The manifest files added, modified, deleted or renamed since that commit.'),
    files: z
      .array(z.string())
      .describe(
        'Every manifest file the plan read: the changed ones, those referring to what they declare or declared, and those declaring what these need.',
      ),
    deleted: z
      .array(addressField)
      .describe(
        'Addresses the commit declared that no manifest declares now: the only objects (with what lies below them) the plan may delete.',
      ),
  })
  .optional()
  .describe(
    'Present when the plan covers only what changed since a git commit (`--changed-since`): live objects outside it were not read, and none of them is deleted or listed. Absent: the plan covers every manifest.',
  );

export const planSchema = z
  .object({
    format_version: count.describe('1; apply refuses a saved plan of another format.'),
    tool_version: z.string(),
    url: z.string().describe('The v3 base URL planned against.'),
    target: z
      .string()
      .optional()
      .describe(
        'The dpac.yaml target planned against (`--target`, else `default_target`), when one was in force.',
      ),
    manifest_digest: z.string(),
    created_at: z.string().describe('ISO 8601 time.'),
    ownership_tag: z.string().describe('The ownership tag in force when planned (apply stamps this one).'),
    summary: summarySchema,
    changes: z.array(planChangeSchema).describe('One entry per address that changes, in apply order.'),
    calls: z.array(callSchema).describe('The literal API calls, in order.'),
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
    creates: z.array(addressField).describe('Addresses to be created: apply refuses if one exists by then.'),
    unmanaged: z.array(addressField).describe('Live objects neither declared nor owned: never touched.'),
    problems: z.array(problemSchema).describe('Live objects dpac could not express.'),
    unmanaged_objects: unmanagedObjectsSchema,
    rename_hints: z
      .array(z.object({ from: addressField, to: addressField }))
      .optional()
      .describe(
        'A delete and a create of look-alikes: probably a rename, which `metadata.renamed_from` keeps in place.',
      ),
    required_variables: z
      .array(requiredVariableSchema)
      .optional()
      .describe('The `${env.NAME}` secrets the calls send: apply refuses to start while one is unset.'),
    impact: planImpactSchema.optional(),
    policy_results: z
      .array(policyResultSchema)
      .optional()
      .describe(
        'Policies of dpac.yaml broken by a planned change, and manifest policy warnings; an error fails plan and apply. Absent when none.',
      ),
    changed_since: changedSinceSchema,
    signature: z
      .string()
      .optional()
      .describe(
        '`hmac-sha256:…` of the plan without this key, when DPAC_PLAN_KEY was set at `plan --out`; apply --plan then needs the same key.',
      ),
  })
  .describe('`dpac plan -o json`, `dpac show -o json` and a plan saved with `--out`.');

export type Plan = z.output<typeof planSchema>;
export type PlanChange = Plan['changes'][number];
export type PlanSummary = Plan['summary'];
export type RequiredVariable = z.output<typeof requiredVariableSchema>;
export type PlanImpact = z.output<typeof planImpactSchema>;
export type ImpactGroup = PlanImpact['groups'][number];
export type PolicyResult = z.output<typeof policyResultSchema>;
export type ChangedSince = NonNullable<Plan['changed_since']>;
