// Filters, sorts and pages a collection the way list endpoints do; `links.next` always a /v3 path.
import type { EmuRequest } from './app.js';
import { EmuError } from './errors.js';
import { matches, parseFilter, valuesAt } from './filter.js';

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100_000;

export interface Page<T> {
  items: T[];
  limit: number;
  offset: number;
  total: number;
  links: { base: string; self: string; next: string };
}

function intParam(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new EmuError(400, 'IW10006', `Invalid ${name}: '${raw}' is not a non-negative integer`);
  }
  return value;
}

function sortItems<T>(
  items: readonly T[],
  sortBy: string | undefined,
  orderBy: string | undefined,
): readonly T[] {
  if (!sortBy) return items;
  const direction = orderBy?.toLowerCase() === 'desc' ? -1 : 1;
  const key = (item: T): unknown => valuesAt(item, sortBy)[0];
  return [...items].sort((a, b) => compareValues(key(a), key(b)) * direction);
}

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return -1;
  if (b === undefined || b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/** Query params the next link carries along, so a filtered listing pages through the same view. */
const CARRIED = ['filter', 'sort_by', 'order_by', 'fetch_all', 'resolve_ref'];

export function paginate<T>(req: EmuRequest, items: readonly T[]): Page<T> {
  const filter = parseFilter(req.query.filter);
  const filtered = filter ? items.filter((item) => matches(item, filter)) : items;
  const sorted = sortItems(filtered, req.query.sort_by, req.query.order_by);
  const requested = intParam(req.query.limit, 'limit', DEFAULT_LIMIT);
  const limit = Math.min(requested === 0 ? DEFAULT_LIMIT : requested, MAX_LIMIT);
  const offset = intParam(req.query.offset, 'offset', 0);
  const base = `/v3${req.path}`;
  const carried = CARRIED.filter((name) => req.query[name] !== undefined)
    .map((name) => `&${name}=${encodeURIComponent(req.query[name]!)}`)
    .join('');
  return {
    items: sorted.slice(offset, offset + limit),
    limit,
    offset,
    total: sorted.length,
    links: {
      base,
      self: `${base}?limit=${limit}&offset=${offset}${carried}`,
      next: `${base}?limit=${limit}&offset=${offset + limit}${carried}`,
    },
  };
}
