// GenericSourceType: a generic JDBC source type (driver class + where its driver jars live).
// JSON bodies only: driver files are uploaded outside dpac, so `fileUpload` types carry no files here.
import type { CallDraft } from '../../core/call.js';
import { defineKind, pathIds, renderPath } from '../kind.js';
import { compact } from '../shared/canonical.js';
import { noMarker } from '../shared/ownership.js';
import { projectLive } from '../shared/spec-projection.js';
import { type GenericSourceTypeSpec, genericSourceTypeSpec } from './schema.js';

export type { GenericSourceTypeSpec } from './schema.js';

const LIST = '/admin/generic-source-type';
const ITEM = `${LIST}/{id}`;

export const GenericSourceType = defineKind<GenericSourceTypeSpec>({
  kind: 'GenericSourceType',
  description: 'A generic JDBC source type: a driver class and where its jars are.',
  metadataKey: 'generic_source_type',
  spec: genericSourceTypeSpec,
  sensitive: [],
  // The update call takes only upload_option, folder_path and files.
  immutable: ['/driver_class_name'],
  ownership: noMarker('no tags or free-form properties'),
  refs: () => [],
  read: { list: LIST },
  fromApi: ({ item }) => projectLive(item, genericSourceTypeSpec),
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
