// The unit of a plan: one literal API call. A path may hold `${Kind/name.id}` placeholders (ids
// created earlier in the same apply). A body holds only literal JSON: what apply fills in when the
// call is sent (an id, a secret) is listed in `fills` by JSON pointer, shown in the body as text.
import type { Address } from './address.js';

type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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

/** A local file a manifest names: its path relative to the working folder, size and SHA-256. */
export interface LocalFile {
  path: string;
  size: number;
  sha256: string;
}

/**
 * A value apply writes into the body at `path` (a JSON pointer) just before the call is sent:
 * the id of an object created earlier in the apply, the value of a secret environment variable,
 * or a secret a manifest wrote literally (only the run that planned it holds that value).
 */
export type Fill =
  | { path: string; id: Address }
  | { path: string; env: string }
  | { path: string; literal: true };

export interface Call extends CallDraft {
  /** Stable within a plan: `c1`, `c2`, ... */
  id: string;
  /** Address of the resource the call belongs to. */
  address: Address;
  /** Ids of calls that must succeed before this one. */
  depends_on: string[];
  /** What apply fills in at send time; the body shows each as `${Kind/name.id}`, `${env.NAME}` or `(sensitive)`. */
  fills?: Fill[];
  /**
   * A merged batch (see `CallDraft.batch`): the resources it creates, item i of the body list
   * creating `items[i]`. `address` is then their parent. Each item succeeds or fails alone.
   */
  items?: Address[];
}
