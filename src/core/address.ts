// Addresses name resources by natural key: `Kind/name` or `Kind/parent/.../name`. Built and taken
// apart only here, so the format can change in one place.

export type Address = string & { readonly __brand: 'Address' };

export function makeAddress(kind: string, ancestors: readonly string[], name: string): Address {
  // Built by concatenation: this runs for every manifest and every live object, several times.
  let address = kind;
  for (const ancestor of ancestors) address += `/${ancestor}`;
  return `${address}/${name}` as Address;
}

/** An address read back from text (a saved plan, a test), rebuilt from its parts. */
export function addressFrom(text: string): Address {
  const { kind, ancestors, name } = parseAddress(text);
  return makeAddress(kind, ancestors, name);
}

export function parseAddress(address: string): { kind: string; ancestors: string[]; name: string } {
  const parts = address.split('/');
  const kind = parts[0] ?? '';
  const name = parts[parts.length - 1] ?? '';
  return { kind, ancestors: parts.slice(1, -1), name };
}

/** The kind of an address, without splitting the rest (read once per reference of every manifest). */
export function kindOfAddress(address: string): string {
  const slash = address.indexOf('/');
  return slash < 0 ? address : address.slice(0, slash);
}

/**
 * A selector `KIND[/NAME...]`: a kind alone, or a kind with the names that lead to its objects
 * (`Table/sales_db` covers the tables of sales_db, `Table/sales_db/orders` one table).
 */
export function selectorParts(selector: string): { kind: string; names: string[] } {
  const [kind = '', ...names] = selector.split('/');
  return { kind, names };
}

/** A selector `KIND[/NAME...]` from its parts (`--select`, prune and protect patterns in messages). */
export function selectorFrom(kind: string, names: readonly string[]): string {
  return [kind, ...names].join('/');
}

/** The names an address holds after its kind, outermost first: `sales_db/orders`. */
export function namePath(ancestors: readonly string[], name: string): string {
  return [...ancestors, name].join('/');
}

/** The address of the parent (of kind `parentKind`) of an object with these ancestor names. */
export function parentAddress(parentKind: string, ancestors: readonly string[]): Address {
  return makeAddress(parentKind, ancestors.slice(0, -1), ancestors[ancestors.length - 1] ?? '');
}

/**
 * The addresses of an object's ancestors, outermost first, from their kinds and names
 * (`['Source', 'Table']`, `['sales_db', 'orders']` → `Source/sales_db`, `Table/sales_db/orders`).
 */
export function ancestorAddresses(kinds: readonly string[], ancestors: readonly string[]): Address[] {
  return kinds.map((kind, i) => makeAddress(kind, ancestors.slice(0, i), ancestors[i] ?? ''));
}

/** Placeholder for an id not known at plan time; the executor fills it from the creating call. */
export function idPlaceholder(address: string): string {
  return `\${${address}.id}`;
}

/**
 * The id of an object not created yet, as a kind writes it into a call: in a path it reads as its
 * placeholder; in a body the plan turns it into a fill (plan/lower-calls.ts), so apply puts the id
 * at that exact place and never looks for placeholders in body text.
 */
export class IdRef {
  constructor(readonly address: Address) {}

  toJSON(): string {
    return idPlaceholder(this.address);
  }

  toString(): string {
    return idPlaceholder(this.address);
  }
}

/** Matches an id placeholder (not its `$${...}` escaped form); group 1 is the address. */
export const ID_PLACEHOLDER = /(?<!\$)\$\{([A-Za-z]+(?:\/[^}]+)+?)\.id\}/g;
