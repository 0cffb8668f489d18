// The forms of the ids the platform mints: nothing else read from a server is ever put in a path.
import { ApiError } from './errors.js';

/** 24 hex digits (Mongo ObjectId) for every entity but users; 17 letters and digits (Meteor) for users. */
const PLATFORM_ID = /^(?:[0-9a-fA-F]{24}|[A-Za-z0-9]{17})$/;

export const PLATFORM_ID_FORMS = '24 hex digits, or 17 letters and digits for users';

export function isPlatformId(value: unknown): value is string {
  return typeof value === 'string' && PLATFORM_ID.test(value);
}

/** A server-sent value quoted for a message: JSON-escaped and cut, so it cannot forge lines. */
export function quoteServerValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/**
 * The id of an item a list returned, or an error naming the list: a server that answers
 * `../../domains/<id>` as an id must not steer a later DELETE to another object.
 */
export function checkListedId(
  value: unknown,
  where: { path: string; item: string; intent?: string },
): string {
  if (isPlatformId(value)) return value;
  throw new ApiError({
    status: 200,
    method: 'GET',
    path: where.path,
    details:
      `the item ${quoteServerValue(where.item)} has id ${quoteServerValue(value)}, which is not a platform id ` +
      `(${PLATFORM_ID_FORMS}); dpac refuses to use it in any call`,
    ...(where.intent ? { intent: where.intent } : {}),
  });
}
