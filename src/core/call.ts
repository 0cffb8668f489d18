// The unit of a plan: one literal API call. A path may hold `${Kind/name.id}` placeholders (ids
// created earlier in the same apply). A body holds only literal JSON: what apply fills in when the
// call is sent (an id, a secret) is listed in `fills` by JSON pointer, shown in the body as text.
import { z } from 'zod';
import { addressField, count, pointerField } from './contract-fields.js';
import { ENV_NAME } from './secret.js';

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
type WriteMethod = (typeof WRITE_METHODS)[number];

export interface CallDraft {
  method: WriteMethod;
  /** Path relative to the v3 base, e.g. `/sources/${Source/sales_db.id}/tables`. */
  path: string;
  body?: unknown;
  /**
   * This call creates the resource. `true`: the response's `result.id` becomes its id; a string:
   * JSON pointer into the response body where the id is (e.g. `/result/added_tables/0`, `/result`).
   */
  creates?: boolean | string;
  /** Short human label of what the call writes, e.g. `connection`, `ingestion configuration`. */
  note?: string;
  /**
   * Creates of one kind under one parent that the API takes in one call: drafts with the same
   * method and path whose bodies hold one item each in the list at `list` (a JSON pointer) are
   * merged by the plan into calls of at most `max` items. `creates` then points at the list of
   * ids the answer gives, in item order.
   */
  batch?: { list: string; max: number };
  /**
   * A local file sent as the body (application/octet-stream) instead of `body`: read when the
   * call is sent and refused if it no longer has the planned size and SHA-256.
   */
  upload?: LocalFile;
  /**
   * How the body's fields are sent when not as JSON: `multipart/form-data`, the content type the
   * published contract gives the call (a generic source type's create and update).
   */
  content_type?: 'multipart/form-data';
  /**
   * Local files sent as the form's `files` parts (with `content_type`): a generic source type's
   * create carries its driver jars, as the contract requires for `fileUpload`. Each is read when
   * the call is sent and refused if it no longer has the planned size and SHA-256.
   */
  form_files?: LocalFile[];
  /**
   * No reference documents this operation (not in the published contract, the seed's endpoint
   * tables or what the vendor SDK sends): the platform may refuse it. Plans show it; apply turns a
   * 404 or 405 on it into a result naming what to do by hand, never a retry.
   */
  undocumented?: true;
}

const localFileSchema = z
  .object({ path: z.string().min(1), size: count, sha256: z.string().regex(/^[0-9a-f]{64}$/) })
  .describe(
    'A local file sent as the body (application/octet-stream); apply refuses it if its size or SHA-256 changed since the plan.',
  );

/** A local file a manifest names: its path relative to the working folder, size and SHA-256. */
export type LocalFile = z.output<typeof localFileSchema>;

const fillSchema = z.union([
  z
    .object({ path: pointerField, id: addressField })
    .describe('The id of an object created earlier in the apply.'),
  z
    .object({ path: pointerField, env: z.string().regex(ENV_NAME, 'an environment variable name') })
    .describe('A secret: the value of this environment variable, read when the call is sent.'),
  z
    .object({ path: pointerField, literal: z.literal(true) })
    .describe('A secret written literally in a manifest: only the run that planned it holds it.'),
]);

/**
 * A value apply writes into the body at `path` (a JSON pointer) just before the call is sent:
 * the id of an object created earlier in the apply, the value of a secret environment variable,
 * or a secret a manifest wrote literally (only the run that planned it holds that value).
 */
export type Fill = z.output<typeof fillSchema>;

/** One call of a plan, as `plan -o json` prints it and a saved plan holds it: the contract. */
export const callSchema = z.object({
  id: z.string().min(1).describe('`c1`, `c2`, … in order.'),
  address: addressField,
  method: z.enum(WRITE_METHODS),
  path: z
    .string()
    .regex(/^\//, 'a path starting with /')
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
  fills: z
    .array(fillSchema)
    .optional()
    .describe('What apply writes into the body, each at its JSON pointer, just before the call is sent.'),
  batch: z
    .object({ list: pointerField, max: count })
    .optional()
    .describe(
      'The call takes its items in the body list at `list` (at most `max`): tables added to a source.',
    ),
  items: z
    .array(addressField)
    .optional()
    .describe(
      'A batch: item i of the body list creates `items[i]`; `address` is their parent. Each item succeeds or fails alone.',
    ),
  upload: localFileSchema.optional(),
  content_type: z
    .literal('multipart/form-data')
    .optional()
    .describe(
      "The body's fields are sent as multipart/form-data (the call's documented content type), not as JSON.",
    ),
  form_files: z
    .array(localFileSchema)
    .optional()
    .describe(
      "Local files sent as the form's `files` parts; apply refuses one whose size or SHA-256 changed since the plan.",
    ),
  undocumented: z
    .literal(true)
    .optional()
    .describe(
      'Not in the published API (no reference documents this operation): the platform may refuse it. Apply reports a 404 or 405 on it as the object to handle by hand, never retried.',
    ),
});

/** The unit of a plan: one literal API call (the type is the contract's, `callSchema`). */
export type Call = z.output<typeof callSchema>;
