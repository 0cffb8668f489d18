// A call marked multipart/form-data goes as a form that a standard parser reads back field by field;
// its secrets are still kept out of errors; any other body goes as JSON.
import { Response } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { json, startScriptedServer } from './helpers/scripted-server.js';

const closers: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const c of closers) await c.close();
});

async function serverAndClient(status = 200) {
  const types: string[] = [];
  const server = await startScriptedServer((_req, res, raw) => {
    types.push(String(raw.headers['content-type']));
    json(res, status, status === 200 ? { result: { id: 'x' } } : { details: 'no' });
  });
  const client = createClient({ baseUrl: server.url, auth: { refreshToken: 'test-refresh-token' } });
  closers.push(server, client);
  return { server, client, types };
}

describe('multipart/form-data bodies', () => {
  it('sends the fields as a form: strings as they are, numbers and booleans as text, objects as JSON, nulls left out', async () => {
    const { server, client, types } = await serverAndClient();
    await client.request({
      method: 'POST',
      path: '/admin/generic-source-type',
      body: {
        name: 'td',
        upload_option: 'serverLocation',
        size: 3,
        on: true,
        nested: { a: [1] },
        gone: null,
      },
      contentType: 'multipart/form-data',
    });
    const type = types[0] ?? '';
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(server.seen[0]?.body, { headers: { 'content-type': type } }).formData();
    expect(Object.fromEntries(form)).toEqual({
      name: 'td',
      upload_option: 'serverLocation',
      size: '3',
      on: 'true',
      nested: '{"a":[1]}',
    });
  });

  it('sends files as files parts, after the fields', async () => {
    const { server, client, types } = await serverAndClient();
    await client.request({
      method: 'POST',
      path: '/admin/generic-source-type',
      body: { name: 'td', upload_option: 'fileUpload' },
      contentType: 'multipart/form-data',
      files: [
        { name: 'a.jar', bytes: new TextEncoder().encode('jar-a') },
        { name: 'b.jar', bytes: new TextEncoder().encode('jar-bb') },
      ],
    });
    const raw = Buffer.from(server.seen[0]?.body ?? '', 'utf8');
    const form = await new Response(raw, { headers: { 'content-type': types[0] ?? '' } }).formData();
    expect(form.get('name')).toBe('td');
    const files = form.getAll('files') as File[];
    expect(files.map((f) => [f.name, f.size])).toEqual([
      ['a.jar', 5],
      ['b.jar', 6],
    ]);
    expect(await files[1]?.text()).toBe('jar-bb');
  });

  it('keeps a secret form field out of the error a refusal raises', async () => {
    const { client } = await serverAndClient(400);
    const error = await client
      .request({
        method: 'PATCH',
        path: '/admin/generic-source-type/t',
        body: { folder_path: '/opt', password: 'form-secret-canary' },
        contentType: 'multipart/form-data',
      })
      .catch((e: unknown) => e);
    expect(String(error)).toContain('returned 400');
    expect(JSON.stringify(error)).not.toContain('form-secret-canary');
  });

  it('sends any other body as JSON', async () => {
    const { server, client, types } = await serverAndClient();
    await client.request({ method: 'POST', path: '/domains', body: { name: 'd' } });
    expect(types[0]).toBe('application/json');
    expect(JSON.parse(server.seen[0]?.body ?? '')).toEqual({ name: 'd' });
  });
});
