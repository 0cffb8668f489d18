// The operations the published contract lacks that another reference documents, each with its
// evidence: the seed's endpoint tables (platform.md and ingestion.md of the API reference, each row
// carrying its evidence tags: vendor SDK, captured responses, utilities) and the vendor's Python
// SDK (the repository and commit docs/coverage.md names: what it really sends).
// Hand-kept: an operation lands here only with the row or function that shows it.
import type { FieldTree, ReferenceOperation } from './field-tree.js';

/** The paging parameters of a list (seed platform.md §1.3). */
export const PAGING = ['limit', 'offset', 'sort_by', 'order_by', 'filter'];

const ADVANCED_CONFIGURATION: FieldTree = {
  key: true,
  value: true,
  description: true,
  is_active: true,
};

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
