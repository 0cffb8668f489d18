// The forms of the ids the platform mints: nothing else read from a server is ever put in a path.
import { ApiError } from './errors.js';

/** 24 hex digits (Mongo ObjectId) for every entity but users; 17 letters and digits (Meteor) for users. */
const PLATFORM_ID = /^(?:[0-9a-fA-F]{24}|[A-Za-z0-9]{17})$/;

export const PLATFORM_ID_FORMS = '24 hex digits, or 17 letters and digits for users';

export function isPlatformId(value: unknown): value is string {
  return typeof value === 'string' && PLATFORM_ID.test(value);
}

/** Scrubs the secrets a client knows from server text (ApiClient.scrub). */
type Scrub = (text: string) => string;

/** A client's scrub, or none for a client without one (a test double). */
export function scrubOf(client: { scrub?(text: string): string }): Scrub {
  return (text) => client.scrub?.(text) ?? text;
}

/**
 * A server-sent value quoted for a message: JSON-escaped, so it cannot forge lines, scrubbed of
 * known secrets (a hostile server may answer one as an id), then cut (a cut secret would not match).
 */
export function quoteServerValue(value: unknown, scrub: Scrub = (text) => text): string {
  const text = scrub(JSON.stringify(value) ?? String(value));
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/**
 * The id of an item a list returned, or an error naming the list: a server that answers
 * `../../domains/<id>` as an id must not steer a later DELETE to another object.
 */
export function checkListedId(
  value: unknown,
  where: { path: string; item: string; intent?: string; scrub?: Scrub },
): string {
  if (isPlatformId(value)) return value;
  throw new ApiError({
    status: 200,
    method: 'GET',
    path: where.path,
    details:
      `the item ${quoteServerValue(where.item, where.scrub)} has id ${quoteServerValue(value, where.scrub)}, which is not a platform id ` +
      `(${PLATFORM_ID_FORMS}); dpac refuses to use it in any call`,
    ...(where.intent ? { intent: where.intent } : {}),
  });
}
