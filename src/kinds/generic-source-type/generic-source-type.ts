// GenericSourceType: a generic JDBC source type (driver class + where its driver jars live) and
// its driver files. The type is written as multipart/form-data, the contract's only content type
// for its create and update; the create carries the local driver files as its `files` parts (the
// contract requires them with fileUpload), and later each file missing live (by name and size) is
// uploaded with POST …/files as application/octet-stream, never re-sent when unchanged.
import type { z } from 'zod';
import type { CallDraft, LocalFile } from '../../core/call.js';
import { defineKind, pathIds, renderPath, type SpecProblem, type WriteContext } from '../kind.js';
import { compact } from '../shared/canonical.js';
import { platformName } from '../shared/fields.js';
import { asArray, asRecord, liveText } from '../shared/live-values.js';
import { auditMarker } from '../shared/ownership.js';
import { projectLive } from '../shared/spec-projection.js';
import { type GenericSourceTypeSpec, genericSourceTypeSpec, type ResolvedFile } from './schema.js';

export type { GenericSourceTypeSpec } from './schema.js';

const LIST = '/admin/generic-source-type';
const ITEM = `${LIST}/{id}`;
const FORM = 'multipart/form-data';

export const GenericSourceType = defineKind<GenericSourceTypeSpec>({
  kind: 'GenericSourceType',
  description: 'A generic JDBC source type: a driver class and where its jars are.',
  metadataKey: 'generic_source_type',
  name: platformName,
  // Parsed, `files` holds paths; the loader then replaces each with the file it read.
  spec: genericSourceTypeSpec as unknown as z.ZodType<GenericSourceTypeSpec>,
  ownership: auditMarker('no tags or free-form properties'),
  checkLive: unuploadable,
  refs: () => [],
  writes: [
    'POST /admin/generic-source-type',
    'PATCH /admin/generic-source-type/{}',
    'POST /admin/generic-source-type/{}/files',
    'DELETE /admin/generic-source-type/{}',
  ],
  read: { list: LIST },
  fromApi: ({ item }) => {
    const files = asArray(item.file_details).map((f) => {
      const file = asRecord(f) ?? {};
      return { name: liveText(file.file_name), size: file.file_size };
    });
    return projectLive({ ...item, files }, genericSourceTypeSpec);
  },
  create: (s, ctx) => {
    const { files, ...type } = s;
    const local = (files ?? []).flatMap(localFile);
    return [
      {
        method: 'POST',
        path: LIST,
        body: { name: ctx.name, ...type },
        creates: true,
        content_type: FORM,
        ...(local.length > 0 ? { form_files: local } : {}),
      },
    ];
  },
  update: (before, after, changed, ctx): CallDraft[] => {
    const calls: CallDraft[] = [];
    if (changed.has('upload_option') || changed.has('folder_path')) {
      calls.push({
        method: 'PATCH',
        path: renderPath(ITEM, pathIds(ctx)),
        body: compact({ upload_option: after.upload_option, folder_path: after.folder_path }),
        content_type: FORM,
      });
    }
    if (changed.has('files')) calls.push(...uploads(after.files ?? [], before.files ?? [], ctx));
    return calls;
  },
  remove: (_before, ctx) => [{ method: 'DELETE', path: renderPath(ITEM, pathIds(ctx)) }],
});

/** One upload per local file the platform does not hold with the same name and size. */
function uploads(
  files: readonly ResolvedFile[],
  live: readonly ResolvedFile[],
  ctx: WriteContext,
): CallDraft[] {
  return files
    .filter((f) => !heldLive(f, live))
    .flatMap((f) =>
      localFile(f).map((upload) => ({
        method: 'POST' as const,
        path: `${renderPath(`${ITEM}/files`, pathIds(ctx))}?file_name=${encodeURIComponent(f.name)}`,
        upload,
        note: `+ file ${f.name}`,
      })),
    );
}

/** The local file to send for a declared file: none for one declared by name and size only. */
function localFile(f: ResolvedFile): LocalFile[] {
  return f.path !== undefined && f.sha256 !== undefined
    ? [{ path: f.path, size: f.size, sha256: f.sha256 }]
    : [];
}

/** A file declared by name and size only cannot be uploaded: the platform must hold it already. */
function unuploadable(desired: GenericSourceTypeSpec, live: GenericSourceTypeSpec): SpecProblem[] {
  return (desired.files ?? []).flatMap((f, i) =>
    f.path !== undefined || heldLive(f, live.files ?? [])
      ? []
      : [
          {
            path: `/files/${i}`,
            message: `the platform does not hold ${f.name} (${f.size} bytes), and it is declared by name and size only`,
            fix: 'Give the path of the local file instead, so dpac can upload it.',
          },
        ],
  );
}

/** The platform holds a file of this name and size (the API keeps no hash to compare). */
function heldLive(file: ResolvedFile, live: readonly ResolvedFile[]): boolean {
  return live.some((l) => l.name === file.name && l.size === file.size);
}
