// In-memory, JSON-serialisable document store with a revision counter bumped by every mutation.
import { EmuError } from './errors.js';
import { meteorId, objectId } from './ids.js';

export type Doc = Record<string, unknown> & { id: string };
export interface WriteOptions {
  /** Caller's user id for created_by/modified_by ('' when unknown). */
  userId?: string;
  /** Force an id (seeding the fixed admin); otherwise one is minted. */
  id?: string;
}
export type StoreSnapshot = Record<string, Doc[]>;

/** Human entity names for duplicate/dependency messages, by collection. */
const ENTITY_NAMES: Record<string, string> = {
  environments: 'Environment',
  storages: 'Storage',
  compute_templates: 'Compute template',
  interactive_clusters: 'Interactive cluster',
  domains: 'Domain',
  users: 'User',
  data_connections: 'Data connection',
  generic_source_types: 'Generic source type',
  sources: 'Source',
  tables: 'Table',
  table_groups: 'Table group',
  topic_mappings: 'Topic mapping',
  file_mappings: 'File mapping',
  validation_specs: 'Validation spec',
  advanced_configs: 'Advanced configuration',
};

function entityName(collection: string): string {
  return ENTITY_NAMES[collection] ?? collection;
}

const clone = <T>(value: T): T => structuredClone(value);

export class Store {
  private collections = new Map<string, Map<string, Doc>>();
  /** Bumped by every mutation; the router compares it around a handler to detect commits. */
  revision = 0;

  constructor(private readonly now: () => Date) {}

  private coll(name: string): Map<string, Doc> {
    let coll = this.collections.get(name);
    if (!coll) {
      coll = new Map();
      this.collections.set(name, coll);
    }
    return coll;
  }

  insert(collection: string, doc: Record<string, unknown>, options: WriteOptions = {}): Doc {
    const at = this.now();
    const id = options.id ?? (collection === 'users' ? meteorId() : objectId(at));
    const stamp = at.toISOString();
    const stored: Doc = {
      ...clone(doc),
      id,
      created_at: stamp,
      created_by: options.userId ?? '',
      modified_at: stamp,
      modified_by: options.userId ?? '',
    };
    this.coll(collection).set(id, stored);
    this.revision++;
    return clone(stored);
  }

  get(collection: string, id: string): Doc | undefined {
    const doc = this.coll(collection).get(id);
    return doc ? clone(doc) : undefined;
  }

  /** Like get() but without copying: the stored document itself, for read-only use. Never mutate. */
  peek(collection: string, id: string): Readonly<Doc> | undefined {
    return this.coll(collection).get(id);
  }

  /** Like get(), but a missing document is a 404 IW10001. */
  require(collection: string, id: string): Doc {
    const doc = this.get(collection, id);
    if (!doc) throw new EmuError(404, 'IW10001', `${entityName(collection)} with id '${id}' not found`);
    return doc;
  }

  all(collection: string): Doc[] {
    return [...this.coll(collection).values()].map(clone);
  }

  /**
   * Like find()/all() but without copying: the stored documents themselves, for read-only use
   * (list endpoints hand them straight to list(), which only serialises them). Never mutate.
   */
  scan(collection: string, predicate?: (doc: Readonly<Doc>) => boolean): readonly Readonly<Doc>[] {
    const docs = [...this.coll(collection).values()];
    return predicate ? docs.filter(predicate) : docs;
  }

  find(collection: string, predicate: (doc: Doc) => boolean): Doc[] {
    return [...this.coll(collection).values()].filter(predicate).map(clone);
  }

  /** Shallow-merges `patch` (or applies `fn` to a copy) and bumps modified_at/modified_by. */
  update(
    collection: string,
    id: string,
    patch: Record<string, unknown> | ((doc: Doc) => Record<string, unknown>),
    options: WriteOptions = {},
  ): Doc {
    const current = this.coll(collection).get(id);
    if (!current) throw new EmuError(404, 'IW10001', `${entityName(collection)} with id '${id}' not found`);
    const next = typeof patch === 'function' ? patch(clone(current)) : { ...current, ...clone(patch) };
    const stored: Doc = {
      ...next,
      id,
      created_at: current.created_at,
      created_by: current.created_by,
      modified_at: this.now().toISOString(),
      modified_by: options.userId ?? '',
    };
    this.coll(collection).set(id, stored);
    this.revision++;
    return clone(stored);
  }

  remove(collection: string, id: string): boolean {
    const removed = this.coll(collection).delete(id);
    if (removed) this.revision++;
    return removed;
  }

  /**
   * Throws 400 IW10003 "<Entity> with name '<n>' already exists" when another document of the
   * collection has this name within `scope` (e.g. {environment_id}). `exceptId` skips the doc
   * being renamed. `field` defaults to 'name'.
   */
  assertUnique(
    collection: string,
    name: unknown,
    scope: Record<string, unknown> = {},
    options: { exceptId?: string; field?: string; entity?: string } = {},
  ): void {
    const field = options.field ?? 'name';
    const scoped = Object.entries(scope);
    for (const doc of this.coll(collection).values()) {
      if (doc.id === options.exceptId || doc[field] !== name) continue;
      if (scoped.every(([key, value]) => doc[key] === value)) {
        const entity = options.entity ?? entityName(collection);
        throw new EmuError(400, 'IW10003', `${entity} with name '${String(name)}' already exists`);
      }
    }
  }

  /** Documents of `collection` whose dotted `path` equals `id` (or is an array containing it). */
  dependentsOf(collection: string, path: string, id: string): Doc[] {
    return this.find(collection, (doc) => {
      let value: unknown = doc;
      for (const key of path.split('.')) {
        if (value === null || typeof value !== 'object') return false;
        value = (value as Record<string, unknown>)[key];
      }
      return value === id || (Array.isArray(value) && value.includes(id));
    });
  }

  /** 400 IW10006 naming the dependents when any reference points at `id`. */
  assertNoDependents(
    what: { collection: string; id: string },
    refs: Array<{ collection: string; path: string }>,
  ): void {
    const names: string[] = [];
    for (const ref of refs) {
      for (const doc of this.dependentsOf(ref.collection, ref.path, what.id)) {
        names.push(`${entityName(ref.collection)} '${String(doc.name ?? doc.id)}'`);
      }
    }
    if (names.length > 0) {
      throw new EmuError(
        400,
        'IW10006',
        `Cannot delete ${entityName(what.collection)} '${what.id}': still used by ${names.join(', ')}`,
      );
    }
  }

  /** The stored documents by collection, not copied: to serialise at once (a save). Never mutate. */
  view(): StoreSnapshot {
    const out: StoreSnapshot = {};
    for (const [name, coll] of this.collections) out[name] = [...coll.values()];
    return out;
  }

  snapshot(): StoreSnapshot {
    const out: StoreSnapshot = {};
    for (const [name, coll] of this.collections) out[name] = [...coll.values()].map(clone);
    return out;
  }

  load(snapshot: StoreSnapshot): void {
    this.collections.clear();
    for (const [name, docs] of Object.entries(snapshot)) {
      this.collections.set(name, new Map(docs.map((doc) => [doc.id, clone(doc)])));
    }
    this.revision++;
  }

  /** Empties every collection, keeping the documents `keep` selects. */
  clear(keep: (collection: string, doc: Doc) => boolean = () => false): void {
    for (const [name, coll] of this.collections) {
      for (const [id, doc] of coll) if (!keep(name, doc)) coll.delete(id);
    }
    this.revision++;
  }
}
