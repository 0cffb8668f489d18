// Addresses name resources by natural key: `Kind/name` or `Kind/parent/.../name`. Minted only here.

export type Address = string & { readonly __brand: 'Address' };

export function makeAddress(kind: string, ancestors: readonly string[], name: string): Address {
  // Built by concatenation: this runs for every manifest and every live object, several times.
  let address = kind;
  for (const ancestor of ancestors) address += `/${ancestor}`;
  return `${address}/${name}` as Address;
}

export function parseAddress(address: string): { kind: string; ancestors: string[]; name: string } {
  const parts = address.split('/');
  const kind = parts[0] ?? '';
  const name = parts[parts.length - 1] ?? '';
  return { kind, ancestors: parts.slice(1, -1), name };
}

/** Placeholder for an id not known at plan time; the executor fills it from the creating call. */
export function idPlaceholder(address: string): string {
  return `\${${address}.id}`;
}

/** Matches an id placeholder (not its `$${...}` escaped form); group 1 is the address. */
export const ID_PLACEHOLDER = /(?<!\$)\$\{([A-Za-z]+(?:\/[^}]+)+?)\.id\}/g;
