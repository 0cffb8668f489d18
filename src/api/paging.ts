// Lists: our first page, then `links.next` (a host-relative /v3/... path) until an empty page, as real
// clients do — or until a page shorter than the echoed `limit` when no `total_count` says more
// follows. Never a silent cut: a list that ends short of the `total_count` it announced fails, and
// so does one that would not end (a link seen before, a page cap passed) or that passes the run's
// read limits (items, bytes), naming the list.

import { ApiError, EndlessListError, ReadLimitError } from './errors.js';
import type { ReadBudget } from './read-budget.js';

export type QueryValue = string | number | boolean | undefined;

/** `k=v&…` with every key and value percent-encoded (spaces as %20, never `+`); undefined values dropped. */
export function encodeQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  return Object.entries(query)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
}

/** Appends encoded parameters to a path that may already hold a query (even a bare `?` or `?&`). */
export function withQuery(path: string, query: Record<string, QueryValue> | undefined): string {
  const encoded = encodeQuery(query);
  if (!encoded) return path;
  if (!path.includes('?')) return `${path}?${encoded}`;
  return /[?&]$/.test(path) ? `${path}${encoded}` : `${path}&${encoded}`;
}

export interface ListOptions {
  /** Mongo-style filter document, sent JSON-encoded as `filter`. */
  filter?: object;
  pageSize?: number;
  query?: Record<string, QueryValue>;
  intent?: string;
  /** Pages read before the list fails as endless (DEFAULT_MAX_PAGES). */
  maxPages?: number;
}

export interface PageSource {
  /** GETs a host-relative path (`/v3/...?...`): the parsed body and its size in bytes. */
  getHostRelative: (pathAndQuery: string, intent: string | undefined) => Promise<Page>;
  /** The base path, e.g. `/v3`. */
  basePath: string;
  /** The run's read limits: each list's items and bytes are counted against them. */
  budget?: ReadBudget;
}

interface Page {
  body: unknown;
  bytes: number;
}

export const DEFAULT_PAGE_SIZE = 500;
/** 2,000 pages of 500 are a million items: far past any real list, well short of exhausting memory. */
export const DEFAULT_MAX_PAGES = 2_000;

/** Every item of a list read page by page (a loop, not a spread: a page may be any size). */
export async function allItems<T>(pages: AsyncIterable<readonly T[]>): Promise<T[]> {
  const items: T[] = [];
  for await (const page of pages) for (const item of page) items.push(item);
  return items;
}

export async function* listPages(
  source: PageSource,
  path: string,
  options: ListOptions = {},
): AsyncGenerator<Record<string, unknown>[]> {
  const first = withQuery(`${source.basePath}${normalisePath(path)}`, {
    ...options.query,
    limit: options.pageSize ?? DEFAULT_PAGE_SIZE,
    ...(options.filter ? { filter: JSON.stringify(options.filter) } : {}),
  });
  const listPath = first.split('?')[0] ?? first;
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const endless = (why: string, pages: number) =>
    new EndlessListError({
      path: listPath,
      why,
      pages,
      ...(options.intent ? { intent: options.intent } : {}),
    });
  const visited = new Set<string>();
  const budget = source.budget?.list();
  let read = 0;
  /** The latest `total_count` announced (the count may move while the list changes). */
  let announced: number | undefined;
  let next: string | undefined = first;
  while (next !== undefined) {
    const current: string = next;
    if (visited.size >= maxPages) {
      throw endless(
        `more than ${maxPages} pages (raise DPAC_MAX_PAGES if the list is really that long)`,
        visited.size,
      );
    }
    visited.add(current);
    const { body, bytes } = await source.getHostRelative(current, options.intent);
    const result = (body as { result?: unknown } | null)?.result;
    if (!Array.isArray(result)) {
      throw new ApiError({
        status: 200,
        method: 'GET',
        path: current.split('?')[0] ?? current,
        details: `expected a list in "result", got ${result === null ? 'null' : typeof result}`,
        ...(options.intent ? { intent: options.intent } : {}),
      });
    }
    const over = budget?.charge(result.length, bytes);
    if (over) {
      throw new ReadLimitError({
        path: listPath,
        why: `${over}; stopped after ${visited.size} page${visited.size === 1 ? '' : 's'}`,
        ...(options.intent ? { intent: options.intent } : {}),
      });
    }
    read += result.length;
    const total = (body as { total_count?: unknown }).total_count;
    if (typeof total === 'number' && Number.isInteger(total) && total >= 0) announced = total;
    const moreAnnounced = announced !== undefined && read < announced;
    // A page shorter than the limit the server says it applied is the last, unless the count
    // says more items follow: skip the round trip to the empty page. Without that echo, page on
    // until an empty page like the vendor's clients.
    const applied = (body as { limit?: unknown }).limit;
    const short = typeof applied === 'number' && applied > 0 && result.length < applied;
    if (result.length === 0 || (short && !moreAnnounced)) {
      if (moreAnnounced) throw shortOfCount(listPath, read, announced as number, options.intent);
      if (result.length > 0) yield result as Record<string, unknown>[];
      return;
    }
    yield result as Record<string, unknown>[];
    next = nextLink(body);
    if (next === undefined && moreAnnounced)
      throw shortOfCount(listPath, read, announced as number, options.intent);
    if (next !== undefined && visited.has(next)) {
      throw endless(`links.next led back to a page already read (${next.split('?')[0]}?…)`, visited.size);
    }
  }
}

/**
 * A list that ends before the count it announced may have lost items (an object missed is planned
 * as a create): it fails rather than being taken as whole. A count below what was read truncates
 * nothing and is ignored — paging always goes on while `links.next` offers non-empty pages.
 */
function shortOfCount(path: string, read: number, announced: number, intent: string | undefined) {
  return new ApiError({
    status: 200,
    method: 'GET',
    path,
    details:
      `the list ended after ${read} item${read === 1 ? '' : 's'}, but the platform announced total_count ` +
      `${announced}: items may be missing (the list may have changed while it was read); run again`,
    ...(intent ? { intent } : {}),
  });
}

/** `links.next` as a host-relative path; an absolute link is reduced to its path so we never leave our origin. */
function nextLink(body: unknown): string | undefined {
  const next = (body as { links?: { next?: unknown } } | null)?.links?.next;
  if (typeof next !== 'string' || next === '') return undefined;
  if (next.startsWith('/')) return next;
  try {
    const url = new URL(next);
    return `${url.pathname}${url.search}`;
  } catch {
    return undefined;
  }
}

export function normalisePath(path: string): string {
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  // The SDK percent-encodes `#` so it is not taken for a fragment.
  return withSlash.replace(/#/g, '%23');
}
