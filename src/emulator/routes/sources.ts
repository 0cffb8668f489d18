// Source routes: CRUD, connection (sealed secrets), configurations, config export, audit logs.
import type { EmuApp, EmuRequest } from '../app.js';
import { EmuError } from '../errors.js';
import { bodyObject, created, list, ok } from '../respond.js';
import type { Doc } from '../store.js';
import { registerJobs } from './crawl-jobs.js';
import { registerSourceAdvancedConfigs } from './ingestion-advanced.js';
import { registerBrowse } from './ingestion-browse.js';
import { exportSourceConfig } from './ingestion-config-export.js';
import { asRecord, auditEntries, type Body, requireSource, updateIfChanged } from './ingestion-lookup.js';
import { registerMetadata } from './ingestion-metadata.js';
import { sealCredentials } from './ingestion-secrets.js';
import {
  newSourceDoc,
  sourcePatch,
  sourceView,
  syncSourceDomains,
  tableIdsBySource,
} from './ingestion-source-docs.js';
import { removeTableDependents } from './ingestion-table-docs.js';

/** Deletes the source's tables, mappings, validation specs and advanced configs, then the source. */
function deleteSourceCascade(app: EmuApp, source: Doc): void {
  for (const table of app.store.find('tables', (t) => t.source === source.id)) {
    removeTableDependents(app, table.id);
    app.store.remove('tables', table.id);
  }
  for (const collection of ['topic_mappings', 'file_mappings']) {
    for (const mapping of app.store.find(collection, (m) => m.source === source.id)) {
      app.store.remove(collection, mapping.id);
    }
  }
  for (const config of app.store.find(
    'advanced_configs',
    (c) => c.entity_type === 'source' && c.entity_id === source.id,
  )) {
    app.store.remove('advanced_configs', config.id);
  }
  app.store.remove('sources', source.id);
}

function assertNoTableGroups(app: EmuApp, source: Doc): void {
  const groups = app.store.find('table_groups', (g) => g.source === source.id);
  if (groups.length > 0) {
    const names = groups.map((g) => `'${String(g.name)}'`).join(', ');
    throw new EmuError(
      400,
      'IW10006',
      `Cannot delete Source '${String(source.name)}': it still has table group(s) ${names}`,
    );
  }
}

export function register(app: EmuApp): void {
  const sourceOf = (req: EmuRequest) => requireSource(app, req.params.source_id!);
  const options = { entity: 'source' };

  app.route('GET', '/sources', (req) => {
    const tableIds = tableIdsBySource(app);
    const items = app.store.scan('sources').map((s) => sourceView(app, s, tableIds.get(s.id) ?? []));
    return list(req, items);
  });
  app.route(
    'POST',
    '/sources',
    (req) => {
      const { associated_domains: domains, ...fields } = newSourceDoc(app, bodyObject(req));
      const doc = app.store.insert('sources', fields, { userId: req.user.id });
      syncSourceDomains(app, doc.id, bodyObject(req).associated_domains ?? domains, req.user.id);
      return created(doc.id, 'Source created successfully');
    },
    options,
  );
  app.route('GET', '/sources/:source_id', (req) => ok(sourceView(app, sourceOf(req))));
  app.route(
    'PATCH',
    '/sources/:source_id',
    (req) => {
      const source = sourceOf(req);
      const { associated_domains: domains, ...patch } = sourcePatch(app, source, bodyObject(req));
      if (Object.keys(patch).length > 0)
        app.store.update('sources', source.id, patch, { userId: req.user.id });
      syncSourceDomains(app, source.id, domains, req.user.id);
      return created(source.id, 'Source updated successfully');
    },
    options,
  );
  app.route(
    'DELETE',
    '/sources/:source_id',
    (req) => {
      const source = sourceOf(req);
      assertNoTableGroups(app, source);
      deleteSourceCascade(app, source);
      return created(source.id, 'Source deleted successfully');
    },
    options,
  );

  app.route('GET', '/sources/:source_id/configurations', (req) => {
    const { environment_details: _details, tables: _tables, ...base } = sourceView(app, sourceOf(req));
    return ok(base);
  });
  app.route('GET', '/sources/:source_id/configurations/connection', (req) =>
    ok(asRecord(sourceOf(req).connection)),
  );
  app.route(
    'PUT',
    '/sources/:source_id/configurations/connection',
    (req) => {
      const source = sourceOf(req);
      // Re-sent cipher text passes through unchanged, so echoing a GET back is not a new write.
      const connection = sealCredentials(bodyObject(req));
      updateIfChanged(app, { collection: 'sources', doc: source }, { connection }, req.user.id);
      return ok(true, 'Connection details successfully added');
    },
    options,
  );

  app.route('GET', '/sources/:source_id/config-migration', (req) =>
    ok(exportSourceConfig(app, { source: sourceOf(req), user: req.user })),
  );
  app.route(
    'POST',
    '/sources/:source_id/config-migration',
    (req) => {
      sourceOf(req);
      const configuration = asRecord(bodyObject(req).configuration);
      // Import is accepted but not replayed: the emulator answers each mapping as upserted cleanly.
      const mappings = (Array.isArray(configuration.iw_mappings) ? configuration.iw_mappings : []).map(
        (m): Body => ({ ...asRecord(m), table_upsert_status: { error: [] } }),
      );
      return ok(
        { configuration: { ...configuration, iw_mappings: mappings } },
        'Configuration imported successfully',
      );
    },
    { entity: 'source' },
  );
  app.route('GET', '/sources/:source_id/edit-staging-fields', (req) => {
    sourceOf(req);
    return ok(true, 'Fetched result. ');
  });
  app.route('GET', '/sources/:source_id/audit-logs', (req) =>
    list(req, auditEntries(sourceOf(req), 'source')),
  );

  registerMetadata(app);
  registerBrowse(app);
  registerJobs(app);
  registerSourceAdvancedConfigs(app);
}
