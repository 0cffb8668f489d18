import { afterAll, describe, expect, it } from 'vitest';
import { emulator } from './harness.js';

describe('lists, paging and filters', async () => {
  const { emu, admin } = await emulator();
  afterAll(() => emu.close());
  for (let i = 0; i < 2500; i++) {
    emu.store.insert('data_connections', {
      name: `conn_${String(i).padStart(4, '0')}`,
      type: 'TARGET',
      sub_type: i % 2 === 0 ? 'SNOWFLAKE' : 'POSTGRES',
      properties: { warehouse: `wh ${i % 7}` },
      rank: i,
    });
  }

  it('pages 2,500 items the way the vendor SDK does, until an empty page', async () => {
    let url = `${emu.url}/admin/data-connections?&limit=20`;
    const seen = new Set<string>();
    let pages = 0;
    for (;;) {
      const reply = await admin.get(url);
      expect(reply.status).toBe(200);
      expect(reply.body.links.next.startsWith('/v3/')).toBe(true);
      pages++;
      if (reply.body.result.length === 0) break;
      for (const item of reply.body.result) seen.add(item.id);
      url = emu.baseUrl + reply.body.links.next;
    }
    expect(seen.size).toBe(2500);
    expect(pages).toBe(126);
  });

  it('echoes limit, offset, total_count and links, and answers past the end with an empty page', async () => {
    const reply = await admin.get('/admin/data-connections?limit=1000&offset=2400');
    expect(reply.body).toMatchObject({ limit: 1000, offset: 2400, total_count: 2500 });
    expect(reply.body.result).toHaveLength(100);
    expect(reply.body.links.next).toBe('/v3/admin/data-connections?limit=1000&offset=3400');
    const past = await admin.get('/admin/data-connections?offset=99999');
    expect(past.status).toBe(200);
    expect(past.body.result).toEqual([]);
    expect((await admin.get('/admin/data-connections')).body.limit).toBe(10);
  });

  it('filters by equality, unencoded with spaces, and single-quoted', async () => {
    const encoded = await admin.get(
      `/admin/data-connections?filter=${encodeURIComponent('{"name": "conn_0042"}')}`,
    );
    expect(encoded.body.result.map((c: { rank: number }) => c.rank)).toEqual([42]);
    const raw = await admin.get('/admin/data-connections?&limit=20&filter={"name": "conn_0043"}');
    expect(raw.body.result[0].rank).toBe(43);
    const quoted = await admin.get("/admin/data-connections?filter={'name': 'conn_0044'}");
    expect(quoted.body.result[0].rank).toBe(44);
    const spaced = await admin.get(
      '/admin/data-connections?filter={"properties.warehouse":+"wh 3"}&limit=5000',
    );
    expect(spaced.body.total_count).toBe(357);
  });

  it('supports dotted paths, _id, $in, $or, $and, $gte, $exists, $ne and $date', async () => {
    const first = (await admin.get('/admin/data-connections?filter={"rank":7}')).body.result[0];
    const q = async (filter: unknown) =>
      (
        await admin.get(
          `/admin/data-connections?limit=5000&filter=${encodeURIComponent(JSON.stringify(filter))}`,
        )
      ).body;
    expect((await q({ _id: first.id })).result[0].rank).toBe(7);
    expect((await q({ rank: { $in: [1, 2, 3] } })).total_count).toBe(3);
    expect((await q({ $or: [{ rank: 1 }, { name: 'conn_0002' }] })).total_count).toBe(2);
    expect(
      (await q({ $and: [{ rank: { $gte: 2490 } }, { sub_type: { $ne: 'POSTGRES' } }] })).total_count,
    ).toBe(5);
    expect((await q({ rank: { $exists: true } })).total_count).toBe(2500);
    expect((await q({ missing: { $exists: false }, rank: 5 })).total_count).toBe(1);
    expect((await q({ created_at: { $gte: { $date: '2000-01-01T00:00:00Z' } } })).total_count).toBe(2500);
    expect((await q({ created_at: { $gte: { $date: '2999-01-01T00:00:00Z' } } })).total_count).toBe(0);
  });

  it('sorts by sort_by and order_by', async () => {
    const desc = await admin.get('/admin/data-connections?sort_by=rank&order_by=desc&limit=3');
    expect(desc.body.result.map((c: { rank: number }) => c.rank)).toEqual([2499, 2498, 2497]);
    const asc = await admin.get('/admin/data-connections?sort_by=name&order_by=asc&limit=2');
    expect(asc.body.result.map((c: { name: string }) => c.name)).toEqual(['conn_0000', 'conn_0001']);
  });

  it('keeps the filter in links.next so filtered listings page through the same view', async () => {
    const reply = await admin.get('/admin/data-connections?limit=100&filter={"sub_type":"POSTGRES"}');
    const next = await admin.get(emu.baseUrl + reply.body.links.next);
    expect(next.body.result.every((c: { sub_type: string }) => c.sub_type === 'POSTGRES')).toBe(true);
    expect(next.body.offset).toBe(100);
  });

  it('rejects a malformed filter and a bad limit with 400 IW10006', async () => {
    const bad = await admin.get('/admin/data-connections?filter={not json');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ iw_code: 'IW10006', help: 'http://api.platform.local/help/IW10006' });
    expect((await admin.get('/admin/data-connections?limit=-1')).status).toBe(400);
  });

  it('keeps a raw % in a filter value', async () => {
    await admin.post('/admin/data-connections', { name: '50%_off', sub_type: 'POSTGRES', properties: {} });
    const reply = await admin.get('/admin/data-connections?filter={"name":"50%_off"}');
    expect(reply.body.result.map((c: { name: string }) => c.name)).toEqual(['50%_off']);
  });

  it('treats a trailing slash as the same resource and answers unknown routes with 404 IW10001', async () => {
    const slash = await admin.get('/admin/data-connections/?limit=1');
    expect(slash.status).toBe(200);
    const missing = await admin.get('/no/such/route');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: 'Resource not found', iw_code: 'IW10001' });
    const unknownId = await admin.get('/admin/data-connections/000000000000000000000000');
    expect(unknownId.body.iw_code).toBe('IW10001');
  });
});
