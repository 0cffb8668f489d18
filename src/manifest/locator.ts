// Maps JSON pointers into a parsed YAML document to file:line:col, for keys and for values.
import type { SourceLocation } from '../core/diagnostic.js';
import { ancestorPointers } from '../core/json-pointer.js';

export interface NodeLocation {
  /** Where the mapping key starts (absent for sequence items and the root). */
  key?: SourceLocation;
  /** Where the value node starts. */
  value: SourceLocation;
}

export class Locator {
  constructor(
    readonly file: string,
    private readonly nodes: ReadonlyMap<string, NodeLocation>,
  ) {}

  /** Where the value at `pointer` starts, if the document has one there. */
  value(pointer: string): SourceLocation | undefined {
    return this.nodes.get(pointer)?.value;
  }

  /** Where the key of the value at `pointer` starts (falls back to the value for sequence items). */
  key(pointer: string): SourceLocation | undefined {
    const node = this.nodes.get(pointer);
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
