// What the references other than the published contract add to it, each fact with its evidence:
// the seed's endpoint tables (platform.md and ingestion.md of the API reference, each row carrying
// its own evidence tags: vendor SDK, captured responses, utilities), the vendor's Python SDK
// (github.com/Infoworks/infoworks-python-sdk at b25f463, release sdk-5.1: what it really sends),
// and the contract's own quirks (contract-quirks.json: where it contradicts itself or is silent).
// Hand-kept: a fact lands here only with the row, function or quirk that shows it.
import type { Extension, FieldTree, ReferenceOperation } from './field-tree.js';

/** The paging parameters of a list (seed platform.md §1.3). */
const PAGING = ['limit', 'offset', 'sort_by', 'order_by', 'filter'];

const ADVANCED_CONFIGURATION: FieldTree = { key: true, value: true, description: true, is_active: true };

/** A target data connection as the vendor SDK writes it (seed platform.md §6.2). */
const DATA_CONNECTION: FieldTree = {
  name: true,
  type: true,
  sub_type: true,
  properties: true,
  description: true,
};

/** A source's own fields (seed ingestion.md §2.2: the contract's create body, then K,R extras). */
const SOURCE_FIELDS = [
  'target_database_name',
  'staging_schema_name',
  'is_database_case_sensitive',
  'is_schema_case_sensitive',
  'is_staging_schema_case_sensitive',
  'target_catalog_name',
  'staging_catalog_name',
  'use_staging_schema_for_infoworks_managed_tables',
  'transformation_extensions',
  'associated_domains',
  'custom_tags',
];

/** A CSV or fixed-width file table (seed ingestion.md §5.5, JSON; K,R). */
const FILE_TABLE: FieldTree = {
  name: true,
  source: true,
  meta_crawl_performed: true,
  configuration: {
    source_file_properties: true,
    source_file_type: true,
    source_relative_path: true,
    target_relative_path: true,
    deltaLake_table_name: true,
    ingest_subdirectories: true,
    include_filename_regex: true,
    exclude_filename_regex: true,
    is_archive_enabled: true,
    target_schema_name: true,
    target_table_name: true,
    target_database_name: true,
    is_table_case_sensitive: true,
    is_schema_case_sensitive: true,
    is_database_case_sensitive: true,
  },
};

/** Ingestion configuration fields beyond the contract's Teradata and file variants (seed ingestion.md §7.2). */
const INGESTION_FIELDS = [
  'watermark_columns',
  'natural_keys',
  'target_catalog_name',
  'staging_catalog_name',
  'staging_schema_name',
  'scd_type',
  'scd1_columns',
  'dedup_columns',
  'target_table_type',
  'sorting_columns',
  'segmentation_status',
  'detect_schema_change',
  'schema_mismatch',
  'custom_tags',
  'source_file_type',
  'source_relative_path',
  'target_relative_path',
  'deltaLake_table_name',
  'include_filename_regex',
  'exclude_filename_regex',
  'source_file_properties',
];
const INGESTION = 'PUT /sources/{}/tables/{}/configurations/ingestion';

/** Operations the contract lacks, documented by the seed or sent by the vendor SDK. */
export const REFERENCE_OPERATIONS: readonly ReferenceOperation[] = [
  // The vendor SDK sends these (sdk-evidence.json); seed platform.md §4.5-4.6: "not in O; used by S".
  {
    op: 'PATCH /admin/environment/{}/environment-storage/{}',
    bodiesLike: 'POST /admin/environment/{}/environment-storage',
    evidence: 'vendor SDK admin_client.update_storage: PATCH …/environment-storage/<id> with the create body',
  },
  {
    op: 'PATCH /admin/environment/{}/environment-compute-template/{}',
    bodiesLike: 'POST /admin/environment/{}/environment-compute-template',
    evidence:
      "vendor SDK admin_client.update_compute_cluster(compute_type='ephemeral'): PATCH …/environment-compute-template/<id> with the create body",
  },
  {
    op: 'PATCH /admin/environment/{}/environment-interactive-clusters/{}',
    bodiesLike: 'POST /admin/environment/{}/environment-interactive-clusters',
    evidence:
      "vendor SDK admin_client.update_compute_cluster(compute_type='interactive'): PATCH …/environment-interactive-clusters/<id> with the create body",
  },
  {
    op: 'PATCH /sources/{}/tables/{}/configurations/schema',
    bodies: {
      'application/json': {
        type: ['column'],
        columns: {
          name: true,
          original_name: true,
          is_deleted: true,
          target_sql_type: true,
          target_scale: true,
          col_size: true,
          target_precision: true,
        },
      },
    },
    evidence:
      'vendor SDK source_client (table schema update): PATCH source_table_schema_url; seed ingestion.md §8 PATCH (K): {type:"column", columns:[{is_deleted, name, original_name, target_sql_type, target_scale, col_size, target_precision}]}',
  },
  {
    op: 'PUT /sources/{}/tables/{}',
    bodies: {
      'application/json': {
        name: true,
        source: true,
        configuration: true,
        columns: true,
        export_configuration: true,
        state: true,
        user_managed_table_path: true,
        last_ingested_cdc_value: true,
      },
    },
    evidence:
      "vendor SDK source_client.update_table_configurations(update_type='PUT'): PUT /sources/<id>/tables/<id>; seed ingestion.md §5.1 (K): {name, source, configuration?, columns?, export_configuration?, state?, user_managed_table_path?, last_ingested_cdc_value?}",
  },
  // Seed rows (platform.md, ingestion.md) for operations the contract extraction leaves out.
  { op: 'GET /admin/allUsers', evidence: 'seed platform.md §3: GET /admin/allUsers (S, no O)' },
  {
    op: 'POST /admin/users/unlock',
    query: ['user_email'],
    evidence: 'seed platform.md §3: the /users and /admin/users prefixes expose the same operations',
  },
  {
    op: 'POST /admin/environment/cluster/terminate-async',
    bodies: { 'application/json': { compute_template_id: true } },
    evidence: 'seed platform.md §4.7: PUT …/cluster/terminate-async, the SDK sends POST: accept both',
  },
  {
    op: 'POST /domains/{}/configurations/advance',
    bodies: { 'application/json': ADVANCED_CONFIGURATION },
    evidence:
      'seed platform.md §5.2: POST /domains/{id}/configurations/advance {key, value, description, is_active}',
  },
  {
    op: 'GET /domains/{}/configurations/advance/{}',
    evidence: 'seed platform.md §5.2: GET …/advance/{key}',
  },
  {
    op: 'GET /sources/{}/configurations/connection',
    evidence: 'seed ingestion.md §3: GET /sources/{id}/configurations/connection (a document: no query)',
  },
  {
    op: 'PUT /sources/{}/configurations/connection',
    bodies: { 'application/json': true },
    evidence:
      'seed ingestion.md §3: PUT body is one of the connection shapes (the union under POST /sources connection)',
  },
  {
    op: 'GET /sources/{}/config-migration',
    evidence: 'seed ingestion.md §2.1: GET /sources/{source_id}/config-migration',
  },
  {
    op: 'POST /sources/{}/config-migration',
    bodies: { 'application/json': { configuration: true } },
    evidence: 'seed ingestion.md §2.1: POST /sources/{source_id}/config-migration {"configuration": …}',
  },
  {
    op: 'GET /sources/{}/audit-logs',
    query: PAGING,
    evidence: 'seed ingestion.md §2.1: GET /sources/{source_id}/audit-logs (a list envelope, paged per §1.4)',
  },
  {
    op: 'GET /sources/{}/tables/{}/audit-logs',
    query: PAGING,
    evidence: 'seed ingestion.md §5.1: …/audit-logs, reporting (list envelopes) (K,S)',
  },
  {
    op: 'GET /sources/{}/tables/{}/reports/ingestion-metrics',
    query: PAGING,
    evidence: 'seed ingestion.md §5.1: …/reports/ingestion-metrics, reporting (list envelopes) (K,S)',
  },
  {
    op: 'GET /sources/{}/interactive-jobs/{}',
    evidence: 'seed ingestion.md §2.5: GET /sources/{id}/interactive-jobs/{job_id}',
  },
  {
    op: 'POST /sources/{}/jobs',
    bodies: { 'application/json': true },
    evidence: 'seed ingestion.md §19: POST /sources/{sid}/jobs with {job_type, …}',
  },
  { op: 'GET /admin/jobs/{}', evidence: 'seed ingestion.md §19: poll GET /admin/jobs/{job_id}' },
  {
    op: 'POST /sources/{}/stop-streaming',
    bodies: { 'application/json': { table_ids: true } },
    evidence: 'seed ingestion.md §16: POST /sources/{sid}/stop-streaming {"table_ids":[ids]}',
  },
  { op: 'GET /sources/{}/topics', evidence: 'seed ingestion.md §15: GET /sources/{sid}/topics' },
  {
    op: 'GET /sources/{}/topic-mappings',
    query: PAGING,
    evidence:
      'seed ingestion.md §15: GET /sources/{sid}/topic-mappings (no paging in the spec; platform.md §1.3: real clients page every list, accept it everywhere)',
  },
  {
    op: 'POST /sources/{}/topic-mappings',
    bodies: { 'application/json': { name: true, configuration: true } },
    evidence:
      'seed ingestion.md §15: POST /sources/{sid}/topic-mappings {name, configuration:{topic_identifier}}',
  },
  { op: 'GET /sources/{}/topic-mappings/{}', evidence: 'seed ingestion.md §15: GET …/{tmid}' },
  {
    op: 'PATCH /sources/{}/topic-mappings/{}',
    bodies: { 'application/json': { name: true, configuration: true } },
    evidence: 'seed ingestion.md §15: PATCH …/{tmid}, same body as POST',
  },
  { op: 'DELETE /sources/{}/topic-mappings/{}', evidence: 'seed ingestion.md §15: DELETE …/{tmid}' },
  {
    op: 'GET /sources/{}/topic-mappings/{}/preview',
    evidence: 'seed ingestion.md §15: GET …/{tmid}/preview',
  },
  {
    op: 'GET /sources/{}/topic-mappings/{}/crawl-schema',
    evidence: 'seed ingestion.md §15: GET …/{tmid}/crawl-schema',
  },
  {
    op: 'GET /sources/{}/topic-mappings/{}/table-schema',
    query: ['selected_keys'],
    evidence: 'seed ingestion.md §15: GET …/{tmid}/table-schema?selected_keys=[1, 2]',
  },
  {
    op: 'POST /sources/{}/topic-mappings/{}/tables',
    bodies: { 'application/json': {} },
    evidence: 'seed ingestion.md §15: POST …/{tmid}/tables (createSourceTable) with {}',
  },
  {
    op: 'GET /sources/{}/topic-mappings/{}/tables',
    query: PAGING,
    evidence:
      'seed ingestion.md, open questions: the topic-mapping tables list and delete are in the spec, mirroring the file-mapping ones',
  },
  {
    op: 'GET /sources/{}/topic-mappings/{}/tables/{}',
    evidence:
      'seed ingestion.md, open questions: the topic-mapping tables list and delete are in the spec, mirroring the file-mapping ones',
  },
  {
    op: 'DELETE /sources/{}/topic-mappings/{}/tables/{}',
    evidence:
      'seed ingestion.md, open questions: the topic-mapping tables list and delete are in the spec, mirroring the file-mapping ones',
  },
  {
    op: 'DELETE /sources/{}/file-mappings/{}/tables/{}',
    evidence: 'seed ingestion.md §17: DELETE …/{fmid}/tables/{tid} (not in spec; SDK checks the message)',
  },
];

/** What the seed, the vendor SDK and the contract's quirks add to the contract's operations. */
export const EXTENSIONS: readonly Extension[] = [
  // Lists are paged (seed platform.md §1.3: "O lists no query params for GET /admin/users, /users,
  // /admin/environment (except fetch_all), and the env sub-collections, but real clients send
  // limit/offset/filter there (S, R)"; ingestion.md §4: the advanced configuration lists take paging).
  ...[
    'GET /admin/users',
    'GET /users',
    'GET /admin/environment',
    'GET /admin/environment/{}/environment-storage',
    'GET /admin/environment/{}/environment-compute-template',
    'GET /admin/environment/{}/environment-interactive-clusters',
    'GET /sources/{}/configurations/advance',
    'GET /sources/{}/tables/{}/configurations/advance',
    'GET /tables',
  ].flatMap((op) =>
    PAGING.map((query) => ({
      op,
      query,
      evidence: op.includes('/advance')
        ? 'seed ingestion.md §4: the advanced configuration list takes the paging query and follows links.next'
        : 'seed platform.md §1.3: real clients send limit/offset/filter on this list though the contract declares none (S, R)',
    })),
  ),
  // Environments (seed platform.md §4.3 body table; §4.1: real documents carry both, S,U).
  ...['POST /admin/environment', 'PATCH /admin/environment/{}'].flatMap((op) => [
    {
      op,
      field: '/description',
      evidence: 'seed platform.md §4.3: description (U); §4.1: real documents carry it',
    },
    {
      op,
      field: '/support_gov_cloud',
      evidence:
        'seed platform.md §4.3: support_gov_cloud, bool (U sends false); §4.1: real documents carry it',
    },
  ]),
  // Compute templates and interactive clusters (seed platform.md §4.6: top-level create fields).
  ...[
    'POST /admin/environment/{}/environment-compute-template',
    'PATCH /admin/environment/{}/environment-compute-template/{}',
    'POST /admin/environment/{}/environment-interactive-clusters',
    'PATCH /admin/environment/{}/environment-interactive-clusters/{}',
  ].map((op) => ({
    op,
    field: '/is_default_cluster',
    evidence:
      'seed platform.md §4.6: top-level create fields include is_default_cluster (bool); real records carry it (U)',
  })),
  ...[
    'POST /admin/environment/{}/environment-interactive-clusters',
    'PATCH /admin/environment/{}/environment-interactive-clusters/{}',
  ].map((op) => ({
    op,
    field: '/interactive_job_submit_enabled',
    evidence:
      'seed platform.md §4.6: interactive_job_submit_enabled (bool, persistent) is a top-level create field; real records carry it (U)',
  })),
  // Target data connections (contract quirk, vendor-sdk class; seed platform.md §6.2).
  ...['POST /admin/data-connections', 'PUT /admin/data-connections/{}'].map((op) => ({
    op,
    field: '',
    tree: DATA_CONNECTION,
    evidence:
      "contract quirk (vendor SDK): the vendor SDK's {name, type, sub_type, properties} body (admin_client create/update data connection), not the contract's flat Snowflake example; seed platform.md §6.2 adds description (U)",
  })),
  // Domains (seed platform.md §5.2: PATCH "real clients also send environment_ids, users").
  ...['environment_ids', 'users'].map((name) => ({
    op: 'PATCH /domains/{}',
    field: `/${name}`,
    evidence: `seed platform.md §5.2: PATCH /domains/{id}, real clients also send ${name} (S, U; POST documents it)`,
  })),
  // Users (seed platform.md §3.1: the profile's needs_password_reset, SDK sends false; §3.2 POST).
  ...['POST /admin/users', 'PATCH /admin/users/{}', 'POST /users', 'PATCH /users/{}'].map((op) => ({
    op,
    field: '/profile/needs_password_reset',
    evidence:
      'seed platform.md §3.1: the profile sub-object holds needs_password_reset (the SDK sends false); §3.2: POST profile{name, email, needs_password_reset}',
  })),
  // Sources (seed ingestion.md §2.2 and §2.1).
  {
    op: 'POST /sources',
    values: '/sub_type',
    add: ['fixedwidth', 'kafka', 'confluent_cloud', 'snowflake'],
    evidence:
      'seed ingestion.md §2.2: sub_type real extras fixedwidth, kafka, confluent_cloud, snowflake (S,K,R)',
  },
  ...SOURCE_FIELDS.map((name) => ({
    op: 'POST /sources',
    field: `/${name}`,
    evidence: `seed ingestion.md §2.2: ${name}, not in the spec, sent by the SDK's CICD flows (K,R)`,
  })),
  ...['name', 'data_lake_path', 'data_lake_schema', 'is_public', 'storage_id', ...SOURCE_FIELDS].map(
    (name) => ({
      op: 'PATCH /sources/{}',
      field: `/${name}`,
      evidence: `seed ingestion.md §2.1: PATCH takes a partial source (the spec lists only name; the SDK also sends associated_domains); ${name} is a field of the source (§2.2, and GET /sources/{id} returns it)`,
    }),
  ),
  // Tables.
  {
    op: 'POST /sources/{}/tables',
    content: 'application/json',
    tree: FILE_TABLE,
    evidence:
      "seed ingestion.md §5.5 (K,R): a CSV or fixed-width table is added with a JSON body (live response 'Table Created Successfully'); vendor SDK source_client.add_table_and_file_mappings_for_csv POSTs that JSON. The contract's multipart body is the mainframe variant (§5.6, required main_copybook)",
  },
  ...INGESTION_FIELDS.map((name) => ({
    op: INGESTION,
    field: `/${name}`,
    evidence: `seed ingestion.md §7.2: ${name} is an ingestion configuration field (real, R/K/S rows)`,
  })),
  {
    op: INGESTION,
    field: '/partition_keys/*/derive_function',
    evidence: 'seed ingestion.md §7.3: a real derived partition key carries derive_function (K,U)',
  },
  {
    op: INGESTION,
    values: '/sync_type',
    add: ['incremental'],
    evidence: 'seed ingestion.md §7.2: sync_type real values full-load and incremental (R, K)',
  },
  {
    op: INGESTION,
    values: '/storage_format',
    add: ['delta', 'parquet', 'orc', 'csv'],
    evidence:
      'seed ingestion.md §7.2: storage_format real delta (default on Snowflake/Databricks), parquet, orc, csv',
  },
  {
    op: INGESTION,
    values: '/read_supported_engines',
    add: ['SNOWFLAKE', 'SPARK'],
    evidence: 'seed ingestion.md §7.2: read/write_supported_engines real ["SNOWFLAKE","SPARK"]',
  },
  {
    op: INGESTION,
    values: '/write_supported_engines',
    add: ['SNOWFLAKE', 'SPARK'],
    evidence: 'seed ingestion.md §7.2: read/write_supported_engines real ["SNOWFLAKE","SPARK"]',
  },
  {
    op: 'PUT /sources/{}/tables/{}/configurations/export',
    field: '/connection/data_connection_id',
    evidence:
      'seed platform.md §6.2: source tables reference a target data connection by export_configuration.connection.data_connection_id (U)',
  },
  // File mappings (seed ingestion.md §17: the SDK docstring puts the configuration keys at top level).
  ...[
    'source_relative_path',
    'record_scope',
    'include_subdirectories',
    'character_encoding',
    'include_filename_regex',
    'exclude_filename_regex',
  ].map((name) => ({
    op: 'POST /sources/{}/file-mappings',
    field: `/${name}`,
    evidence: `seed ingestion.md §17: POST …/file-mappings, the vendor SDK docstring puts the configuration keys (${name}) at top level`,
  })),
  // Table groups (seed ingestion.md §13: the TG object and its body).
  ...['POST /sources/{}/table-groups', 'PUT /sources/{}/table-groups/{}'].map((op) => ({
    op,
    field: '/warehouse',
    evidence: 'seed ingestion.md §13: warehouse, the Snowflake warehouse of a table group (R: a real record)',
  })),
  {
    op: 'POST /sources/{}/table-groups',
    field: '/query_tag',
    evidence:
      'seed ingestion.md §13: query_tag is a field of the TG object the create and update bodies carry (the spec shows it on PUT only)',
  },
  // Table groups (seed ingestion.md §13, K: the SDK re-sends the GET document on PUT).
  ...['id', 'source', 'compute_cluster_name', 'created_at', 'created_by', 'modified_at', 'modified_by'].map(
    (name) => ({
      op: 'PUT /sources/{}/table-groups/{}',
      field: `/${name}`,
      evidence: `seed ingestion.md §13: PUT is a full replace and the vendor SDK re-sends the GET document, ${name} included`,
    }),
  ),
  ...['sync_type', 'state', 'schema_name_at_source'].map((name) => ({
    op: 'PUT /sources/{}/table-groups/{}',
    field: `/tables/*/${name}`,
    evidence: `seed ingestion.md §13: a GET document's tables[] items carry ${name}, and the vendor SDK re-sends that document on PUT`,
  })),
  // Table groups (seed ingestion.md §13, K: the SDK re-sends the group with its schedule user).
  ...['scheduler_username', 'scheduler_auth_token'].map((name) => ({
    op: 'PUT /sources/{}/table-groups/{}',
    field: `/${name}`,
    evidence: `seed ingestion.md §13: ${name} (schedule owner, set via PUT); vendor SDK source_client re-sends the group with scheduler_username and scheduler_auth_token`,
  })),
  // contract-quirks.json
  {
    op: 'PUT /sources/{}/tables/{}/configurations/advance/{}',
    field: '',
    evidence:
      'contract quirk: the body is typed as an array of {key, value, entityId, entityType} while its only example is one object with description and isActive, and the sibling POST documents {key, value, description, is_active}: the contract gives no one shape to hold it to',
  },
  {
    op: 'PUT /sources/{}/tables/{}/configurations/export',
    field: '/target_configuration/database_name',
    evidence: "contract quirk: the operation's own example sends target_configuration.database_name",
  },
  {
    op: 'DELETE /domains/{}/accessible-sources',
    content: 'application/json',
    tree: { entity_ids: true },
    evidence:
      'contract quirk: no body nor query to name the sources to remove; the JSON {entity_ids} of the sibling POST, as the vendor SDK sends it',
  },
  {
    op: 'POST /admin/generic-source-type/{}/files',
    query: 'file_name',
    evidence:
      'contract quirk: a raw application/octet-stream body and no parameter at all, so no way to name the uploaded driver file',
  },
];
