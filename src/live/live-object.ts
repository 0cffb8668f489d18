// What dpac knows about one live object after reading and projecting it.
import type { Address } from '../core/address.js';
import type { KindName, LiveRecord } from '../kinds/kind.js';

export interface LiveObject {
  kind: KindName;
  address: Address;
  name: string;
  /** Names of the ancestors, outermost first. */
  ancestors: string[];
  id: string;
  /** Spec-shaped projection (fromApi, normalize), ownership tag removed from tags. */
  spec: Record<string, unknown>;
  /** Whether it carries this project's ownership tag (kinds with tags only). */
  owned: boolean;
  /** The other `managed-by:` tags it carries, sorted: other projects', or the unnamed projects' one. */
  ownerTags?: string[];
  /** The parent markers it carries (ResourceKind.parentMarker), sorted; taken out of its tags. */
  markers?: string[];
  /** The JSON it was projected from (fingerprints hash this). */
  raw: LiveRecord;
  /** Its live name when a manifest renames it (`metadata.renamed_from`); `name` is the new one. */
  renamedFrom?: string;
}

export interface LiveState {
  objects: Map<string, LiveObject>;
  /** Objects that could not be projected (kind, name, why) — reported, never silently dropped. */
  problems: { address: Address; why: string }[];
}

/** The slice of the API client that reading needs (the real client satisfies it structurally). */
export interface ReadClient {
  /** A list page by page. The items are the caller's: reading drops fields from them in place. */
  pages(
    path: string,
    options?: { intent?: string; filter?: object },
  ): AsyncIterable<Record<string, unknown>[]>;
  get<T = unknown>(path: string, query?: Record<string, string>, intent?: string): Promise<T>;
  /** The user the run signs in as, as far as the token call told (an id, an email, or neither). */
  identity?(): { userId?: string; email?: string };
  /** Scrubs the secrets the client knows from server text quoted in a message. */
  scrub?(text: string): string;
  /** The whole list, page after page. */
  listAll(path: string, options?: { intent?: string; filter?: object }): Promise<Record<string, unknown>[]>;
  /**
   * The id of an item a list answered, checked before any call may use it: an error (an
   * ApiError, like a failed read) when it is not a platform id.
   */
  listedId(value: unknown, where: { path: string; item: string; intent?: string }): string;
}
