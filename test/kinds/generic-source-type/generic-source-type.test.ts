import { describe, expect, it } from 'vitest';
import { GenericSourceType } from '../../../src/kinds/generic-source-type/generic-source-type.js';
import type { WriteContext } from '../../../src/kinds/kind.js';
import { policyOf } from '../../../src/kinds/kind.js';
import { pending } from '../shared/id-refs.js';

const names = { nameOf: () => undefined };
const ID = '66cd72aaeed4673496ef27c7';

function writeContext(self = '${GenericSourceType/teradata.id}'): WriteContext {
  return {
    name: 'teradata',
    self,
    ancestors: {},
    idOf: pending,
    idAt: (pointer) => {
      throw new Error(`no reference at ${pointer}`);
    },
  };
}

const teradata = {
  driver_class_name: 'com.teradata.jdbc.TeraDriver',
  upload_option: 'serverLocation',
  folder_path: '/opt/drivers/teradata',
};

const parse = (spec: unknown) => GenericSourceType.spec.parse(spec);
const issuesOf = (spec: unknown) =>
  (GenericSourceType.spec.safeParse(spec).error?.issues ?? []).map(
    (i) => `${i.path.join('.')}: ${i.message}`,
  );

describe('GenericSourceType schema', () => {
  it('accepts a driver on the server and one uploaded as files', () => {
    expect(issuesOf(teradata)).toEqual([]);
    expect(issuesOf({ driver_class_name: 'org.x.Driver', upload_option: 'fileUpload' })).toEqual([]);
  });

  it('needs folder_path for serverLocation and refuses an unknown upload option', () => {
    expect(issuesOf({ driver_class_name: 'org.x.Driver', upload_option: 'serverLocation' })).toEqual([
      'folder_path: upload_option serverLocation needs folder_path (the folder holding the driver jars); add it.',
    ]);
    expect(issuesOf({ ...teradata, upload_option: 'ftp' })).toEqual([
      'upload_option: Invalid option: expected one of "fileUpload"|"serverLocation"',
    ]);
  });
});

describe('GenericSourceType writes', () => {
  it("creates with a multipart/form-data POST, the contract's content type", () => {
    expect(GenericSourceType.create(parse(teradata), writeContext())).toEqual([
      {
        method: 'POST',
        path: '/admin/generic-source-type',
        creates: true,
        body: { name: 'teradata', ...teradata },
        content_type: 'multipart/form-data',
      },
    ]);
  });

  it("creates a fileUpload type with its local files as the form's files, one declared by name alone left out", () => {
    const jar = { name: 'td.jar', size: 3, sha256: 'a'.repeat(64), path: 'drivers/td.jar' };
    const spec = {
      driver_class_name: 'org.x.Driver',
      upload_option: 'fileUpload' as const,
      files: [jar, { name: 'held.jar', size: 9 }],
    };
    expect(GenericSourceType.create(spec, writeContext())).toEqual([
      {
        method: 'POST',
        path: '/admin/generic-source-type',
        creates: true,
        body: { name: 'teradata', driver_class_name: 'org.x.Driver', upload_option: 'fileUpload' },
        content_type: 'multipart/form-data',
        form_files: [{ path: 'drivers/td.jar', size: 3, sha256: 'a'.repeat(64) }],
      },
    ]);
  });

  it('patches only the fields the API can update, and replaces on a driver class change', () => {
    const after = parse({ ...teradata, folder_path: '/opt/drivers/td17' });
    expect(
      GenericSourceType.update(parse(teradata), after, new Set(['folder_path']), writeContext(ID)),
    ).toEqual([
      {
        method: 'PATCH',
        path: `/admin/generic-source-type/${ID}`,
        body: { upload_option: 'serverLocation', folder_path: '/opt/drivers/td17' },
        content_type: 'multipart/form-data',
      },
    ]);
    expect(GenericSourceType.update(parse(teradata), parse(teradata), new Set(), writeContext(ID))).toEqual(
      [],
    );
    expect(policyOf(GenericSourceType).immutable.pointers).toEqual(['/driver_class_name']);
  });

  it('removes with a DELETE', () => {
    expect(GenericSourceType.remove(parse(teradata), writeContext(ID))).toEqual([
      { method: 'DELETE', path: `/admin/generic-source-type/${ID}` },
    ]);
  });
});

describe('GenericSourceType fromApi', () => {
  it('keeps the files by name and size, dropping the server-kept type and audit fields', () => {
    const live = {
      id: ID,
      name: 'teradata',
      source_type: 'generic_jdbc',
      file_details: [
        {
          file_name: 'terajdbc4.jar',
          file_path: '/opt/drivers/teradata/terajdbc4.jar',
          file_size: 1024,
          uploaded_by: '6RkfybTRQQByEey3v',
          last_modified: '2023-06-07T07:32:43.874Z',
        },
      ],
      created_at: '2023-06-07T07:32:43.874Z',
      created_by: '6RkfybTRQQByEey3v',
      ...teradata,
    };
    expect(GenericSourceType.fromApi({ id: ID, item: live, docs: {} }, names)).toEqual({
      ...parse(teradata),
      files: [{ name: 'terajdbc4.jar', size: 1024 }],
    });
  });

  it('omits an empty folder path', () => {
    const live = {
      id: ID,
      name: 'x',
      driver_class_name: 'org.x.Driver',
      upload_option: 'fileUpload',
      folder_path: '',
    };
    expect(GenericSourceType.fromApi({ id: ID, item: live, docs: {} }, names)).toEqual({
      driver_class_name: 'org.x.Driver',
      upload_option: 'fileUpload',
    });
  });
});
