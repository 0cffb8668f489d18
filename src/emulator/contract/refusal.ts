// How the strict emulator answers a request that departs from the references: an operation none
// documents is 405 (unless the emulator serves those), a content type 415, a query parameter or a
// body field 400 — naming every departure at once, as a platform's validation would. Enum values
// are left to the route handlers, which name the values they take.
import type { EmuResult } from '../app.js';
import { fail } from '../respond.js';
import { checkRequest, type RequestFacts } from './conformance.js';

export function screenRequest(facts: RequestFacts, allowUndocumented: boolean): EmuResult | undefined {
  const verdict = checkRequest(facts);
  if (verdict.operation === undefined && allowUndocumented) return undefined;
  const deviations = verdict.deviations.filter((d) => d.kind !== 'value');
  if (deviations.length === 0) return undefined;
  const operation = deviations.find((d) => d.kind === 'operation');
  if (operation) return fail(405, 'IW10006', operation.message, 'Method Not Allowed');
  const content = deviations.find((d) => d.kind === 'content-type');
  if (content) return fail(415, 'IW10006', content.message, 'Unsupported Media Type');
  return fail(400, 'IW10006', deviations.map((d) => d.message).join('; '));
}
