// Objects another client made through the v3 API (never through dpac): no ownership tag, an
// upper-case connection mode and table type, a derived partition and a schedule set by hand.
import { type PlatformApi, platformApi } from '../helpers/platform-api.js';

export type Api = PlatformApi;

interface Created {
  result: { id: string };
}

export function connectApi(url: string): Promise<Api> {
  return platformApi(url);
}

/** The hand-made objects (a table is named by its name at the source). */
export const HAND_MADE = {
  source: 'Source/legacy_db',
  tables: ['Table/legacy_db/ACCOUNTS', 'Table/legacy_db/LEDGER'],
  group: 'TableGroup/legacy_db/hourly',
};

/** Seeds them in the examples' `prod` environment (which must exist). */
export async function seedHandMade(api: Api): Promise<void> {
  const environment = await api.idOf('/admin/environment', 'prod');
  const under = `/admin/environment/${environment}`;
  const storage = await api.idOf(`${under}/environment-storage`, 'lake');
  const compute = await api.idOf(`${under}/environment-compute-template`, 'etl-small');
  const source = await api.send<Created>('POST', '/sources', {
    name: 'legacy_db',
    type: 'rdbms',
    sub_type: 'oracle',
    data_lake_path: '/iw/sources/legacy_db',
    data_lake_schema: 'legacy',
    environment_id: environment,
    storage_id: storage,
    is_source_ingested: true,
  });
  const sourceId = source.result.id;
  await api.send('PUT', `/sources/${sourceId}/configurations/connection`, {
    connection_mode: 'JDBC',
    connection_url: 'jdbc:oracle:thin:@legacy.internal:1521/LEDGER',
    username: 'reader',
    password: 'typed-by-hand',
    database: 'ORACLE',
    driver_name: 'oracle.jdbc.driver.OracleDriver',
  });
  await api.send('PUT', `/sources/${sourceId}/metadata`, {
    tags_to_add: ['legacy', 'finance'],
    tags_to_remove: [],
    description: 'The old ledger, made by hand.',
  });
  const tableIds: string[] = [];
  for (const name of ['ledger', 'accounts']) {
    const added = await api.send<{ result: { added_tables?: string[] } }>(
      'POST',
      `/sources/${sourceId}/tables/source_tables`,
      {
        tables_to_add: [
          {
            table_name: name.toUpperCase(),
            schema_name: 'FIN',
            table_type: 'TABLE',
            target_table_name: name,
            target_schema_name: 'legacy',
          },
        ],
      },
    );
    const id = added.result.added_tables?.[0];
    if (!id) throw new Error(`no id for the table ${name}`);
    tableIds.push(id);
    await api.send('PUT', `/sources/${sourceId}/tables/${id}/configurations/ingestion`, {
      sync_type: name === 'ledger' ? 'incremental' : 'full-load',
      ...(name === 'ledger'
        ? {
            update_strategy: 'merge',
            natural_keys: ['ENTRY_ID'],
            watermark_column: 'POSTED_AT',
            partition_keys: [
              { parent_column: 'POSTED_AT', derive_format: 'yyyyMM', derive_function: 'year month' },
            ],
          }
        : {}),
      storage_format: 'parquet',
      target_table_name: name,
      target_schema_name: 'legacy',
    });
  }
  const group = await api.send<Created>('POST', `/sources/${sourceId}/table-groups`, {
    name: 'hourly',
    environment_compute_template: { environment_compute_template_id: compute },
    max_connections: 2,
    max_parallel_entities: 2,
    tables: tableIds.map((id) => ({ table_id: id, connection_quota: 50 })),
  });
  const schedules = `/sources/${sourceId}/table-groups/${group.result.id}/schedules`;
  await api.send('PUT', `${schedules}/user`);
  await api.send('PUT', `${schedules}/enable`, {
    start_date: '03/01/2026',
    start_hour: 0,
    start_min: 15,
    repeat_interval_unit: 'HOUR',
    repeat_interval_measure: 1,
    ends: false,
  });
}
