// The vocabulary of a plan at resource level: what happens to each address, and why.
import type { Address } from '../core/address.js';
import type { KindName } from '../kinds/kind.js';
import type { FieldChange } from './compare-specs.js';

export type Action = 'create' | 'update' | 'replace' | 'delete' | 'adopt' | 'noop';

export const ACTION_SYMBOL: Record<Action, string> = {
  create: '+',
  update: '~',
  replace: '-/+',
  delete: '-',
  adopt: '&',
  noop: ' ',
};

export interface Change {
  address: Address;
  kind: KindName;
  name: string;
  ancestors: string[];
  action: Action;
  reason: string;
  /** Live projection (absent for create). Sensitive fields never included. */
  before?: Record<string, unknown>;
  /** Desired spec (absent for delete). Secrets appear only as `${env.X}` references. */
  after?: Record<string, unknown>;
  fields: FieldChange[];
  /** Live id when the object exists. */
  liveId?: string;
  /** Whether live carries the ownership tag. */
  owned?: boolean;
  /** The other `managed-by:` tags live carries (a take-over or a migration removes them). */
  ownerTags?: string[];
  /** Parent markers (ResourceKind.parentMarker) it should carry: it holds declared children of their kinds. */
  markers?: string[];
  /** Parent markers live carries. */
  liveMarkers?: string[];
  /** metadata.ignore pointers of the manifest. */
  ignore?: string[];
  /** An external object: resolved for its id, never written. */
  external?: boolean;
  /** The live address a rename moves it from (`metadata.renamed_from`); calls rename in place. */
  renamedFrom?: Address;
}

export function assertNever(value: never): never {
  throw new Error(`unexpected value: ${String(value)}`);
}
