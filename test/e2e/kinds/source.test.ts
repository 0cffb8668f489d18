// Sources through the real CLI against the emulator: connection documents, secrets, tags,
// ownership (adopt, unmanaged, tagged deletes) and replacement with their tables.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../../helpers/e2e.js';
import * as f from './fixtures.js';
import { seedPlatform, seedSqlSource } from './seed.js';

describe('sources', () => {
  let e2e: E2e;
  let api: f.Api;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  beforeEach(async () => {
    await f.resetWith(e2e, {
      'platform.yaml': f.platform(),
      'sources.yaml': f.docs(f.salesDb(), f.streamSource(), f.jsonSource()),
    });
    api = await f.connectApi(e2e);
  });
  afterAll(() => e2e.close());

  const sourceId = () => api.idOf('/sources', 'sales_db');

  it('applies a database, a streaming and a file source from empty, then plans no changes and writes nothing', async () => {
    const applied = await f.applyOk(e2e);
    expect(applied.stdout).toContain(
      'Apply complete! Resources: 8 added, 0 changed, 0 replaced, 0 destroyed.',
    );
    await f.expectConverged(e2e);
  });

  it('plans exactly one connection PUT, carrying the password as a reference, when the connection url changes', async () => {
    await f.applyOk(e2e);
    const url = 'jdbc:sqlserver://sales-db-2.internal:1433;databaseName=sales';
    await e2e.write('sources.yaml', f.docs(f.salesDb({ url }), f.streamSource(), f.jsonSource()));

    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({ 'Source/sales_db': 'update' });
    const change = plan.changes.find((c) => c.address === 'Source/sales_db');
    expect(change?.reason).toBe('1 field differs');
    expect(change?.fields.map((x) => x.path)).toEqual(['/connection/connection_url']);
    const id = await sourceId();
    expect(f.callLines(plan)).toEqual([`PUT /sources/${id}/configurations/connection`]);
    expect(plan.calls[0]?.body).toMatchObject({ connection_url: url, password: '${env.SALES_DB_PASSWORD}' });

    const seq = e2e.lastSeq();
    await f.applyOk(e2e);
    expect(e2e.writesSince(seq).map((w) => `${w.method} ${w.path}`)).toEqual([
      `PUT /v3/sources/${id}/configurations/connection`,
    ]);
    await f.expectConverged(e2e);
  });

  it('never compares the connection password, and --resend-secrets writes the connection document anyway', async () => {
    await f.applyOk(e2e);
    const rotated = { SALES_DB_PASSWORD: 'rotated-password' };
    const plan = await e2e.dpac(['plan', '--detailed-exitcode'], { env: rotated });
    expect(plan.stdout).toContain('No changes.');
    expect(plan.code).toBe(0);

    const resentPlan = await e2e.dpac(['plan', '--json'], { env: rotated });
    expect(resentPlan.stdout).not.toContain('rotated-password');
    const seq = e2e.lastSeq();
    const resent = await e2e.dpac(['apply', '--auto-approve', '--resend-secrets'], { env: rotated });
    expect(resent.code).toBe(0);
    expect(resent.stdout).not.toContain('rotated-password');
    const id = await sourceId();
    expect(e2e.writesSince(seq).map((w) => `${w.method} ${w.path}`)).toContain(
      `PUT /v3/sources/${id}/configurations/connection`,
    );
    await f.expectConverged(e2e);
  });

  it('writes tag changes as tags_to_add and tags_to_remove and never shows the ownership tag', async () => {
    await f.applyOk(e2e);
    await e2e.write(
      'sources.yaml',
      f.docs(f.salesDb({ tags: '[sales, gdpr]' }), f.streamSource(), f.jsonSource()),
    );
    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({ 'Source/sales_db': 'update' });
    expect(plan.changes.find((c) => c.address === 'Source/sales_db')?.fields).toEqual([
      { path: '/tags', before: ['pii', 'sales'], after: ['gdpr', 'sales'], impact: 'metadata' },
    ]);
    expect(plan.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', `/sources/${await sourceId()}/metadata`, { tags_to_add: ['gdpr'], tags_to_remove: ['pii'] }],
    ]);
    await f.applyOk(e2e);
    await f.expectConverged(e2e);
  });

  it('adopts a hand-made source seeded with an upper-case mode and tags in another order; it then carries the tag', async () => {
    const ids = await seedPlatform(api);
    const id = await seedSqlSource(api, ids, { name: 'sales_db', tags: ['sales', 'pii'] });
    await e2e.write('sources.yaml', f.salesDb());

    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({ 'Source/sales_db': 'adopt' });
    expect(plan.changes.find((c) => c.action === 'adopt')?.reason).toBe(
      'exists live without the ownership tag: take ownership',
    );
    expect(plan.summary.adopt).toBe(1);
    expect(plan.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', `/sources/${id}/metadata`, { tags_to_add: ['managed-by:dpac/kinds'], tags_to_remove: [] }],
    ]);

    await f.applyOk(e2e);
    const live = await api.get<{ result: { tags: string[] } }>(`/sources/${id}`);
    expect(live.result.tags).toContain('managed-by:dpac/kinds');
    await f.expectConverged(e2e);
  });

  it('reports an undeclared hand-made source as unmanaged and never deletes it', async () => {
    await f.applyOk(e2e);
    const ids = {
      environment: await api.idOf('/admin/environment', 'prod'),
      storage: await api.idOf(
        `/admin/environment/${await api.idOf('/admin/environment', 'prod')}/environment-storage`,
        'lake',
      ),
      compute: '',
      domain: await api.idOf('/admin/domains', 'sales'),
    };
    const legacy = await seedSqlSource(api, ids, { name: 'legacy_db', tags: ['sales'] });

    const plan = await f.planJson(e2e);
    expect(plan.unmanaged).toContain('Source/legacy_db');
    expect(plan.changes.filter((c) => c.action === 'delete')).toEqual([]);
    const seq = e2e.lastSeq();
    await e2e.dpac(['apply', '--auto-approve']);
    expect(e2e.writesSince(seq)).toEqual([]);
    expect((await api.get<{ result: { name: string } }>(`/sources/${legacy}`)).result.name).toBe('legacy_db');
  });

  it('deletes an undeclared source that carries the ownership tag', async () => {
    await f.applyOk(e2e);
    const clicks = await api.idOf('/sources', 'clicks');
    await e2e.write('sources.yaml', f.docs(f.salesDb(), f.jsonSource()));

    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({ 'Source/clicks': 'delete' });
    expect(plan.changes.find((c) => c.action === 'delete')?.reason).toBe(
      'carries the ownership tag managed-by:dpac/kinds and no manifest declares it',
    );
    expect(f.callLines(plan)).toEqual([`DELETE /sources/${clicks}`]);
    const seq = e2e.lastSeq();
    await f.applyOk(e2e);
    expect(e2e.writesSince(seq).map((w) => `${w.method} ${w.path}`)).toEqual([
      `DELETE /v3/sources/${clicks}`,
    ]);
    await f.expectConverged(e2e);
  });

  it('replaces a source whose sub_type changed: its tables go first, the source is deleted before it is created', async () => {
    await e2e.write(
      'sources.yaml',
      f.docs(f.salesDb(), f.table({ name: 'orders' }), f.table({ name: 'customers' })),
    );
    await f.applyOk(e2e);
    const old = await sourceId();
    await e2e.write(
      'sources.yaml',
      f.docs(f.salesDb({ subType: 'mysql' }), f.table({ name: 'orders' }), f.table({ name: 'customers' })),
    );

    const plan = await f.planJson(e2e);
    expect(f.actions(plan)).toEqual({
      'Source/sales_db': 'replace',
      'Table/sales_db/customers': 'replace',
      'Table/sales_db/orders': 'replace',
    });
    const reasons = Object.fromEntries(plan.changes.map((c) => [c.address, c.reason]));
    expect(reasons['Source/sales_db']).toBe('/sub_type cannot be changed in place');
    expect(reasons['Table/sales_db/orders']).toBe('its parent Source/sales_db is replaced');
    const lines = f.callLines(plan);
    f.expectBefore(lines, `DELETE /sources/${old}`, 'POST /sources');
    // Both tables are added by one call (one crawl job), after the source is re-created.
    const adds = plan.calls.filter((c) => c.path === '/sources/${Source/sales_db.id}/tables/source_tables');
    expect(adds.map((c) => c.items)).toEqual([['Table/sales_db/customers', 'Table/sales_db/orders']]);

    const seq = e2e.lastSeq();
    await f.applyOk(e2e);
    const writes = e2e.writesSince(seq).map((w) => `${w.method} ${w.path}`);
    f.expectBefore(writes, `DELETE /v3/sources/${old}`, 'POST /v3/sources');
    expect(writes.filter((w) => w.endsWith('/tables/source_tables'))).toHaveLength(1);
    const fresh = await sourceId();
    expect(fresh).not.toBe(old);
    await f.expectConverged(e2e);
  });
});
