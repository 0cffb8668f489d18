// What the seed, the vendor SDK and the contract's own quirks add to the contract's operations: query
// parameters, content types, body fields and enum values, each group with its evidence (the seed's
// rows carry their own tags: S/K vendor SDK, R captured responses, U utilities, O/S the contract).
// Hand-kept: a fact lands here only with the row, function or quirk that shows it. docs/coverage.md
// gives each group that touches a call dpac sends a row (test/docs/coverage.test.ts checks it).
import type { Extension, FieldTree } from './field-tree.js';
import { PAGING } from './reference-operations.js';

/** A target data connection as the vendor SDK writes it (seed platform.md §6.2). */
const DATA_CONNECTION: FieldTree = {
  name: true,
  type: true,
  sub_type: true,
  properties: true,
  description: true,
};

/** A source's fields beyond the contract's create body (seed ingestion.md §2.2, K,R). */
const SOURCE_FIELDS = [
  '/target_database_name',
  '/staging_schema_name',
  '/is_database_case_sensitive',
  '/is_schema_case_sensitive',
  '/is_staging_schema_case_sensitive',
  '/target_catalog_name',
  '/staging_catalog_name',
  '/use_staging_schema_for_infoworks_managed_tables',
  '/transformation_extensions',
  '/associated_domains',
  '/custom_tags',
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

const INGESTION = 'PUT /sources/{}/tables/{}/configurations/ingestion';
const EXPORT = 'PUT /sources/{}/tables/{}/configurations/export';
const TABLE_GROUP = 'PUT /sources/{}/table-groups/{}';
const STORAGE_COMPUTE_LISTS = [
  'GET /admin/users',
  'GET /users',
  'GET /admin/environment',
  'GET /admin/environment/{}/environment-storage',
  'GET /admin/environment/{}/environment-compute-template',
  'GET /admin/environment/{}/environment-interactive-clusters',
  'GET /tables',
];

export const EXTENSIONS: readonly Extension[] = [
  // Lists page (seed platform.md §1.3; ingestion.md §4 for the advanced configuration lists).
  ...STORAGE_COMPUTE_LISTS.map((op) => ({
    op,
    query: PAGING,
    evidence:
      'seed platform.md §1.3: the contract declares no paging on this list (on /admin/environment only fetch_all), but real clients send limit/offset/filter there (S, R): accept them',
  })),
  ...['GET /sources/{}/configurations/advance', 'GET /sources/{}/tables/{}/configurations/advance'].map(
    (op) => ({
      op,
      query: PAGING,
      evidence:
        'seed ingestion.md §4: the advanced configuration list takes the paging query and follows links.next',
    }),
  ),
  {
    op: 'GET /sources/{}/table-groups/{}/audit-logs',
    query: PAGING,
    evidence:
      'seed ingestion.md §1.4: the paging parameters apply to all list endpoints in scope; §13: the audit logs are a list',
  },
  // Environments.
  ...['POST /admin/environment', 'PATCH /admin/environment/{}'].map((op) => ({
    op,
    fields: ['/description', '/support_gov_cloud'],
    evidence:
      'seed platform.md §4.3, the create/update body: description (U), support_gov_cloud bool (U sends false); §4.1: real documents carry both (S, U)',
  })),
  {
    op: 'PATCH /admin/environment/{}',
    fields: [
      '/platform',
      '/compute_engine',
      '/data_warehouse_type',
      '/data_warehouse_configuration/type',
      '/metastore/type',
      '/metastore/configuration/mode',
    ],
    evidence:
      "seed platform.md §4.4: full documents are re-posted by the utilities (GET → modify → PATCH, U), and §4.3's create/update body has these fields; the contract's PATCH variants leave them out",
  },
  // Compute templates and interactive clusters (seed platform.md §4.6, top-level create fields).
  ...[
    'POST /admin/environment/{}/environment-compute-template',
    'PATCH /admin/environment/{}/environment-compute-template/{}',
  ].map((op) => ({
    op,
    fields: ['/is_default_cluster'],
    evidence:
      'seed platform.md §4.6: is_default_cluster (bool) is a top-level create field; real records carry it (U)',
  })),
  ...[
    'POST /admin/environment/{}/environment-interactive-clusters',
    'PATCH /admin/environment/{}/environment-interactive-clusters/{}',
  ].map((op) => ({
    op,
    fields: ['/is_default_cluster', '/interactive_job_submit_enabled'],
    evidence:
      'seed platform.md §4.6: is_default_cluster (bool) and interactive_job_submit_enabled (bool, persistent) are top-level create fields; real records carry them (U)',
  })),
  // Target data connections.
  ...['POST /admin/data-connections', 'PUT /admin/data-connections/{}'].map((op) => ({
    op,
    fields: [''],
    tree: DATA_CONNECTION,
    evidence:
      "contract quirk (vendor SDK): the body is the vendor SDK's {name, type, sub_type, properties} (admin_client create/update data connection docstrings; its cicd utilities read result['properties']), not the contract's flat Snowflake example; seed platform.md §6.2 adds description (U)",
  })),
  // Domains.
  {
    op: 'PATCH /domains/{}',
    fields: ['/environment_ids', '/users'],
    evidence:
      'seed platform.md §5.2: PATCH /domains/{id} lists name, description, secrets, "real clients also send environment_ids, users" (the POST documents both)',
  },
  {
    op: 'DELETE /domains/{}/accessible-sources',
    content: 'application/json',
    tree: { entity_ids: true },
    evidence:
      'contract quirk: no body nor query to name the sources to remove; the JSON {entity_ids} of the sibling POST, as the vendor SDK sends it (seed platform.md §5.2)',
  },
  // Users (the /users prefix exposes the same operations, seed platform.md §3.2).
  ...['POST /admin/users', 'PATCH /admin/users/{}', 'POST /users', 'PATCH /users/{}'].map((op) => ({
    op,
    fields: ['/profile/needs_password_reset'],
    evidence:
      'seed platform.md §3.1: the profile sub-object holds needs_password_reset (the SDK sends false); §3.2: POST takes profile{name, email, needs_password_reset}, PATCH the profile',
  })),
  // Generic source types.
  {
    op: 'POST /admin/generic-source-type/{}/files',
    query: ['file_name'],
    evidence:
      'contract quirk: a raw application/octet-stream body and no parameter at all, so no way to name the uploaded driver file',
  },
  // Sources.
  {
    op: 'POST /sources',
    fields: SOURCE_FIELDS,
    evidence: "seed ingestion.md §2.2: not in the spec, sent by the vendor SDK's CICD flows (K, R)",
  },
  {
    op: 'POST /sources',
    values: '/sub_type',
    add: ['fixedwidth', 'kafka', 'confluent_cloud', 'snowflake'],
    evidence:
      'seed ingestion.md §2.2: sub_type real extras fixedwidth, kafka, confluent_cloud, snowflake (S, K, R)',
  },
  {
    op: 'PATCH /sources/{}',
    fields: ['/data_lake_path', '/data_lake_schema', '/is_public', '/storage_id', ...SOURCE_FIELDS],
    evidence:
      "seed ingestion.md §2.1: the PATCH takes a partial source (the spec lists only name; the SDK also sends associated_domains); these are the source's own fields (§2.2), and GET /sources/{id} returns them",
  },
  // Tables.
  {
    op: 'POST /sources/{}/tables',
    content: 'application/json',
    tree: FILE_TABLE,
    evidence:
      "seed ingestion.md §5.5 (K, R): a CSV or fixed-width table is added with a JSON body (live answer 'Table Created Successfully'); vendor SDK source_client.add_table_and_file_mappings_for_csv POSTs that JSON. The contract's multipart body is the mainframe variant (§5.6: main_copybook required)",
  },
  {
    op: 'PUT /sources/{}/tables/{}/configurations/advance/{}',
    fields: [''],
    evidence:
      'contract quirk: the body is typed as an array of {key, value, entityId, entityType} while its only example is one object with description and isActive, and the sibling POST documents {key, value, description, is_active}: no one shape to hold it to',
  },
  {
    op: INGESTION,
    fields: [
      '/watermark_columns',
      '/natural_keys',
      '/target_catalog_name',
      '/staging_catalog_name',
      '/staging_schema_name',
      '/scd_type',
      '/scd1_columns',
      '/dedup_columns',
      '/target_table_type',
      '/sorting_columns',
      '/segmentation_status',
      '/detect_schema_change',
      '/schema_mismatch',
      '/custom_tags',
    ],
    evidence:
      'seed ingestion.md §7.2: real ingestion configuration fields (R, K; watermark_columns is the real key, the spec has watermark_column) beyond the contract, which spells out only Teradata and file variants',
  },
  {
    op: INGESTION,
    fields: [
      '/source_file_type',
      '/source_relative_path',
      '/target_relative_path',
      '/deltaLake_table_name',
      '/include_filename_regex',
      '/exclude_filename_regex',
      '/source_file_properties',
    ],
    evidence: 'seed ingestion.md §7.2, file sources row: the file keys of the configuration (S, R)',
  },
  {
    op: INGESTION,
    fields: ['/partition_keys/*/derive_function'],
    evidence: 'seed ingestion.md §7.3: a real derived partition key carries derive_function (K, U)',
  },
  {
    op: INGESTION,
    values: '/sync_type',
    add: ['incremental'],
    evidence: 'seed ingestion.md §7.2: sync_type real values are full-load and incremental (R, K)',
  },
  {
    op: INGESTION,
    values: '/storage_format',
    add: ['delta', 'parquet', 'orc', 'csv'],
    evidence:
      'seed ingestion.md §7.2: storage_format real delta (the default on Snowflake and Databricks), parquet, orc, csv',
  },
  ...['/read_supported_engines', '/write_supported_engines'].map((values) => ({
    op: INGESTION,
    values,
    add: ['SNOWFLAKE', 'SPARK'],
    evidence:
      'seed ingestion.md §7.2: read/write_supported_engines real ["SNOWFLAKE","SPARK"] (the spec enum is storage formats)',
  })),
  {
    op: EXPORT,
    fields: ['/target_configuration/database_name'],
    evidence: "contract quirk: the operation's own example sends target_configuration.database_name",
  },
  {
    op: EXPORT,
    fields: [
      '/columns/*/original_name',
      '/target_configuration/is_existing_table',
      '/target_configuration/target_table_type',
      '/target_configuration/partition_type',
      '/target_configuration/indexing_column',
      '/target_configuration/is_unique_index',
      '/connection/export_type',
      '/connection/warehouse',
      '/connection/additional_params',
      '/connection/server_name',
    ],
    evidence:
      "seed ingestion.md §9: columns[] examples add original_name; the contract's Teradata example uses these target_configuration fields; the connection union is discriminated by export_type and its examples add warehouse, additional_params, server_name",
  },
  {
    op: EXPORT,
    fields: ['/connection/data_connection_id'],
    evidence:
      'seed ingestion.md §9: utilities send connection {"data_connection_id": …}, a reference to an admin data connection; platform.md §6.2 (U)',
  },
  // File mappings.
  {
    op: 'POST /sources/{}/file-mappings',
    fields: [
      '/source_relative_path',
      '/record_scope',
      '/include_subdirectories',
      '/character_encoding',
      '/include_filename_regex',
      '/exclude_filename_regex',
    ],
    evidence: 'seed ingestion.md §17: the vendor SDK docstring puts the configuration keys at top level',
  },
  // Table groups (seed ingestion.md §13: the TG object and the bodies that carry it).
  ...['POST /sources/{}/table-groups', TABLE_GROUP].map((op) => ({
    op,
    fields: ['/warehouse'],
    evidence: 'seed ingestion.md §13: warehouse, the Snowflake warehouse of a table group (R)',
  })),
  {
    op: 'POST /sources/{}/table-groups',
    fields: ['/query_tag'],
    evidence:
      'seed ingestion.md §13: query_tag is a field of the TG object the create and update bodies carry (the spec shows it on PUT only)',
  },
  {
    op: TABLE_GROUP,
    fields: ['/scheduler_username', '/scheduler_auth_token'],
    evidence:
      'seed ingestion.md §13: the schedule owner, set via PUT (K); vendor SDK source_client re-sends the group with scheduler_username and scheduler_auth_token',
  },
  {
    op: TABLE_GROUP,
    fields: [
      '/id',
      '/source',
      '/compute_cluster_name',
      '/created_at',
      '/created_by',
      '/modified_at',
      '/modified_by',
      '/tables/*/sync_type',
      '/tables/*/state',
      '/tables/*/schema_name_at_source',
    ],
    evidence:
      'seed ingestion.md §13: PUT is a full replace and the vendor SDK re-sends the GET document, server fields included',
  },
];
