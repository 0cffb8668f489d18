// Paging by links.next until an empty page, query and filter encoding.

import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, createClient, encodeQuery } from '../../src/api/index.js';
import { withQuery } from '../../src/api/paging.js';
import { json, type ScriptedServer, startScriptedServer } from './helpers/scripted-server.js';

const open: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

/** Serves `total` items in pages, with next links built by `nextLink(limit, offset)`. */
async function pagedServer(
  total: number,
  nextLink: (limit: number, offset: number) => string | undefined,
  options: { echoLimit?: boolean } = {},
) {
  const server: ScriptedServer = await startScriptedServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({
      id: `id${offset + i}`,
    }));
    const next = nextLink(limit, offset + limit);
    const echo = options.echoLimit === false ? {} : { limit, offset };
    json(res, 200, { result: items, ...echo, ...(next === undefined ? {} : { links: { next } }) });
  });
  open.push(server);
  const client = createClient({ baseUrl: server.url, auth: { refreshToken: 'rt' } });
  open.push(client);
  return { server, client };
}

describe('list', () => {
  it('follows next links with a stray slash before ? until an empty page', async () => {
    const paged = (l: number, o: number) => `/v3/domains/?limit=${l}&offset=${o}`;
    const { server, client } = await pagedServer(4, paged, { echoLimit: false });
    const items = await client.listAll('/domains', { pageSize: 2 });
    expect(items.map((i) => i.id)).toEqual(['id0', 'id1', 'id2', 'id3']);
    expect(server.seen.map((r) => r.url)).toEqual([
      '/v3/domains?limit=2',
      '/v3/domains/?limit=2&offset=2',
      '/v3/domains/?limit=2&offset=4',
    ]);
  });

  it('stops at a page shorter than the limit the server echoes, saving the empty page', async () => {
    const { server, client } = await pagedServer(5, (l, o) => `/v3/domains/?limit=${l}&offset=${o}`);
    const items = await client.listAll('/domains', { pageSize: 2 });
    expect(items.map((i) => i.id)).toEqual(['id0', 'id1', 'id2', 'id3', 'id4']);
    expect(server.seen.map((r) => r.url)).toEqual([
      '/v3/domains?limit=2',
      '/v3/domains/?limit=2&offset=2',
      '/v3/domains/?limit=2&offset=4',
    ]);
  });

  it('pages on to the empty page when a full page ends the list', async () => {
    const { server, client } = await pagedServer(4, (l, o) => `/v3/domains?limit=${l}&offset=${o}`);
    expect(await client.listAll('/domains', { pageSize: 2 })).toHaveLength(4);
    expect(server.seen).toHaveLength(3);
  });

  it('follows SDK-style ?& links', async () => {
    const { server, client } = await pagedServer(3, (l, o) => `/v3/admin/users?&limit=${l}&offset=${o}`);
    const items = await client.listAll('admin/users', { pageSize: 2 });
    expect(items).toHaveLength(3);
    expect(server.seen[1]?.url).toBe('/v3/admin/users?&limit=2&offset=2');
  });

  it('follows a next link holding raw spaces and quotes, encoded as a URL parser would', async () => {
    const raw = (l: number, o: number) => `/v3/domains?filter={"name":"a b"}&limit=${l}&offset=${o}`;
    const { server, client } = await pagedServer(3, raw);
    expect(await client.listAll('/domains', { pageSize: 2 })).toHaveLength(3);
    expect(server.seen[1]?.url).toBe('/v3/domains?filter={%22name%22:%22a%20b%22}&limit=2&offset=2');
  });

  it('stops after a page without links.next', async () => {
    const { server, client } = await pagedServer(10, () => undefined);
    const items = await client.listAll('/domains', { pageSize: 4 });
    expect(items).toHaveLength(4);
    expect(server.seen).toHaveLength(1);
  });

  it('reduces an absolute next link to a path on our own origin', async () => {
    const { server, client } = await pagedServer(
      3,
      (l, o) => `https://elsewhere.example:3001/v3/domains?limit=${l}&offset=${o}`,
    );
    expect(await client.listAll('/domains', { pageSize: 2 })).toHaveLength(3);
    expect(server.seen.map((r) => r.url)).toEqual(['/v3/domains?limit=2', '/v3/domains?limit=2&offset=2']);
  });

  it('defaults to pages of 500', async () => {
    const { server, client } = await pagedServer(0, (l, o) => `/v3/domains?limit=${l}&offset=${o}`);
    await client.listAll('/domains');
    expect(server.seen[0]?.url).toBe('/v3/domains?limit=500');
  });

  it('fails on a non-array result with the intent in the message', async () => {
    const server = await startScriptedServer((_req, res) => json(res, 200, { result: null }));
    open.push(server);
    const client = createClient({ baseUrl: server.url, auth: { refreshToken: 'rt' } });
    open.push(client);
    const error = await client.listAll('/domains', { intent: 'read domains' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe(
      'Could not read domains: GET /v3/domains returned 200: expected a list in "result", got null',
    );
  });

  it('sends the filter as URL-encoded JSON beside other query parameters', async () => {
    const { server, client } = await pagedServer(0, () => undefined);
    const filter = { name: 'a b&c+d', 'profile.email': { $in: ['x@y.io'] } };
    await client.listAll('/sources', { filter, query: { fetch_all: true, sort_by: undefined } });
    const raw = server.seen[0]?.url ?? '';
    expect(raw).not.toContain(' ');
    expect(raw).not.toContain('+');
    const params = new URL(raw, 'http://x').searchParams;
    expect(JSON.parse(params.get('filter') ?? '')).toEqual(filter);
    expect(params.get('fetch_all')).toBe('true');
    expect(params.has('sort_by')).toBe(false);
  });
});

describe('query helpers', () => {
  it('encodes keys and values and drops undefined', () => {
    expect(encodeQuery({ a: 'x y', b: 2, c: undefined, d: false })).toBe('a=x%20y&b=2&d=false');
  });

  it('appends to paths that already hold a query', () => {
    expect(withQuery('/a', { x: 1 })).toBe('/a?x=1');
    expect(withQuery('/a?y=2', { x: 1 })).toBe('/a?y=2&x=1');
    expect(withQuery('/a?&', { x: 1 })).toBe('/a?&x=1');
    expect(withQuery('/a?y=2', {})).toBe('/a?y=2');
  });

  it('passes request query objects and encodes # in paths', async () => {
    const server = await startScriptedServer((_req, res) => json(res, 200, { result: {} }));
    open.push(server);
    const client = createClient({ baseUrl: `${server.url}/`, auth: { refreshToken: 'rt' } });
    open.push(client);
    await client.get('/sources/a#b', { resolve_ref: true });
    expect(server.seen[0]?.url).toBe('/v3/sources/a%23b?resolve_ref=true');
  });
});
