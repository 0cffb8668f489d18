// Projects live records while others are still being read: a record is projected as soon as its
// collection arrives, and the projection is kept only if every name it looked up was final (its
// kind completely read, the id unambiguous). The rest are projected after the reads, as before,
// so the result is the same; at 20 ms latency the CPU of projection hides behind the network.
import { KINDS, type KindName } from '../kinds/index.js';
import type { NameLookup } from '../kinds/kind.js';
import { type Projection, projectOne } from './project-objects.js';
import type { RawObject } from './read-live.js';

const AMBIGUOUS = null;

export class EagerProjections {
  readonly known = new Map<RawObject, Projection>();
  private readonly names = new Map<string, string | typeof AMBIGUOUS>();
  private readonly pending = new Map<KindName, number>();

  constructor(
    /** Kinds that will be read; any other kind is final from the start (nothing of it is read). */
    private readonly read: ReadonlySet<KindName>,
    private readonly ownershipTag: string,
  ) {}

  /** A collection of `kind` is being read. */
  started(kind: KindName): void {
    this.pending.set(kind, (this.pending.get(kind) ?? 0) + 1);
  }

  /** A collection of `kind` arrived; call after its children collections were started. */
  finished(kind: KindName, raws: readonly RawObject[]): void {
    for (const raw of raws) {
      const key = `${raw.kind}\u0000${raw.record.id}`;
      const seen = this.names.get(key);
      this.names.set(key, seen === undefined || seen === raw.name ? raw.name : AMBIGUOUS);
    }
    this.pending.set(kind, (this.pending.get(kind) ?? 0) - 1);
    for (const raw of raws) {
      if (!raw.name) continue;
      let final = true;
      const names: NameLookup = {
        nameOf: (k, id) => {
          const name = this.isFinal(k) ? this.names.get(`${k}\u0000${id}`) : AMBIGUOUS;
          if (name === AMBIGUOUS) final = false;
          return name ?? undefined;
        },
      };
      const projection = projectOne(raw, names, this.ownershipTag);
      if (final) this.known.set(raw, projection);
    }
  }

  /** Every record of `kind` has been read (no collection of it can start any more). */
  private isFinal(kind: KindName): boolean {
    if (!this.read.has(kind)) return true;
    if ((this.pending.get(kind) ?? 0) > 0) return false;
    const parent = KINDS[kind].parent;
    // A child kind's collections start when its parents arrive: final once the parents are.
    return parent ? this.isFinal(parent) : this.pending.has(kind);
  }
}
