// Maps JSON pointers into a parsed YAML document to file:line:col, for keys and for values. The
// full map may be built lazily: only diagnostics need it.
import type { SourceLocation } from '../core/diagnostic.js';
import { ancestorPointers } from '../core/json-pointer.js';

export interface NodeLocation {
  /** Where the mapping key starts (absent for sequence items and the root). */
  key?: SourceLocation;
  /** Where the value node starts. */
  value: SourceLocation;
}

export type NodeMap = ReadonlyMap<string, NodeLocation>;

export class Locator {
  private built: NodeMap | undefined;

  /**
   * `nodes` is the map, or a function building it on first use; `known` answers `key()` for one
   * pointer without building it (`/kind`: every manifest's location).
   */
  constructor(
    readonly file: string,
    private readonly nodes: NodeMap | (() => NodeMap),
    private readonly known?: { pointer: string; key: SourceLocation },
  ) {}

  private map(): NodeMap {
    if (typeof this.nodes !== 'function') return this.nodes;
    this.built ??= this.nodes();
    return this.built;
  }

  /** Where the value at `pointer` starts, if the document has one there. */
  value(pointer: string): SourceLocation | undefined {
    return this.map().get(pointer)?.value;
  }

  /** Where the key of the value at `pointer` starts (falls back to the value for sequence items). */
  key(pointer: string): SourceLocation | undefined {
    if (this.known?.pointer === pointer) return this.known.key;
    const node = this.map().get(pointer);
    return node?.key ?? node?.value;
  }

  /**
   * The value at `pointer`, else the key of its deepest ancestor present in the document (a
   * missing field is reported on the line of the mapping that should hold it), stopping at `floor`.
   */
  nearest(pointer: string, floor = ''): SourceLocation | undefined {
    const exact = this.value(pointer);
    if (exact) return exact;
    for (const ancestor of ancestorPointers(pointer)) {
      if (ancestor.length < floor.length) return undefined;
      const found = this.key(ancestor);
      if (found) return found;
    }
    return undefined;
  }
}
