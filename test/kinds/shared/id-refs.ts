// Write contexts as the plan engine builds them: an id not known yet is an IdRef (a path reads it
// as `${Kind/name.id}`; in a body the plan turns it into a fill). Importing this file lets a
// kind's unit tests write expected bodies the way a plan shows them: an IdRef in a body equals the
// placeholder text it stands for, and nothing else.
import { expect } from 'vitest';
import { type Address, IdRef } from '../../../src/core/address.js';

expect.addEqualityTesters([
  (a: unknown, b: unknown) => {
    if (a instanceof IdRef) return typeof b === 'string' && a.toJSON() === b;
    if (b instanceof IdRef) return typeof a === 'string' && b.toJSON() === a;
    return undefined;
  },
]);

/** The id of an object not created yet, as the engine gives it to a kind. */
export function pending(address: string): IdRef {
  return new IdRef(address as Address);
}
