import { afterAll, describe, expect, it } from 'vitest';
import { emulator } from './harness.js';

describe('domains, data connections and generic source types', async () => {
  const { emu, admin } = await emulator();
  afterAll(() => emu.close());
  const env = (
    await admin.post('/admin/environment', { name: 'dom_env', platform: 'aws', compute_engine: 'emr' })
  ).body.result.id;

  it('creates, patches and deletes a domain with the real response shapes', async () => {
    const made = await admin.post('/domains', { name: 'Sales', description: 'd', environment_ids: [env] });
    expect(made.body.message).toBe('Successfully created a Domain');
    const id = made.body.result.id;
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect((await admin.post('/domains', { name: 'Sales' })).body.iw_code).toBe('IW10003');
    const patched = await admin.patch(`/domains/${id}`, { description: 'new' });
    expect(patched.body).toMatchObject({ message: 'Domain updated successfully', result: { id } });
    const got = (await admin.get(`/domains/${id}`)).body.result;
    expect(got).toMatchObject({ description: 'new', accessibleDomains: [], accessible_domains: [] });
    expect((await admin.get('/admin/domains?filter={"name":"Sales"}')).body.result).toHaveLength(1);
    expect((await admin.del(`/domains/${id}`)).body.result).toBe('success');
  });

  it('refuses unknown environment ids', async () => {
    const reply = await admin.post('/domains', {
      name: 'Bad',
      environment_ids: ['000000000000000000000000'],
    });
    expect(reply.status).toBe(400);
    expect(reply.body.details).toContain('000000000000000000000000');
  });

  it('adds, replaces and removes accessible sources with JSON bodies on DELETE', async () => {
    const domain = (await admin.post('/domains', { name: 'Ops', environment_ids: [env] })).body.result.id;
    const a = emu.store.insert('sources', { name: 'a', environment_id: env });
    const b = emu.store.insert('sources', { name: 'b', environment_id: env });
    const add = await admin.post(`/domains/${domain}/accessible-sources`, { entity_ids: [a.id] });
    expect(add.body).toEqual({
      message: 'Successfully added accessible sources to the domain',
      result: 'success',
    });
    const toAdd = await admin.get(`/admin/domains/${domain}/accessible-sources-to-add`);
    expect(toAdd.body.result.map((s: { id: string }) => s.id)).toEqual([b.id]);
    await admin.put(`/domains/${domain}/accessible-sources`, { entity_ids: [a.id, b.id] });
    await admin.del(`/domains/${domain}/accessible-sources`, { entity_ids: [a.id] });
    const now = await admin.get(`/domains/${domain}/accessible-sources`);
    expect(now.body.result.map((s: { id: string }) => s.id)).toEqual([b.id]);
    expect((await admin.post(`/domains/${domain}/accessible-sources`, { entity_ids: ['nope'] })).status).toBe(
      400,
    );
    const other = (await admin.post('/domains', { name: 'Other' })).body.result.id;
    await admin.post(`/domains/${domain}/accessible-domains`, { entity_ids: [other] });
    const view = (await admin.get(`/domains/${domain}`)).body.result;
    expect(view.accessibleDomains).toEqual([other]);
    expect(view.accessible_domains).toEqual([other]);
  });

  it('stores domain advanced configurations with the exact messages', async () => {
    const domain = (await admin.post('/domains', { name: 'Conf' })).body.result.id;
    const add = await admin.post(`/domains/${domain}/configurations/advance`, {
      key: 'k',
      value: 'v',
      is_active: true,
    });
    expect(add.body.message).toBe('Successfully updated Advance configuration');
    await admin.put(`/domains/${domain}/configurations/advance/k`, { value: 'w' });
    expect((await admin.get(`/domains/${domain}/configurations/advance/k`)).body.result.value).toBe('w');
    const removed = await admin.del(`/domains/${domain}/configurations/advance/k`);
    expect(removed.body.message).toBe('Successfully removed Advance configuration');
  });

  it('creates target data connections returning result.id and updates them with PUT and PATCH', async () => {
    const body = {
      name: 'snow',
      type: 'TARGET',
      sub_type: 'SNOWFLAKE',
      properties: { url: 'u', username: 'x', password: 'pw' },
    };
    const made = await admin.post('/admin/data-connections', body);
    const id = made.body.result.id;
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect((await admin.put(`/admin/data-connections/${id}`, { ...body, description: 'put' })).status).toBe(
      200,
    );
    // The contract's PATCH takes the flat Snowflake fields; description is not one of them.
    const flat = await admin.patch(`/admin/data-connections/${id}`, { description: 'patch' });
    expect(flat.status).toBe(400);
    expect(flat.body.details).toBe('unknown field /description');
    expect((await admin.patch(`/admin/data-connections/${id}`, { warehouse: 'WH' })).status).toBe(200);
    const got = (await admin.get(`/admin/data-connections/${id}`)).body.result;
    expect(got).toMatchObject({ sub_type: 'SNOWFLAKE', description: 'put' });
    expect(got.properties.password).not.toBe('pw');
    const subtypes = await admin.get('/data-connections-subtypes?environment_platform=azure');
    expect(subtypes.body.result.SNOWFLAKE).toEqual([{ id, name: 'snow' }]);
  });

  it("creates generic source types from multipart bodies only, the contract's content type", async () => {
    const json = await admin.post('/admin/generic-source-type', {
      name: 'teradata',
      driver_class_name: 'com.teradata.jdbc.TeraDriver',
      upload_option: 'serverLocation',
      folder_path: '/opt/drivers',
    });
    expect(json.status).toBe(415);
    expect(json.body.details).toBe(
      'POST /admin/generic-source-type takes multipart/form-data, not application/json',
    );
    const form = new FormData();
    form.set('name', 'mydb');
    form.set('driver_class_name', 'org.my.Driver');
    form.set('upload_option', 'fileUpload');
    const post = () =>
      fetch(`${emu.url}/admin/generic-source-type`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}` },
        body: form,
      });
    // The contract requires the files with fileUpload.
    const without = await post();
    expect(without.status).toBe(400);
    expect(((await without.json()) as { details: string }).details).toBe(
      "'files' is required when upload_option is fileUpload",
    );
    form.set('files', new Blob([Buffer.from('jar-bytes')]), 'my.jar');
    const res = await post();
    const id = ((await res.json()) as { result: { id: string } }).result.id;
    const files = await admin.get(`/admin/generic-source-type/${id}/files`);
    expect(files.body.result[0]).toMatchObject({ file_name: 'my.jar', file_size: 9 });
    expect((await admin.get(`/admin/generic-source-type/${id}/dependencies`)).body.result).toEqual([]);
    expect((await admin.del(`/admin/generic-source-type/${id}`)).body.message).toBe(
      'Deleted generic source type',
    );
  });
});
