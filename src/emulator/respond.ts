// Envelope helpers: success, create, list (filter/sort/page) and style A errors.
import type { EmuRequest, EmuResult } from './app.js';
import { EmuError } from './errors.js';
import { paginate } from './paging.js';

export { EmuError };

const HELP_BASE = 'http://api.platform.local/help/';

const TITLES: Record<string, string> = {
  IW10001: 'Resource not found',
  IW10002: 'Internal server error',
  IW10003: 'Resource already exists',
  IW10004: 'Forbidden',
  IW10005: 'Authentication failed',
  IW10006: 'Invalid request',
  IW10031: 'Security Client Errors',
};

export function ok(result: unknown, message = ''): EmuResult {
  return { status: 200, body: { message, result } };
}

/** A success that carries only a message (e.g. PATCH on environments/storages). */
export function done(message: string): EmuResult {
  return { status: 200, body: { message } };
}

export function created(id: string, message: string): EmuResult {
  return { status: 200, body: { message, result: { id } } };
}

/**
 * List envelope; applies filter, sort_by/order_by and offset/limit from the request. `project`
 * shapes each page item after filtering, so filters can see stored fields reads hide.
 */
export function list(
  req: EmuRequest,
  items: readonly unknown[],
  message = '',
  project?: (item: unknown) => unknown,
): EmuResult {
  const page = paginate(req, items);
  return {
    status: 200,
    body: {
      message,
      result: project ? page.items.map(project) : page.items,
      limit: page.limit,
      offset: page.offset,
      total_count: page.total,
      links: page.links,
    },
  };
}

/** Style A error body. `details` is always a string. */
export function fail(status: number, iwCode: string, details: string, message?: string): EmuResult {
  return {
    status,
    body: {
      message: message ?? TITLES[iwCode] ?? 'Something went wrong',
      details,
      iw_code: iwCode,
      help: HELP_BASE + iwCode,
    },
  };
}

export function failFrom(error: EmuError): EmuResult {
  return fail(error.status, error.iwCode, error.details, error.title);
}

/** The request body as an object, or 400 IW10006. */
export function bodyObject(req: EmuRequest): Record<string, unknown> {
  const body = req.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new EmuError(400, 'IW10006', 'Request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/** A required non-empty string field, or 400 IW10006 naming it. */
export function requireString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new EmuError(400, 'IW10006', `'${field}' is required and must be a non-empty string`);
  }
  return value;
}

const NAME_PATTERN = /^[a-zA-Z0-9_-]+$/;

/** Enforces the documented name pattern `^[a-zA-Z0-9_-]+$` (400 IW10006). */
export function requireName(body: Record<string, unknown>, field = 'name'): string {
  const name = requireString(body, field);
  if (!NAME_PATTERN.test(name)) {
    throw new EmuError(400, 'IW10006', `'${field}' must match ^[a-zA-Z0-9_-]+$ (got '${name}')`);
  }
  return name;
}
