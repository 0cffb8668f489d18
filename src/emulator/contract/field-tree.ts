// The shapes of the emulator's copy of the references: an operation's query parameters, content
// types and body field trees, and what another reference adds to them, with its evidence.

/**
 * The body fields an operation takes: `true` accepts anything below (a scalar, or an object no
 * reference details), a string array is an enum, an object lists the known keys. Arrays are
 * transparent: a list field has the tree of its items.
 */
export type FieldTree = true | readonly string[] | { readonly [key: string]: FieldTree };

/** One operation as the published contract states it (see contract-operations.ts). */
export interface ContractOperation {
  /** `METHOD /path` with `{}` for every path parameter. */
  op: string;
  query?: readonly string[];
  /** Content type → the body's field tree. No entry: the operation takes no body. */
  bodies?: Readonly<Record<string, FieldTree>>;
}

/** Where a fact comes from: a seed row, a vendor SDK function, a quirk of the contract, a GET. */
interface Cited {
  op: string;
  evidence: string;
}

/** What another reference adds to (or corrects in) an operation. */
export type Extension = Cited &
  (
    | { query: readonly string[] }
    /** A content type the operation also takes, with its field tree (default: the operation's). */
    | { content: string; tree?: FieldTree }
    /**
     * Fields at JSON pointers (array items as `*`; `''` is the whole body) with their tree
     * (default `true`): added, or put in place of the contract's.
     */
    | { fields: readonly string[]; tree?: FieldTree }
    /** Values of an enum field (JSON pointer) the contract's enum lacks. */
    | { values: string; add: readonly string[] }
  );

/** An operation the contract lacks that the seed documents or the vendor SDK sends. */
export type ReferenceOperation = ContractOperation & {
  evidence: string;
  /** The contract operation whose bodies this one takes (an SDK update sending the create body). */
  bodiesLike?: string;
};
