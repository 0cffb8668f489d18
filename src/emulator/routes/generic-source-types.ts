// Generic source types (/admin/generic-source-type): JSON or multipart bodies, files, dependencies.
import type { EmuApp, EmuRequest } from '../app.js';
import type { UploadedFile } from '../body.js';
import { EmuError } from '../errors.js';
import { bodyObject, list, ok, requireName, requireString } from '../respond.js';
import type { Doc } from '../store.js';

const UPLOAD_OPTIONS = ['fileUpload', 'serverLocation'];

function fileItems(
  req: EmuRequest,
  body: Record<string, unknown>,
  at: { folder: string; now: Date },
): Array<Record<string, unknown>> {
  const parts = body.files === undefined ? [] : [body.files].flat();
  const files = parts.filter(
    (f): f is UploadedFile => typeof (f as UploadedFile | null)?.file_name === 'string',
  );
  return files.map((f) => ({
    file_name: f.file_name,
    file_path: `${at.folder}/${f.file_name}`,
    file_size: f.size,
    uploaded_by: req.user.id,
    last_modified: at.now.toISOString(),
  }));
}

function checkUpload(body: Record<string, unknown>, creating: boolean): void {
  if (creating || body.upload_option !== undefined) {
    const option = requireString(body, 'upload_option');
    if (!UPLOAD_OPTIONS.includes(option)) {
      throw new EmuError(400, 'IW10006', `'upload_option' must be one of ${UPLOAD_OPTIONS.join(', ')}`);
    }
    if (option === 'serverLocation') requireString(body, 'folder_path');
  }
}

/** Sources built on this type (generic JDBC sources name it by id). */
function dependents(app: EmuApp, id: string): Doc[] {
  return app.store.find(
    'sources',
    (s) =>
      s.generic_source_type_id === id ||
      (s.connection as { generic_source_type_id?: unknown })?.generic_source_type_id === id,
  );
}

export function register(app: EmuApp): void {
  const { store } = app;
  const base = '/admin/generic-source-type';
  const admin = { admin: true, entity: 'generic_source_type' };

  app.route(
    'GET',
    base,
    (req) => list(req, store.scan('generic_source_types'), 'List of Generic JDBC Sources.'),
    admin,
  );

  app.route(
    'POST',
    base,
    (req) => {
      const body = bodyObject(req);
      const name = requireName(body);
      store.assertUnique('generic_source_types', name);
      const driver = requireString(body, 'driver_class_name');
      checkUpload(body, true);
      // The contract: files are required when upload_option is fileUpload.
      if (
        body.upload_option === 'fileUpload' &&
        fileItems(req, body, { folder: '', now: app.now() }).length === 0
      ) {
        throw new EmuError(400, 'IW10006', "'files' is required when upload_option is fileUpload");
      }
      const folder =
        typeof body.folder_path === 'string' ? body.folder_path : `/opt/platform/drivers/${name}`;
      const doc = store.insert(
        'generic_source_types',
        {
          name,
          source_type: 'generic_jdbc',
          driver_class_name: driver,
          upload_option: body.upload_option,
          folder_path: folder,
          file_details: fileItems(req, body, { folder, now: app.now() }),
        },
        { userId: req.user.id },
      );
      return {
        status: 200,
        body: { message: 'Successfully created generic source type.', result: { id: doc.id } },
      };
    },
    admin,
  );

  app.route(
    'GET',
    `${base}/:type_id`,
    (req) => ok(store.require('generic_source_types', req.params.type_id!), 'Found Generic Source Type.'),
    admin,
  );

  app.route(
    'PATCH',
    `${base}/:type_id`,
    (req) => {
      const id = req.params.type_id!;
      const current = store.require('generic_source_types', id);
      const body = bodyObject(req);
      checkUpload(body, false);
      const patch: Record<string, unknown> = {};
      for (const key of ['upload_option', 'folder_path', 'driver_class_name']) {
        if (body[key] !== undefined && body[key] !== current[key]) patch[key] = body[key];
      }
      const added = fileItems(req, body, {
        folder: String(body.folder_path ?? current.folder_path),
        now: app.now(),
      });
      if (added.length > 0) patch.file_details = [...((current.file_details as unknown[]) ?? []), ...added];
      if (Object.keys(patch).length > 0)
        store.update('generic_source_types', id, patch, { userId: req.user.id });
      return { status: 200, body: { message: 'Updates generic source type', result: { id } } };
    },
    admin,
  );

  app.route(
    'DELETE',
    `${base}/:type_id`,
    (req) => {
      const id = req.params.type_id!;
      store.require('generic_source_types', id);
      const users = dependents(app, id);
      if (users.length > 0) {
        const names = users.map((s) => `Source '${String(s.name)}'`).join(', ');
        throw new EmuError(
          400,
          'IW10006',
          `Cannot delete Generic source type '${id}': still used by ${names}`,
        );
      }
      store.remove('generic_source_types', id);
      return { status: 200, body: { message: 'Deleted generic source type' } };
    },
    admin,
  );

  app.route(
    'GET',
    `${base}/:type_id/dependencies`,
    (req) => {
      const id = req.params.type_id!;
      store.require('generic_source_types', id);
      const items = dependents(app, id).map((s) => ({
        entity_id: s.id,
        name: s.name,
        entity_type: 'source',
        ref_name: 'Source',
        additional_details: {},
      }));
      return list(req, items, 'Dependencies of the generic source type');
    },
    admin,
  );

  app.route(
    'GET',
    `${base}/:type_id/files`,
    (req) =>
      ok(
        store.require('generic_source_types', req.params.type_id!).file_details ?? [],
        'Files of the generic source type',
      ),
    admin,
  );

  app.route(
    'POST',
    `${base}/:type_id/files`,
    (req) => {
      const id = req.params.type_id!;
      const current = store.require('generic_source_types', id);
      const name = req.query.file_name;
      if (name === undefined || name.trim() === '' || name.includes('/')) {
        throw new EmuError(
          400,
          'IW10006',
          "Query parameter 'file_name' is required (a file name, no folder)",
        );
      }
      const bytes = (req.body as { bytes?: unknown } | undefined)?.bytes;
      if (typeof bytes !== 'number') {
        throw new EmuError(400, 'IW10006', 'The body must be the file, sent as application/octet-stream');
      }
      const size = bytes;
      const item = {
        file_name: name,
        file_path: `${String(current.folder_path)}/${name}`,
        file_size: size,
        uploaded_by: req.user.id,
        last_modified: app.now().toISOString(),
      };
      // A file of the same name is replaced: the folder holds one file per name.
      const others = ((current.file_details as Array<{ file_name?: unknown }>) ?? []).filter(
        (f) => f.file_name !== name,
      );
      store.update('generic_source_types', id, { file_details: [...others, item] }, { userId: req.user.id });
      return { status: 200, body: { message: 'Successfully uploaded the file' } };
    },
    admin,
  );
}
