// The source configuration export (`GET /sources/{id}/config-migration`), shaped like a real export.
import type { EmuApp, EmuUser } from '../app.js';
import type { Doc } from '../store.js';
import { asRecord, type Body, omitKeys } from './ingestion-lookup.js';

export interface ExportInput {
  source: Doc;
  user: EmuUser;
}

function tableConfig(table: Doc): Body {
  return {
    entity_type: 'table',
    entity_id: table.id,
    configuration: {
      configuration: asRecord(table.configuration),
      columns: Array.isArray(table.columns) ? table.columns : [],
      name: table.name,
      schema_name_at_source: table.schema_name_at_source,
      catalog_name: table.catalog_name,
      meta_crawl_performed: table.meta_crawl_performed,
      export_configuration: asRecord(table.export_configuration),
    },
  };
}

function computeName(app: EmuApp, id: unknown): unknown {
  const key = String(id);
  return (app.store.get('compute_templates', key) ?? app.store.get('interactive_clusters', key))?.name;
}

/** Builds `{configuration: {...}}`; secrets stay sealed because they are stored sealed. */
export function exportSourceConfig(app: EmuApp, input: ExportInput): Body {
  const { source } = input;
  const tables = app.store.find('tables', (t) => t.source === source.id);
  const groups = app.store.find('table_groups', (g) => g.source === source.id);
  const env = app.store.get('environments', String(source.environment_id));
  const computeIds = [
    ...new Set(groups.map((g) => asRecord(g.environment_compute_template).environment_compute_template_id)),
  ];
  const iwMappings: Body[] = [
    { entity_type: 'source', entity_id: source.id, recommendation: { source_name: source.name } },
    ...tables.map((t) => ({
      entity_type: 'table',
      entity_id: t.id,
      recommendation: {
        table_name: t.name,
        schema_name_at_source: t.schema_name_at_source,
        catalog_name: t.catalog_name,
      },
    })),
    ...groups.map((g) => ({
      entity_type: 'table_group',
      entity_id: g.id,
      recommendation: { table_group_name: g.name },
    })),
    ...computeIds.map((id) => ({
      entity_type: 'environment_compute_template',
      entity_id: id,
      recommendation: { compute_name: computeName(app, id) },
    })),
  ];
  return {
    configuration: {
      entity: { entity_type: 'source', entity_id: source.id, entity_name: source.name },
      export: {
        exported_at: app.now().toISOString(),
        exported_by: input.user.id,
        exported_by_username: input.user.email,
      },
      environment: {
        compute_engine: env?.compute_engine,
        data_warehouse_type: env?.data_warehouse_type ?? '',
        platform: env?.platform,
      },
      iw_mappings: iwMappings,
      source_configs: {
        ...omitKeys(source, ['tables', 'environment_details']),
        job_hooks: source.job_hooks ?? { pre_job_hook: null, post_job_hook: null },
      },
      table_configs: tables.map(tableConfig),
      table_group_configs: groups.map((g) => ({
        entity_type: 'table_group',
        entity_id: g.id,
        configuration: g,
      })),
      file_mappings: app.store.find('file_mappings', (m) => m.source === source.id),
      topic_mappings: app.store.find('topic_mappings', (m) => m.source === source.id),
      entity_configs: [],
    },
  };
}
