// GenericSourceType: a generic JDBC source type (driver class + where its driver jars live).
// JSON bodies only: driver files are uploaded outside dpac, so `fileUpload` types carry no files here.
import { z } from 'zod';
import type { CallDraft } from '../../core/call.js';
import { defineKind, pathIds, renderPath } from '../kind.js';
import { compact } from '../shared/fields.js';
import { projectToSchema } from '../shared/spec-projection.js';

const typeObject = z
  .object({
    driver_class_name: z
      .string()
      .min(1)
      .describe('Fully qualified JDBC driver class, e.g. com.teradata.jdbc.TeraDriver. Immutable.'),
    upload_option: z
      .enum(['fileUpload', 'serverLocation'])
      .describe('serverLocation: the jars are in folder_path on the platform; fileUpload: uploaded files.'),
    folder_path: z
      .string()
      .min(1)
      .optional()
      .describe('Folder holding the driver jars, e.g. /opt/drivers (required for serverLocation).'),
  })
  .strict();

const spec = typeObject
  .superRefine((s, ctx) => {
    if (s.upload_option === 'serverLocation' && s.folder_path === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['folder_path'],
        message:
          'upload_option serverLocation needs folder_path (the folder holding the driver jars); add it.',
      });
    }
  })
  .describe('A generic JDBC source type: a driver class and where its jars are.');

export type GenericSourceTypeSpec = z.infer<typeof spec>;

const LIST = '/admin/generic-source-type';
const ITEM = `${LIST}/{id}`;

export const GenericSourceType = defineKind<GenericSourceTypeSpec>({
  kind: 'GenericSourceType',
  description: 'A generic JDBC source type: a driver class and where its jars are.',
  metadataKey: 'generic_source_type',
  spec,
  sensitive: [],
  // The update call takes only upload_option, folder_path and files.
  immutable: ['/driver_class_name'],
  refs: () => [],
  read: { list: LIST },
  fromApi: ({ item }) => projectToSchema(item, typeObject) as GenericSourceTypeSpec,
  create: (s, ctx) => [{ method: 'POST', path: LIST, body: { name: ctx.name, ...s }, creates: true }],
  update: (_before, after, changed, ctx): CallDraft[] =>
    changed.has('upload_option') || changed.has('folder_path')
      ? [
          {
            method: 'PATCH',
            path: renderPath(ITEM, pathIds(ctx)),
            body: compact({ upload_option: after.upload_option, folder_path: after.folder_path }),
          },
        ]
      : [],
  remove: (_before, ctx) => [{ method: 'DELETE', path: renderPath(ITEM, pathIds(ctx)) }],
});
