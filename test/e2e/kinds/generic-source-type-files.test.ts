// Driver files of a generic source type through the real CLI against the emulator: the create
// carries its local files as form parts (the contract requires them with fileUpload); later a file
// is uploaded when the platform lacks it (by name and size), never re-sent when unchanged,
// re-sent after a change by hand, refused outside the project root, and exported by name and size.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../../helpers/e2e.js';
import * as f from './fixtures.js';

const JAR = 'driver bytes, version 1';

const type = (files = '[drivers/mydb.jar]') => `apiVersion: dpac/v1
kind: GenericSourceType
metadata:
  name: mydb
spec:
  driver_class_name: org.mydb.Driver
  upload_option: fileUpload
  files: ${files}
`;

interface FileItem {
  file_name: string;
  file_size: number;
}

describe('generic source type driver files', () => {
  let e2e: E2e;
  let api: f.Api;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  beforeEach(async () => {
    await f.resetWith(e2e, { 'platform/types.yaml': type() });
    await e2e.write('platform/drivers/mydb.jar', JAR);
    api = await f.connectApi(e2e);
  });
  afterAll(() => e2e.close());

  const liveFiles = async () => {
    const id = await api.idOf('/admin/generic-source-type', 'mydb');
    return {
      id,
      files: (await api.get<{ result: FileItem[] }>(`/admin/generic-source-type/${id}/files`)).result,
    };
  };

  it('creates the type with its files as form parts, then plans nothing and never re-uploads them', async () => {
    const plan = await f.planJson(e2e);
    expect(plan.calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/admin/generic-source-type',
        content_type: 'multipart/form-data',
        form_files: [
          {
            path: 'platform/drivers/mydb.jar',
            size: JAR.length,
            sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
          },
        ],
      }),
    ]);
    const text = await e2e.dpac(['plan', '--no-color']);
    expect(text.stdout).toContain('+ file mydb.jar');
    await f.applyOk(e2e);
    expect((await liveFiles()).files).toEqual([
      expect.objectContaining({ file_name: 'mydb.jar', file_size: JAR.length }),
    ]);
    await f.expectConverged(e2e);
  });

  it('re-uploads a file replaced by hand with another size, and one changed locally', async () => {
    await f.applyOk(e2e);
    const { id } = await liveFiles();
    await api.upload(`/admin/generic-source-type/${id}/files?file_name=mydb.jar`, Buffer.from('other'));
    const drift = await e2e.dpac(['drift', '-o', 'json']);
    expect(drift.code).toBe(2);
    expect(JSON.parse(drift.stdout).changed[0].fields).toEqual([
      { path: '/files/mydb.jar/size', before: 5, after: JAR.length, impact: 'next-run' },
    ]);
    await f.applyOk(e2e);
    await f.expectConverged(e2e);

    await e2e.write('platform/drivers/mydb.jar', `${JAR}, patched`);
    const plan = await f.planJson(e2e);
    expect(f.callLines(plan)).toEqual([`POST /admin/generic-source-type/${id}/files?file_name=mydb.jar`]);
    await f.applyOk(e2e);
    expect((await liveFiles()).files).toEqual([expect.objectContaining({ file_size: JAR.length + 9 })]);
    await f.expectConverged(e2e);
  });

  it('refuses to send a file that changed after a saved plan was made, creating nothing', async () => {
    expect((await e2e.dpac(['plan', '--no-color', '--out', 'saved.plan'])).code).toBe(0);
    await e2e.write('platform/drivers/mydb.jar', `${JAR.slice(0, -1)}2`);
    const applied = await e2e.dpac(['apply', '--plan', 'saved.plan', '--no-color']);
    expect(applied.code).not.toBe(0);
    expect(`${applied.stdout}${applied.stderr}`).toContain(
      'platform/drivers/mydb.jar changed since the plan was made (its size or SHA-256 differs); plan again',
    );
    const types = await api.get<{ result: unknown[] }>('/admin/generic-source-type');
    expect(types.result).toEqual([]);
  });

  it('uploads a file added to an existing type on its own, as application/octet-stream', async () => {
    await f.applyOk(e2e);
    await e2e.write('platform/drivers/extra.jar', 'extra');
    await e2e.write('platform/types.yaml', type('[drivers/mydb.jar, drivers/extra.jar]'));
    const plan = await f.planJson(e2e);
    const { id } = await liveFiles();
    expect(plan.calls).toEqual([
      expect.objectContaining({
        path: `/admin/generic-source-type/${id}/files?file_name=extra.jar`,
        upload: expect.objectContaining({ path: 'platform/drivers/extra.jar', size: 5 }),
      }),
    ]);
    await f.applyOk(e2e);
    expect((await liveFiles()).files.map((file) => file.file_name).sort()).toEqual(['extra.jar', 'mydb.jar']);
    await f.expectConverged(e2e);
  });

  it('refuses a missing file and one outside the project root, located, before any write', async () => {
    await e2e.write('platform/types.yaml', type('[drivers/nope.jar, ../../etc/passwd]'));
    const output = await f.validateFails(e2e);
    expect(output).toMatch(/platform\/types\.yaml:\d+:\d+/);
    expect(output).toContain('GenericSourceType/mydb: drivers/nope.jar does not exist');
    expect(output).toMatch(/\.\.\/\.\.\/etc\/passwd (is outside the project root|does not exist)/);
  });

  it('exports files by name and size, and the exported files plan no change', async () => {
    await f.applyOk(e2e);
    await f.exportRoundTrip(e2e, ['--select', 'GenericSourceType']);
    const written = await f.exportedFile(e2e, 'generic-source-types/mydb.yaml');
    expect(written).toContain('name: mydb.jar');
    expect(written).toContain(`size: ${JAR.length}`);
  });
});
